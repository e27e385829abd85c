import { useId, useState, type FormEvent } from 'react'
import { Link } from 'react-router-dom'
import { limits } from '@shared/limits'
import { format, messages } from '@shared/messages'
import type { ReportGroup } from '@shared/types'
import { errorMessage } from '@/shared/lib/ipc'
import { postPath } from '@/shared/lib/post-path'
import { CharCounter } from '@/shared/ui/CharCounter'
import { RelativeTime } from '@/shared/ui/RelativeTime'
import { toast } from '@/shared/ui/toast'
import { useResolveReport } from '../api/moderation'
import { reasonLabel } from '@shared/report-reasons'
import styles from './ReportsPage.module.css'

/** Where the focus goes once a row has left the list: the page's heading. */
const focusHeading = () => {
  const heading = document.querySelector<HTMLElement>('main h1')
  heading?.setAttribute('tabindex', '-1')
  heading?.focus()
}

/** One reported post or comment: what it says, whose it is, why and how often it was reported; 삭제 (with a reason) and 문제없음. */
export function ReportRow({ group }: { group: ReportGroup }) {
  const [removing, setRemoving] = useState(false)
  const [reason, setReason] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const resolve = useResolveReport()
  const reasonId = useId()
  const kindWord = group.kind === 'post' ? messages.reportedPost : messages.reportedComment

  const run = (removal: string | null) =>
    resolve.mutate(
      { kind: group.kind, targetId: group.targetId, reason: removal },
      {
        onSuccess: () => {
          toast.success(removal === null ? messages.reportsDismissed : messages.removedByModerator)
          focusHeading()
        },
        onError: (error) => (removal === null ? toast.error(errorMessage(error)) : setProblem(errorMessage(error)))
      }
    )
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!reason.trim()) return setProblem(messages.removalReasonRequired)
    run(reason)
  }

  return (
    <li className={styles.row}>
      <article aria-label={`${kindWord} ${format.reportCount(group.count)}`}>
        <p className={styles.meta}>
          <span className={styles.kind}>{kindWord}</span>
          <span>{format.reportCount(group.count)}</span>
          {group.author && <span>{format.reportedBy(group.author.nickname)}</span>}
          <RelativeTime at={group.latestAt} />
        </p>
        {group.excerpt ? (
          <p className={styles.excerpt}>{group.postId ? <Link to={postPath(group.postId)}>{group.excerpt}</Link> : group.excerpt}</p>
        ) : (
          <p className={styles.excerpt}>{messages.reportGone}</p>
        )}
        <ul className={styles.reasons} aria-label={messages.reportReasonLabel}>
          {group.reasons.map((r) => (
            <li key={r.reason}>
              {reasonLabel[r.reason]} · {r.count}
            </li>
          ))}
        </ul>
        {group.notes.length > 0 && (
          <ul className={styles.notes}>
            {group.notes.map((note, i) => (
              <li key={i}>{note}</li>
            ))}
          </ul>
        )}
        {removing ? (
          <form className={styles.removal} onSubmit={submit} noValidate>
            <label htmlFor={reasonId}>{messages.removalReasonLabel}</label>
            <textarea id={reasonId} rows={2} value={reason} onChange={(event) => setReason(event.target.value)} className={styles.reasonBox} autoFocus />
            <CharCounter text={reason} max={limits.removalReasonMax} />
            {problem && (
              <p role="alert" className={styles.problem}>
                {problem}
              </p>
            )}
            <div className={styles.actions}>
              <button type="button" className={styles.secondary} onClick={() => setRemoving(false)}>
                {messages.cancel}
              </button>
              <button type="submit" className={styles.danger} disabled={resolve.isPending}>
                {messages.removeReported}
              </button>
            </div>
          </form>
        ) : (
          <div className={styles.actions}>
            <button type="button" className={styles.secondary} onClick={() => run(null)} disabled={resolve.isPending}>
              {messages.dismissReports}
            </button>
            <button type="button" className={styles.danger} onClick={() => setRemoving(true)} disabled={group.excerpt === ''}>
              {messages.removeReported}
            </button>
          </div>
        )}
      </article>
    </li>
  )
}
