import { format, messages } from '@shared/messages'
import type { ModerationLogEntry } from '@shared/types'
import { RelativeTime } from '@/shared/ui/RelativeTime'
import styles from './ReportsPage.module.css'

/** 처리 기록: who removed whose what, when, and why (nicknames only). */
export function ModerationLog({ entries }: { entries: ModerationLogEntry[] }) {
  if (entries.length === 0) return <p className={styles.empty}>{messages.noModerationLog}</p>
  return (
    <ul className={styles.list}>
      {entries.map((entry) => (
        <li key={entry.id} className={styles.row}>
          <p className={styles.meta}>
            <span>{format.moderationLogLine(entry.moderator, entry.author, entry.kind === 'post' ? '게시글' : '댓글')}</span>
            <RelativeTime at={entry.createdAt} />
          </p>
          {entry.excerpt && <p className={styles.excerpt}>“{entry.excerpt}”</p>}
          <p className={styles.reasonLine}>{format.removalReason(entry.reason)}</p>
        </li>
      ))}
    </ul>
  )
}
