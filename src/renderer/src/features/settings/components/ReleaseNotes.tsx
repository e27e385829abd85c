import { messages } from '@shared/messages'
import styles from './ReleaseNotes.module.css'

/**
 * What the new version changes, behind a disclosure. Main already made the notes plain text;
 * they are shown as text all the same (React escapes them), never parsed as HTML: a release's
 * notes are not ours to trust. Line breaks are kept by CSS (pre-line).
 */
export function ReleaseNotes({ notes }: { notes: string }) {
  if (notes.trim() === '') return null
  return (
    <details className={styles.notes}>
      <summary className={styles.summary}>
        {messages.updateNotes}
        <svg className={styles.chevron} viewBox="0 0 24 24" aria-hidden="true">
          <path d="m6 9 6 6 6-6" />
        </svg>
      </summary>
      <p className={styles.text} data-testid="release-notes">
        {notes}
      </p>
    </details>
  )
}
