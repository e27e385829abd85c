import { useRef, useState, type FormEvent } from 'react'
import { messages } from '@shared/messages'
import { checkPasswordChange, type PasswordChangeFields } from '@shared/validation'
import { useFocusProblem } from '@/shared/lib/focus-problem'
import { errorMessage, MagpieError } from '@/shared/lib/ipc'
import form from '@/shared/ui/form.module.css'
import { PasswordInput } from '@/shared/ui/PasswordInput'
import { toast } from '@/shared/ui/toast'
import { useChangePassword } from '../api/change-password'
import styles from './AccountSection.module.css'

type Field = keyof PasswordChangeFields

const fields: { name: Field; label: string; autoComplete: string }[] = [
  { name: 'currentPassword', label: messages.currentPasswordLabel, autoComplete: 'current-password' },
  { name: 'newPassword', label: messages.newPasswordLabel, autoComplete: 'new-password' },
  { name: 'newPasswordConfirm', label: messages.newPasswordConfirmLabel, autoComplete: 'new-password' }
]

const empty: PasswordChangeFields = { currentPassword: '', newPassword: '', newPasswordConfirm: '' }

/**
 * 설정 → 계정 → 비밀번호 바꾸기: the sign-up's rules as the person types, main's answer (a wrong
 * current password) on its field; done, the form empties and `onDone` closes it.
 */
export function ChangePasswordForm({ id, onDone }: { id: string; onDone: () => void }) {
  const change = useChangePassword()
  const [values, setValues] = useState<PasswordChangeFields>(empty)
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({})
  const [serverError, setServerError] = useState<{ field?: string; message: string } | null>(null)
  const ref = useRef<HTMLFormElement>(null)
  const focusProblem = useFocusProblem(ref)

  const problems = checkPasswordChange(values)
  const messageFor = (field: Field): string | null => {
    if (serverError?.field === field) return serverError.message
    const key = problems[field]
    return touched[field] && key ? messages[key] : null
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (change.isPending) return
    setTouched({ currentPassword: true, newPassword: true, newPasswordConfirm: true })
    setServerError(null)
    if (Object.keys(problems).length > 0) return focusProblem()
    change.mutateAsync(values).then(
      () => {
        toast.success(messages.passwordChanged)
        onDone()
      },
      (error: unknown) => {
        setServerError({ field: error instanceof MagpieError ? error.field : undefined, message: errorMessage(error) })
        focusProblem()
      }
    )
  }

  return (
    <form id={id} ref={ref} className={styles.form} onSubmit={submit} noValidate aria-label={messages.changePassword}>
      <p id={`${id}-hint`} className={styles.hint}>
        {messages.changePasswordHint}
      </p>
      {serverError && !serverError.field && (
        <p className={form.formError} role="alert">
          {serverError.message}
        </p>
      )}
      {fields.map(({ name, label, autoComplete }) => {
        const problem = messageFor(name)
        return (
          <div key={name} className={form.field}>
            <label className={form.label} htmlFor={`${id}-${name}`}>
              {label}
            </label>
            <PasswordInput
              id={`${id}-${name}`}
              label={label}
              name={name}
              autoComplete={autoComplete}
              value={values[name]}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${id}-${name}-error` : undefined}
              onChange={(e) => {
                const value = e.target.value
                setValues((v) => ({ ...v, [name]: value }))
                setTouched((t) => ({ ...t, [name]: true }))
                if (serverError?.field === name) setServerError(null)
              }}
            />
            {problem && (
              <p id={`${id}-${name}-error`} className={form.error} role="alert">
                {problem}
              </p>
            )}
          </div>
        )
      })}
      <button type="submit" className={form.primary} aria-describedby={`${id}-hint`}>
        {messages.changePasswordSubmit}
      </button>
    </form>
  )
}
