import { accessFormat } from '@shared/messages/access'
import { usePendingJoins } from '../api/access'
import styles from './JoinRequestsBadge.module.css'

/** How many 가입 요청 wait, beside the way to the moderators' page; nothing at 0. */
export function JoinRequestsBadge() {
  const pending = usePendingJoins(true)
  const count = pending.data?.count ?? 0
  if (count === 0) return null
  return (
    <span className={styles.badge} data-testid="join-badge">
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="visually-hidden">{accessFormat.joinRequestsCount(count)}</span>
    </span>
  )
}
