import { messages } from '@shared/messages'
import { errorMessage } from '@/shared/lib/ipc'
import styles from './ErrorState.module.css'

/** A load that failed: main's Korean message (or the generic one) and a button to try again. */
export function ErrorState({ error, onRetry, busy = false, compact = false }: { error: unknown; onRetry: () => void; busy?: boolean; compact?: boolean }) {
  return (
    <div className={`${styles.box} ${compact ? styles.compact : ''}`} role="alert">
      <p className={styles.message}>{errorMessage(error)}</p>
      <button type="button" className={styles.retry} onClick={onRetry} disabled={busy}>
        {messages.retry}
      </button>
    </div>
  )
}
