import { Fragment } from 'react'
import { Link } from 'react-router-dom'
import { format } from '@shared/messages'
import { textParts } from '@shared/search-text'
import { call } from '../lib/ipc'
import styles from './LinkedText.module.css'

/**
 * Someone's text with its hashtags as links to their page and its web links as links that open in
 * the system browser, shown as their host (the whole address in the tooltip). Text nodes and
 * elements React builds, never HTML. Main checks a link again before it leaves (app:openLink).
 */
export function LinkedText({ text }: { text: string }) {
  return textParts(text).map((part, i) =>
    part.kind === 'text' ? (
      <Fragment key={i}>{part.text}</Fragment>
    ) : part.kind === 'tag' ? (
      <Link key={i} className={styles.tag} to={`/tags/${encodeURIComponent(part.tag)}`}>
        {part.text}
      </Link>
    ) : (
      <a
        key={i}
        className={styles.link}
        href={part.url}
        title={part.url}
        aria-label={format.externalLink(part.host)}
        onClick={(event) => {
          event.preventDefault()
          call('app:openLink', { url: part.url }).catch(() => undefined)
        }}
      >
        {part.host}
        <span aria-hidden="true"> ↗</span>
      </a>
    )
  )
}
