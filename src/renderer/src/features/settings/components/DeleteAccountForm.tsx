import { useId, useRef, useState, type FormEvent } from 'react'
import { messages } from '@shared/messages'
import { useFocusProblem } from '@/shared/lib/focus-problem'
import { errorMessage } from '@/shared/lib/ipc'
import { useConfirm } from '@/shared/ui/ConfirmProvider'
import form from '@/shared/ui/form.module.css'
import { PasswordInput } from '@/shared/ui/PasswordInput'
import { toast } from '@/shared/ui/toast'
import { useDeleteAccount } from '../api/delete-account'
import styles from './AccountSection.module.css'

/**
 * 회원 탈퇴's password, in 설정 → 계정 (`confirm`: a last question before it starts) and in the
 * banner of a deletion that waits for the password again. `onDone` hears whether it is finished.
 */
export function DeleteAccountForm({ hint, submit: submitLabel, confirm: ask, onDone }: { hint: string; submit: string; confirm: boolean; onDone: (finished: boolean) => void }) {
  const id = useId()
  const remove = useDeleteAccount()
  const confirm = useConfirm()
  const [password, setPassword] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const ref = useRef<HTMLFormElement>(null)
  const focusProblem = useFocusProblem(ref)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (remove.isPending) return
    setProblem(null)
    if (password.length === 0) {
      setProblem(messages.currentPasswordRequired)
      return focusProblem()
    }
    if (ask && !(await confirm(messages.confirmDeleteAccount, messages.deleteAccountSubmit))) return
    remove.mutateAsync(password).then(
      (session) => {
        const finished = !session.accountDeletion
        if (finished) toast.success(messages.accountDeleted)
        onDone(finished)
      },
      (error: unknown) => {
        setProblem(errorMessage(error))
        focusProblem()
      }
    )
  }

  return (
    <form ref={ref} className={styles.form} onSubmit={(event) => void submit(event)} noValidate aria-label={submitLabel} data-testid="delete-account-form">
      <p id={`${id}-hint`} className={styles.hint}>
        {hint}
      </p>
      <div className={form.field}>
        <label className={form.label} htmlFor={`${id}-password`}>
          {messages.deleteAccountPassword}
        </label>
        <PasswordInput
          id={`${id}-password`}
          label={messages.deleteAccountPassword}
          name="password"
          autoComplete="current-password"
          value={password}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-error` : `${id}-hint`}
          onChange={(e) => {
            setPassword(e.target.value)
            setProblem(null)
          }}
        />
        {problem && (
          <p id={`${id}-error`} className={form.error} role="alert">
            {problem}
          </p>
        )}
      </div>
      <button type="submit" className={styles.danger}>
        {submitLabel}
      </button>
    </form>
  )
}
