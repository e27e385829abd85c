import { useEffect, useRef } from 'react'
import { format, messages } from '@shared/messages'
import styles from './FindBar.module.css'

interface Props {
  query: string
  /** The current match, from 1; 0 when there is none. */
  at: number
  count: number
  onQuery: (query: string) => void
  onMove: (step: 1 | -1) => void
  onClose: () => void
}

/** Find in the posts loaded so far: Enter and Shift+Enter move between matches, Escape closes. */
export function FindBar({ query, at, count, onQuery, onMove, onClose }: Props) {
  const input = useRef<HTMLInputElement>(null)
  useEffect(() => {
    input.current?.focus()
    input.current?.select()
  }, [])
  return (
    <div className={styles.bar} role="search">
      <input
        ref={input}
        className={styles.input}
        type="search"
        // A query, not prose: no spelling marks (the editor and comments are checked).
        spellCheck={false}
        data-find=""
        aria-label={messages.findInFeed}
        placeholder={messages.findInFeed}
        value={query}
        onChange={(event) => onQuery(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault()
            onMove(event.shiftKey ? -1 : 1)
          } else if (event.key === 'Escape') {
            event.preventDefault()
            onClose()
          }
        }}
      />
      <output className={styles.count} aria-live="polite" data-testid="find-count">
        {query.trim() ? (count > 0 ? format.findPosition(at, count) : messages.findNoResults) : ''}
      </output>
      <button type="button" className={styles.close} onClick={onClose} aria-label={messages.close}>
        ×
      </button>
    </div>
  )
}
