import { useNavigate } from 'react-router-dom'
import { toast } from '@/shared/ui/toast'
import { messages } from '@shared/messages'
import { useCurrentUser } from '@/shared/lib/session'
import styles from './WriteButton.module.css'

/** The menu's 새 게시글 (CmdOrCtrl+N in main's menu), said on the button for assistive technology. */
const shortcut = /Mac/.test(navigator.platform) ? 'Meta+N' : 'Control+N'

/** The floating write button: the editor when signed in, loginFirstWrite when not (docs/specification.md §2.4). */
export function WriteButton() {
  const user = useCurrentUser()
  const navigate = useNavigate()
  return (
    <button
      type="button"
      className={styles.fab}
      aria-label={messages.write}
      aria-keyshortcuts={shortcut}
      onClick={() => (user ? navigate('/write/new') : toast(messages.loginFirstWrite))}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true">
        <path d="M12 5v14M5 12h14" />
      </svg>
      <span>{messages.write}</span>
    </button>
  )
}
