import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react'
import { Link } from 'react-router-dom'
import { limits } from '@shared/limits'
import { messages, type MessageKey } from '@shared/messages'
import { checkComment } from '@shared/validation'
import { errorMessage } from '@/shared/lib/ipc'
import { useCurrentUser } from '@/shared/lib/session'
import { Avatar } from '@/shared/ui/Avatar'
import { CharCounter } from '@/shared/ui/CharCounter'
import { toast } from '@/shared/ui/toast'
import { useAddComment } from '../api/add-comment'
import { useCommentDraft } from '../stores/comment-drafts'
import own from './CommentForm.module.css'
import styles from './CommentSection.module.css'

/**
 * Enter sends, Shift+Enter breaks the line — except while an IME is composing (a Hangul
 * syllable not yet finished): that Enter belongs to the IME, and sending then would post the
 * text without its last syllable (or post it twice). Chromium marks such keys isComposing,
 * and older paths keyCode 229.
 */
export function isSendKey(event: KeyboardEvent<HTMLTextAreaElement>): boolean {
  return event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing && event.keyCode !== 229
}

export function CommentForm({ postId }: { postId: string }) {
  const user = useCurrentUser()
  const add = useAddComment(postId)
  // Kept beyond this screen: asked to log in first, the reader comes back to what they typed.
  const [text, setText] = useCommentDraft(postId, user?.id ?? null)
  const [problem, setProblem] = useState<MessageKey | null>(null)
  const box = useRef<HTMLTextAreaElement>(null)
  const form = useRef<HTMLFormElement>(null)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!user) {
      toast(messages.loginFirstComment)
      return
    }
    if (add.isPending) return
    const check = checkComment(text)
    setProblem(check)
    if (check) return
    // Awaited rather than mutate's callbacks, which skip a screen already left: a sent
    // comment's draft must go even then, or it would come back to be sent twice.
    add.mutateAsync(text).then(
      () => {
        setText('')
        toast.success(messages.commentAdded)
        // Ready for the next comment, however this one was sent (the button takes focus).
        box.current?.focus()
      },
      // The text stays in the box so nothing typed is lost.
      (error: unknown) => toast.error(errorMessage(error))
    )
  }

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!isSendKey(event)) return
    event.preventDefault()
    form.current?.requestSubmit()
  }

  return (
    <form ref={form} className={styles.box} onSubmit={submit} noValidate>
      {user ? (
        <div className={styles.who}>
          <Avatar person={user} size={28} />
          <span>{user.nickname}</span>
        </div>
      ) : (
        <p className={styles.prompt}>
          {messages.commentLoginPrompt} <Link to="/login">{messages.login}</Link>
        </p>
      )}
      <div className={styles.row}>
        <textarea
          ref={box}
          className={styles.input}
          value={text}
          rows={2}
          maxLength={limits.commentMax * 2}
          placeholder={messages.commentPlaceholder}
          aria-label={messages.commentPlaceholder}
          aria-describedby="comment-counter"
          aria-invalid={problem ? true : undefined}
          onKeyDown={onKeyDown}
          onChange={(e) => {
            setText(e.target.value)
            if (problem) setProblem(checkComment(e.target.value))
          }}
        />
        <button type="submit" className={styles.submit} disabled={add.isPending}>
          {messages.commentSubmit}
        </button>
      </div>
      <div className={own.under}>
        {problem ? (
          <p className={styles.error} role="alert">
            {messages[problem]}
          </p>
        ) : (
          <span />
        )}
        <CharCounter id="comment-counter" text={text} max={limits.commentMax} />
      </div>
    </form>
  )
}
