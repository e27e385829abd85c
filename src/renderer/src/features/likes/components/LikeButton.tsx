import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { toast } from '@/shared/ui/toast'
import { limits } from '@shared/limits'
import { format, messages } from '@shared/messages'
import type { PostView } from '@shared/types'
import { useCurrentUser } from '@/shared/lib/session'
import { useSetLike } from '../api/set-like'
import styles from './LikeButton.module.css'

// Loaded the first time someone opens a like count: the feed's script stays small.
const LikersDialog = lazy(() => import('./LikersDialog'))

/** The heart toggle with the like count; liking plays the heart animation for 2.5 s (docs/specification.md §4.3). */
export function LikeButton({ post }: { post: PostView }) {
  const user = useCurrentUser()
  const setLike = useSetLike(post.id)
  const [burst, setBurst] = useState(false)
  const timer = useRef<number | undefined>(undefined)
  // Kept mounted once opened, so that closing it returns the focus to the count (Radix's own close).
  const [likersAsked, setLikersAsked] = useState(false)
  const [likersOpen, setLikersOpen] = useState(false)
  const countButton = useRef<HTMLButtonElement>(null)

  useEffect(() => () => window.clearTimeout(timer.current), [])

  const toggle = () => {
    if (!user) {
      toast(messages.loginFirstLike)
      return
    }
    const liked = !post.likedByMe
    if (liked) {
      setBurst(true)
      window.clearTimeout(timer.current)
      timer.current = window.setTimeout(() => setBurst(false), limits.likeAnimationMs)
    } else {
      setBurst(false)
    }
    // A refusal's message is the hook's (useSetLike), so it shows even if this button is gone by then.
    setLike.mutate(liked)
  }

  return (
    <span className={styles.wrap}>
      <button
        type="button"
        className={`${styles.heart} ${post.likedByMe ? styles.on : ''}`}
        // One name; the pressed state says whether it is liked.
        aria-pressed={post.likedByMe}
        aria-label={messages.like}
        onClick={toggle}
        data-testid="like-button"
      />
      {/* "좋아요 N개" opens who liked it; with none there is no one to list. */}
      {post.likeCount > 0 ? (
        <button ref={countButton} type="button" className={`${styles.count} ${styles.countButton}`} aria-haspopup="dialog" onClick={() => {
            setLikersAsked(true)
            setLikersOpen(true)
          }} data-testid="like-count">
          {format.likeCount(post.likeCount)}
        </button>
      ) : (
        <span className={styles.count} data-testid="like-count">
          {format.likeCount(post.likeCount)}
        </span>
      )}
      {likersAsked && (
        <Suspense fallback={null}>
          <LikersDialog postId={post.id} open={likersOpen} onOpenChange={setLikersOpen} returnFocusTo={countButton} />
        </Suspense>
      )}
      {burst && (
        <span className={styles.burst} aria-hidden="true" data-testid="heart-animation">
          <svg viewBox="0 0 24 24">
            <path d="M12 20.5s-7.5-4.6-9.3-9.4C1.5 7.8 3.6 4.5 7 4.5c2 0 3.5 1.1 5 3 1.5-1.9 3-3 5-3 3.4 0 5.5 3.3 4.3 6.6-1.8 4.8-9.3 9.4-9.3 9.4Z" />
          </svg>
        </span>
      )}
    </span>
  )
}
