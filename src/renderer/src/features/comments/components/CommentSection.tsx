import { useState, type FormEvent } from 'react'
import { Link } from 'react-router-dom'
import { toast } from '@/shared/ui/toast'
import { formatDateTime } from '@shared/format'
import { limits } from '@shared/limits'
import { messages, type MessageKey } from '@shared/messages'
import { checkComment } from '@shared/validation'
import { errorMessage } from '@/shared/lib/ipc'
import { useCurrentUser } from '@/shared/lib/session'
import { Avatar } from '@/shared/ui/Avatar'
import { useConfirm } from '@/shared/ui/ConfirmProvider'
import { ErrorState } from '@/shared/ui/ErrorState'
import { Spinner } from '@/shared/ui/LoadingOverlay'
import { useAddComment } from '../api/add-comment'
import { useComments } from '../api/get-comments'
import { useDeleteComment } from '../api/delete-comment'
import { useCommentDraft } from '../stores/comment-drafts'
import styles from './CommentSection.module.css'

export function CommentSection({ postId }: { postId: string }) {
  const user = useCurrentUser()
  const comments = useComments(postId)
  const add = useAddComment(postId)
  const remove = useDeleteComment()
  const confirm = useConfirm()
  // Kept beyond this screen: asked to log in first, the reader comes back to what they typed.
  const [text, setText] = useCommentDraft(postId, user?.id ?? null)
  const [problem, setProblem] = useState<MessageKey | null>(null)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!user) {
      toast(messages.loginFirstComment)
      return
    }
    const check = checkComment(text)
    setProblem(check)
    if (check) return
    // Awaited rather than mutate's callbacks, which skip a screen already left: a sent
    // comment's draft must go even then, or it would come back to be sent twice.
    add.mutateAsync(text).then(
      () => {
        setText('')
        toast.success(messages.commentAdded)
      },
      // The text stays in the box so nothing typed is lost.
      (error: unknown) => toast.error(errorMessage(error))
    )
  }

  const removeComment = async (id: string) => {
    if (!(await confirm(messages.confirmDeleteComment, messages.deleteOne))) return
    remove.mutate(id, {
      onSuccess: () => toast.success(messages.commentDeleted),
      onError: (error) => toast.error(errorMessage(error))
    })
  }

  const list = comments.data?.pages.flatMap((page) => page.comments) ?? []

  return (
    <section className={styles.section} aria-labelledby="comments-title">
      <h2 id="comments-title" className={styles.title}>
        {messages.comment}
      </h2>
      <form className={styles.box} onSubmit={submit} noValidate>
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
            className={styles.input}
            value={text}
            rows={2}
            maxLength={limits.commentMax * 2}
            placeholder={messages.commentPlaceholder}
            aria-label={messages.commentPlaceholder}
            aria-invalid={problem ? true : undefined}
            onChange={(e) => {
              setText(e.target.value)
              if (problem) setProblem(checkComment(e.target.value))
            }}
          />
          <button type="submit" className={styles.submit} disabled={add.isPending}>
            {messages.commentSubmit}
          </button>
        </div>
        {problem && (
          <p className={styles.error} role="alert">
            {messages[problem]}
          </p>
        )}
      </form>

      {comments.isPending ? (
        <Spinner />
      ) : comments.isError && !comments.data ? (
        <ErrorState compact error={comments.error} onRetry={() => void comments.refetch()} busy={comments.isFetching} />
      ) : (
        <ol className={styles.list}>
          {list.map((comment) => (
            <li key={comment.id} className={styles.comment} data-testid="comment">
              <Avatar person={comment.author} size={32} />
              <div className={styles.commentBody}>
                <div className={styles.meta}>
                  <span className={styles.nickname}>{comment.author.nickname}</span>
                  <time className={styles.time} dateTime={new Date(comment.createdAt).toISOString()}>
                    {formatDateTime(comment.createdAt)}
                  </time>
                </div>
                <p className={styles.text}>{comment.text}</p>
              </div>
              {comment.mine && (
                <button
                  type="button"
                  className={styles.delete}
                  aria-label={`${messages.comment} ${messages.deleteOne}`}
                  onClick={() => void removeComment(comment.id)}
                >
                  ×
                </button>
              )}
            </li>
          ))}
        </ol>
      )}
      {comments.isFetchNextPageError ? (
        <ErrorState compact error={comments.error} onRetry={() => void comments.fetchNextPage()} busy={comments.isFetchingNextPage} />
      ) : (
        comments.hasNextPage && (
          <button type="button" className={styles.more} onClick={() => void comments.fetchNextPage()} disabled={comments.isFetchingNextPage}>
            {messages.moreComments}
          </button>
        )
      )}
    </section>
  )
}
