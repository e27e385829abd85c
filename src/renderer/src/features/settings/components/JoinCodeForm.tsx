import { useId, useState, type FormEvent } from 'react'
import { messages } from '@shared/messages'
import { errorMessage } from '@/shared/lib/ipc'
import form from '@/shared/ui/form.module.css'
import { toast } from '@/shared/ui/toast'
import { useRedeemCode } from '../api/invitation'

/**
 * 초대 코드로 가입 (docs/decisions/047-invitation-codes.md): for a signed-in non-member, e.g. on
 * the 가입 요청 page, which the app composes it into. Takes the code or the whole link; main finds
 * the code, checks it against this community and answers each failure in its own words.
 */
export function JoinCodeForm({ onJoined }: { onJoined?: () => void }) {
  const redeem = useRedeemCode()
  const [code, setCode] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const id = useId()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setProblem(null)
    redeem.mutate(code, {
      onSuccess: () => {
        setCode('')
        toast.success(messages.joinCodeJoined)
        onJoined?.()
      },
      onError: (error) => setProblem(errorMessage(error))
    })
  }
  return (
    <form onSubmit={submit} noValidate aria-labelledby={`${id}-title`} aria-busy={redeem.isPending} data-testid="join-code-form">
      <h2 id={`${id}-title`} className={form.subtitle}>
        {messages.joinCodeFormTitle}
      </h2>
      <div className={form.field}>
        <label htmlFor={`${id}-code`} className={form.label}>
          {messages.joinCodeFormLabel}
        </label>
        <input
          id={`${id}-code`}
          className={form.input}
          value={code}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => setCode(event.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-hint ${id}-problem` : `${id}-hint`}
        />
        <p id={`${id}-hint`} className={form.subtitle}>
          {messages.joinCodeFormHint}
        </p>
        {problem && (
          <p id={`${id}-problem`} role="alert" className={form.error}>
            {problem}
          </p>
        )}
      </div>
      <button type="submit" className={form.primary} disabled={redeem.isPending}>
        {messages.joinCodeJoin}
      </button>
    </form>
  )
}
