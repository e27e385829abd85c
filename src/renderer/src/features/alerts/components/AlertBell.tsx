import { Link } from 'react-router-dom'
import { format, messages } from '@shared/messages'
import { useAlerts } from '../api/get-alerts'
import styles from './AlertBell.module.css'

/** The top bar's alert button with the live unread count; the badge hides at 0 (docs/specification.md §2.2, decision 014). */
export function AlertBell() {
  const count = useAlerts().data?.unseen ?? 0
  // Named with the words it shows (WCAG 2.5.3), also when a narrow window hides 알림.
  return (
    <Link to="/myalert" className={styles.bell} aria-label={count > 0 ? format.alertBell(count) : messages.alerts}>
      <svg viewBox="0 0 24 24" aria-hidden="true">
        <path d="M12 3a6 6 0 0 0-6 6v3.6L4.4 15.5A1 1 0 0 0 5.3 17h13.4a1 1 0 0 0 .9-1.5L18 12.6V9a6 6 0 0 0-6-6Z" />
        <path d="M9.5 19a2.5 2.5 0 0 0 5 0" />
      </svg>
      <span className={styles.label}>{messages.alerts}</span>
      {/* A space between the words, so 알림 and the count read as two, on screen and in the name. */}
      {count > 0 && ' '}
      {count > 0 && (
        <span className={styles.badge} data-testid="alert-badge">
          {format.alertBadge(count)}
        </span>
      )}
    </Link>
  )
}
