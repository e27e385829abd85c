import { format, messages } from '@shared/messages'
import { errorMessage } from '@/shared/lib/ipc'
import { useCurrentUser } from '@/shared/lib/session'
import { toast } from '@/shared/ui/toast'
import { useDismissNotice, useNotices } from '../api/moderation'
import styles from './RemovalNotices.module.css'

const word = (kind: 'post' | 'comment') => (kind === 'post' ? messages.reportedPost : messages.reportedComment) as '게시글' | '댓글'

/**
 * 운영 알림 (docs/decisions/030-reports-and-moderators.md): what a moderator removed of the
 * signed-in person's, and why, until they press 확인. Never who reported it.
 */
export function RemovalNotices() {
  const user = useCurrentUser()
  const notices = useNotices(user?.id ?? null)
  const dismiss = useDismissNotice(user?.id ?? null)
  if (!user || !notices.data?.length) return null
  return (
    <section className={styles.notices} aria-labelledby="removal-notices-heading">
      <h2 id="removal-notices-heading" className={styles.heading}>
        {messages.noticesHeading}
      </h2>
      <ul className={styles.list}>
        {notices.data.map((notice) => (
          <li key={notice.id} className={styles.notice}>
            <p className={styles.what}>
              <strong>{format.noticeRemoved(word(notice.kind))}</strong>
              {notice.excerpt && <span className={styles.excerpt}>“{notice.excerpt}”</span>}
              <span>{format.removalReason(notice.reason)}</span>
            </p>
            <button type="button" className={styles.ok} onClick={() => dismiss.mutate(notice.id, { onError: (error) => toast.error(errorMessage(error)) })}>
              {messages.noticeDismiss}
            </button>
          </li>
        ))}
      </ul>
    </section>
  )
}
