import { NavLink } from 'react-router-dom'
import { messages } from '@shared/messages'
import styles from './SavedLink.module.css'

/** The top bar's way to 저장한 글: a bookmark with its name, the name alone read where a narrow window hides it. */
export function SavedLink() {
  return (
    <NavLink to="/saved" className={styles.link} data-testid="saved-link">
      <svg viewBox="0 0 24 24" aria-hidden="true">
        <path d="M6.5 3.5h11a1 1 0 0 1 1 1v16l-6.5-4.5-6.5 4.5v-16a1 1 0 0 1 1-1Z" />
      </svg>
      <span className={styles.label}>{messages.savedPage}</span>
    </NavLink>
  )
}
