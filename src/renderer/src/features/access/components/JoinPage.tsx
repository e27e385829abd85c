import { useEffect, useLayoutEffect, useRef, useState, type FormEvent, type ReactNode } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { messages } from '@shared/messages'
import type { AccessView } from '@shared/types'
import { CharCounter } from '@/shared/ui/CharCounter'
import { RelativeTime } from '@/shared/ui/RelativeTime'
import { errorMessage } from '@/shared/lib/ipc'
import form from '@/shared/ui/form.module.css'
import { toast } from '@/shared/ui/toast'
import { useJoinRequest } from '../api/access'
import styles from './JoinPage.module.css'

const messageMax = 200

/**
 * A members-only community's door (docs/decisions/045-members-only.md), shown instead of every
 * screen to a signed-in person who is not a member: what this community is, a message for the
 * moderators and 가입 요청 보내기; then the request's state with 요청 취소. Approval comes live
 * (main's session:changed), and the feed opens in its place. `codeForm`: 초대 코드로 가입 (decision
 * 047), which the app composes in below the request; a redeemed code opens the feed the same way.
 */
export function JoinPage({ access, codeForm }: { access: AccessView; codeForm?: ReactNode }) {
  const client = useQueryClient()
  const { send, withdraw } = useJoinRequest()
  const [message, setMessage] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const main = useRef<HTMLElement>(null)
  const too = [...message.trim()].length > messageMax

  // Approved: what was read as a non-member (nothing) is read again for the feed that opens.
  useEffect(() => () => void client.invalidateQueries({ predicate: (query) => ['posts', 'comments', 'people'].includes(String(query.queryKey[0])) }), [client])
  // The page goes away under the keyboard (approved): the focus goes to the top bar, not to the body.
  useLayoutEffect(() => {
    const element = main.current
    return () => {
      if (!element?.contains(document.activeElement)) return
      queueMicrotask(() => document.querySelector<HTMLElement>('header a[href]')?.focus())
    }
  }, [])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (send.isPending || too) return
    setProblem(null)
    send.mutate(message, { onError: (error) => setProblem(errorMessage(error)) })
  }

  return (
    <main ref={main} className={form.page}>
      <section className={form.card} aria-labelledby="join-title">
        <p className={styles.kicker}>{messages.joinKicker}</p>
        <h1 id="join-title" className={form.title}>
          {messages.joinTitle}
        </h1>
        <p className={form.subtitle}>{messages.joinLede}</p>
        {access.removed && !access.request && (
          <p className={styles.removed} role="status">
            {messages.joinRemoved}
          </p>
        )}
        {problem && (
          <p className={form.formError} role="alert">
            {problem}
          </p>
        )}
        {access.request ? (
          <div role="status">
            <p className={styles.sent}>{messages.joinSent}</p>
            <p className={styles.hint}>
              <RelativeTime at={access.request.at} />
            </p>
            <p className={form.switch}>
              <button
                type="button"
                className={form.linkButton}
                disabled={withdraw.isPending}
                onClick={() =>
                  withdraw.mutate(undefined, {
                    onSuccess: () => toast.success(messages.joinWithdrawn),
                    onError: (error) => setProblem(errorMessage(error))
                  })
                }
              >
                {messages.joinWithdraw}
              </button>
            </p>
          </div>
        ) : (
          <form onSubmit={submit} noValidate>
            <div className={form.field}>
              <label className={form.label} htmlFor="join-message">
                {messages.joinMessageLabel}
              </label>
              <textarea
                id="join-message"
                className={styles.message}
                value={message}
                aria-invalid={too ? true : undefined}
                aria-describedby={['join-hint', 'join-counter', too && 'join-error'].filter(Boolean).join(' ')}
                onChange={(e) => setMessage(e.target.value)}
              />
              <p id="join-hint" className={styles.hint}>
                {messages.joinMessageHint}
              </p>
              {too && (
                <p id="join-error" className={form.error} role="alert">
                  {messages.joinMessageTooLong}
                </p>
              )}
              <div className={form.counterRow}>
                <CharCounter id="join-counter" text={message.trim()} max={messageMax} />
              </div>
            </div>
            <button className={form.primary} type="submit" disabled={send.isPending}>
              {messages.joinSend}
            </button>
          </form>
        )}
        {codeForm && <div className={styles.codeForm}>{codeForm}</div>}
      </section>
    </main>
  )
}
