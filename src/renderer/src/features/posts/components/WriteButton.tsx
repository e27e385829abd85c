import { Link, useNavigate } from 'react-router-dom'
import { toast } from '@/shared/ui/toast'
import { format, messages } from '@shared/messages'
import { useCurrentUser } from '@/shared/lib/session'
import { useDrafts } from '../api/drafts'
import styles from './WriteButton.module.css'

/** The menu's 새 게시글 (CmdOrCtrl+N in main's menu), said on the button for assistive technology. */
const shortcut = /Mac/.test(navigator.platform) ? 'Meta+N' : 'Control+N'

/**
 * The floating write button: the editor when signed in, loginFirstWrite when not (docs/specification.md §2.4).
 * Beside it, while the person has any, a link to their 임시 저장한 글 with the count, so drafts are found.
 */
export function WriteButton() {
  const user = useCurrentUser()
  const navigate = useNavigate()
  const drafts = useDrafts(user !== null)
  const count = user ? (drafts.data?.length ?? 0) : 0
  return (
    <div className={styles.write}>
      {count > 0 && (
        <Link to="/drafts" className={styles.drafts}>
          {format.draftsLink(count)}
        </Link>
      )}
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
    </div>
  )
}
