import { useEffect, useRef, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import { format, messages } from '@shared/messages'
import type { PostView } from '@shared/types'
import { PersonMenuSlot } from '@/shared/lib/person-menu'
import { postPath } from '@/shared/lib/post-path'
import { claimReturnFocus } from '@/shared/lib/return-focus'
import { PersonAvatarLink, PersonNameLink } from '@/shared/ui/PersonLink'
import { RelativeTime } from '@/shared/ui/RelativeTime'
import { PostBody } from './PostBody'
import { PostMenu } from './PostMenu'
import { highlight } from './highlight'
import styles from './PostCard.module.css'

interface Props {
  post: PostView
  /** The like toggle, supplied by the app (posts do not import the likes feature). */
  actions?: ReactNode
  eager?: boolean
  /** Words the find bar looks for, marked in the nickname and text. */
  highlight?: string
  /** Place in the feed (aria-posinset) and the feed's length, -1 while more may load (aria-setsize). */
  position?: number
  setSize?: number
}

export function PostHeader({ post, highlight: words }: { post: PostView; highlight?: string }) {
  return (
    <header className={styles.header}>
      <PersonAvatarLink person={post.author} size={40} />
      <div className={styles.byline}>
        {/* The person's own menu (차단, 숨기기, 신고) beside their name; the post's ⋯ stays at the end of the header. */}
        <div className={styles.who}>
          <PersonNameLink person={post.author} className={styles.nickname}>
            {highlight(post.author.nickname, words)}
          </PersonNameLink>
          <PersonMenuSlot person={post.author} mine={post.mine} target={{ kind: 'post', id: post.id }} />
        </div>
        <span className={styles.date}>
          <RelativeTime at={post.createdAt} />
          {post.edited && <span className={styles.edited}>{messages.edited}</span>}
        </span>
      </div>
      <PostMenu postId={post.id} mine={post.mine} />
    </header>
  )
}

/** A feed card; a click anywhere but its links and buttons opens the post (docs/specification.md §2.4). */
export function PostCard({ post, actions, eager, highlight: words, position, setSize }: Props) {
  const navigate = useNavigate()
  const open = (event: MouseEvent) => {
    if ((event.target as HTMLElement).closest('a, button, input, textarea')) return
    navigate(`/detail/${post.id}`)
  }
  // Enter on the card itself (focused by PageDown/PageUp) opens it, as a click would.
  const openByKey = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && event.target === event.currentTarget) navigate(`/detail/${post.id}`)
  }
  // Back from this post with 목록으로: the focus returns to its link.
  const link = useRef<HTMLAnchorElement>(null)
  useEffect(() => {
    if (claimReturnFocus(post.id)) link.current?.focus({ preventScroll: true })
  }, [post.id])
  return (
    <article
      className={styles.card}
      onClick={open}
      onKeyDown={openByKey}
      data-testid="post-card"
      data-post-id={post.id}
      data-layout={post.layout}
      aria-label={`${post.author.nickname}의 글`}
      aria-posinset={position}
      aria-setsize={position === undefined ? undefined : setSize}
      // Focusable from script (PageDown/PageUp in the feed), without a tab stop of its own.
      tabIndex={position === undefined ? undefined : -1}
    >
      <PostHeader post={post} highlight={words} />
      {/* Named by what it shows, the post's text and photo (WCAG 2.5.3); the card names whose post it is. */}
      <Link ref={link} to={`/detail/${post.id}`} className={styles.bodyLink}>
        <PostBody text={post.text} layout={post.layout} photos={post.photos} preview eager={eager} highlight={words} />
      </Link>
      <footer className={styles.footer}>
        {actions}
        <Link to={postPath(post.id, { comment: null })} className={styles.comments}>
          {format.commentCount(post.commentCount)}
        </Link>
      </footer>
    </article>
  )
}
