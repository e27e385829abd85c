import { useEffect, useRef } from 'react'
import { messages } from '@shared/messages'
import { PersonMenuSlot } from '@/shared/lib/person-menu'
import { useCommentsTarget } from '@/shared/lib/post-path'
import { PersonAvatarLink, PersonNameLink } from '@/shared/ui/PersonLink'
import { useConfirm } from '@/shared/ui/ConfirmProvider'
import { ErrorState } from '@/shared/ui/ErrorState'
import { Spinner } from '@/shared/ui/LoadingOverlay'
import { RelativeTime } from '@/shared/ui/RelativeTime'
import { WindowedList } from '@/shared/ui/WindowedList'
import { useComments } from '../api/get-comments'
import { useDeleteComment } from '../api/delete-comment'
import { LinkedText } from '@/shared/ui/LinkedText'
import { CommentForm } from './CommentForm'
import styles from './CommentSection.module.css'

/** How many pages of comments opening at one comment reads, looking for it, before it settles for the section. */
const targetPages = 10

export function CommentSection({ postId }: { postId: string }) {
  const comments = useComments(postId)
  const remove = useDeleteComment()
  const confirm = useConfirm()
  const section = useRef<HTMLElement>(null)
  const target = useCommentsTarget()
  const title = useRef<HTMLHeadingElement>(null)
  const landed = useRef(false)

  // The deleted comment's × goes with it: the focus moves on to the comment box.
  const removeComment = async (id: string) => {
    if (!(await confirm(messages.confirmDeleteComment, messages.deleteOne, () => section.current?.querySelector('textarea')))) return
    remove.mutate(id)
  }

  const list = comments.data?.pages.flatMap((page) => page.comments) ?? []
  const targetId = target?.comment ?? null
  const found = targetId !== null && list.some((comment) => comment.id === targetId)

  // Opened at the comments (a comment alert, a card's "댓글 N개"): once they are read, focus and
  // the scroll land on the named comment, or on the section when it names none or is not there.
  const settled = !comments.isPending && !comments.isFetchingNextPage
  const lookFurther = targetId !== null && !found && comments.hasNextPage && (comments.data?.pages.length ?? 0) < targetPages
  useEffect(() => {
    if (!target || landed.current || !settled) return
    if (lookFurther) {
      void comments.fetchNextPage()
      return
    }
    landed.current = true
    const row = found ? document.querySelector<HTMLElement>(`[data-comment-id="${CSS.escape(targetId)}"]`) : null
    const element = row ?? title.current
    element?.scrollIntoView({ block: row ? 'center' : 'start' })
    element?.focus({ preventScroll: true })
  }, [target, settled, lookFurther, found, targetId, comments])

  return (
    <section ref={section} className={styles.section} aria-labelledby="comments-title">
      <h2 id="comments-title" ref={title} tabIndex={-1} className={styles.title}>
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
            <li
              key={comment.id}
              {...row}
              className={`${styles.comment} ${comment.id === targetId ? styles.target : ''}`}
              data-testid="comment"
              data-comment-id={comment.id}
              tabIndex={comment.id === targetId ? -1 : undefined}
            >
              <PersonAvatarLink person={comment.author} size={32} />
              <div className={styles.commentBody}>
                <div className={styles.meta}>
                  <PersonNameLink person={comment.author} className={styles.nickname} />
                  <RelativeTime className={styles.time} at={comment.createdAt} />
                  <PersonMenuSlot person={comment.author} mine={comment.mine} target={{ kind: 'comment', id: comment.id }} />
                </div>
                <p className={styles.text}>
                  <LinkedText text={comment.text} />
                </p>
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
