import { messages } from '@shared/messages'
import { useConnectionUpdates, useSettings } from '../api/get-settings'
import styles from './OfflineBanner.module.css'

/**
 * Under the top bar while the community cannot be reached: what shows is the mirror on
 * this computer. Also where the app follows main's connection changes, as it is always mounted.
 */
export function OfflineBanner() {
  useConnectionUpdates()
  const status = useSettings().data?.status
  if (status?.mode !== 'community' || status.online) return null
  return (
    <div className={styles.banner} role="status" data-testid="offline-banner">
      <svg viewBox="0 0 24 24" aria-hidden="true">
        <path d="M3 3l18 18M8.5 8.7A8 8 0 0 0 4.6 11M2 8.3a13 13 0 0 1 4.2-2.6M10.7 5.1A13 13 0 0 1 22 8.3M17.4 11.2a8 8 0 0 0-2-1.5M8.2 14.5a5 5 0 0 1 6.5-.7M12 19h.01" />
      </svg>
      <span>{messages.offlineBanner}</span>
    </div>
  )
}
