import { useEffect, useRef } from 'react'
import { Link } from 'react-router-dom'
import { messages } from '@shared/messages'
import { copyText } from '@/shared/lib/clipboard'
import { toast } from '@/shared/ui/toast'
import styles from './KeptCommentDraft.module.css'

/**
 * The post was deleted (only its author can) while a comment on it was being typed: the page
 * says so and keeps the text, to copy elsewhere (docs/specification.md §4.8). The draft itself
 * stays kept, so coming back here shows it again.
 */
export function KeptCommentDraft({ text }: { text: string }) {
  // The comment box that had focus is gone with the post: the news takes it.
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])

  const copy = async () => {
    if (await copyText(text)) toast.success(messages.commentCopied)
    else toast.error(messages.commentCopyFailed)
  }

  return (
    <section className={styles.kept} aria-labelledby="kept-draft-title">
      <h1 id="kept-draft-title" ref={heading} tabIndex={-1} className={styles.title}>
        {messages.postDeletedWhileTyping}
      </h1>
      <p className={styles.note}>{messages.commentDraftKept}</p>
      <p className={styles.draft} data-testid="kept-comment">
        {text}
      </p>
      <div className={styles.actions}>
        <button type="button" className={styles.copy} onClick={() => void copy()}>
          {messages.copyComment}
        </button>
        <Link to="/" className={styles.home}>
          {messages.backToList}
        </Link>
      </div>
    </section>
  )
}
