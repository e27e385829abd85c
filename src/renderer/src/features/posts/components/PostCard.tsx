import type { MouseEvent, ReactNode } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import { formatDateTime } from '@shared/format'
import { format, messages } from '@shared/messages'
import type { PostView } from '@shared/types'
import { Avatar } from '@/shared/ui/Avatar'
import { PostBody } from './PostBody'
import styles from './PostCard.module.css'

interface Props {
  post: PostView
  /** The like toggle, supplied by the app (posts do not import the likes feature). */
  actions?: ReactNode
  eager?: boolean
}

export function PostHeader({ post }: { post: PostView }) {
  return (
    <header className={styles.header}>
      <Avatar person={post.author} size={40} />
      <div className={styles.byline}>
        <span className={styles.nickname}>{post.author.nickname}</span>
        <time className={styles.date} dateTime={new Date(post.createdAt).toISOString()}>
          {formatDateTime(post.createdAt)}
        </time>
      </div>
      {post.mine && (
        <Link className={styles.edit} to={`/write/${post.id}`}>
          {messages.editLink}
        </Link>
      )}
    </header>
  )
}

/** A feed card; a click anywhere but its links and buttons opens the post (SPEC.md §2). */
export function PostCard({ post, actions, eager }: Props) {
  const navigate = useNavigate()
  const open = (event: MouseEvent) => {
    if ((event.target as HTMLElement).closest('a, button, input, textarea')) return
    navigate(`/detail/${post.id}`)
  }
  return (
    <article className={styles.card} onClick={open} data-testid="post-card" data-post-id={post.id} aria-label={`${post.author.nickname}의 글`}>
      <PostHeader post={post} />
      <Link to={`/detail/${post.id}`} className={styles.bodyLink} aria-label={`${post.author.nickname}의 글 자세히 보기`}>
        <PostBody text={post.text} layout={post.layout} image={post.image} preview eager={eager} />
      </Link>
      <footer className={styles.footer}>
        {actions}
        <span className={styles.comments}>{format.commentCount(post.commentCount)}</span>
      </footer>
    </article>
  )
}
