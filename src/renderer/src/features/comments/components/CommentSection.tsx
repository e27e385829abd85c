import { useRef } from 'react'
import { messages } from '@shared/messages'
import { Avatar } from '@/shared/ui/Avatar'
import { useConfirm } from '@/shared/ui/ConfirmProvider'
import { ErrorState } from '@/shared/ui/ErrorState'
import { Spinner } from '@/shared/ui/LoadingOverlay'
import { RelativeTime } from '@/shared/ui/RelativeTime'
import { WindowedList } from '@/shared/ui/WindowedList'
import { useComments } from '../api/get-comments'
import { useDeleteComment } from '../api/delete-comment'
import { CommentForm } from './CommentForm'
import styles from './CommentSection.module.css'

export function CommentSection({ postId }: { postId: string }) {
  const comments = useComments(postId)
  const remove = useDeleteComment()
  const confirm = useConfirm()
  const section = useRef<HTMLElement>(null)

  // The deleted comment's × goes with it: the focus moves on to the comment box.
  const removeComment = async (id: string) => {
    if (!(await confirm(messages.confirmDeleteComment, messages.deleteOne, () => section.current?.querySelector('textarea')))) return
    remove.mutate(id)
  }

  const list = comments.data?.pages.flatMap((page) => page.comments) ?? []

  return (
    <section ref={section} className={styles.section} aria-labelledby="comments-title">
      <h2 id="comments-title" className={styles.title}>
        {messages.comment}
      </h2>
      <CommentForm postId={postId} />

      {comments.isPending ? (
        <Spinner />
      ) : comments.isError && !comments.data ? (
        <ErrorState compact error={comments.error} onRetry={() => void comments.refetch()} busy={comments.isFetching} />
      ) : (
        // Past a few hundred comments only those near the screen are in the document.
        <WindowedList
          className={styles.list}
          items={list}
          getKey={(comment) => comment.id}
          estimate={80}
          setSize={comments.hasNextPage ? -1 : list.length}
          renderItem={(comment, row) => (
            <li key={comment.id} {...row} className={styles.comment} data-testid="comment">
              <Avatar person={comment.author} size={32} />
              <div className={styles.commentBody}>
                <div className={styles.meta}>
                  <span className={styles.nickname}>{comment.author.nickname}</span>
                  <RelativeTime className={styles.time} at={comment.createdAt} />
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
          )}
        />
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
