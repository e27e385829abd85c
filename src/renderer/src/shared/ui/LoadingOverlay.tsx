import { messages } from '@shared/messages'
import styles from './LoadingOverlay.module.css'

/** Full-screen cover while the first data loads (docs/specification.md §2.3). */
export function LoadingOverlay() {
  return (
    <div className={styles.overlay} role="status" aria-live="polite" data-testid="loading-overlay">
      <div className={styles.mark} aria-hidden="true" />
      <span className={styles.label}>{messages.loading}</span>
    </div>
  )
}

export function Spinner({ label = messages.loading }: { label?: string }) {
  return (
    <div className={styles.inline} role="status">
      <span className={styles.spinner} aria-hidden="true" />
      <span>{label}</span>
    </div>
  )
}
