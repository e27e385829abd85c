import { useEffect, useRef, useState, type ReactNode } from 'react'
import { Link, useLocation, useNavigate } from 'react-router-dom'
import { postLink } from '@shared/deep-link'
import { format, messages } from '@shared/messages'
import type { PhotoView, PostView } from '@shared/types'
import { copyText } from '@/shared/lib/clipboard'
import { useCommentsTarget } from '@/shared/lib/post-path'
import { returnFocusTo } from '@/shared/lib/return-focus'
import { MagpieError, errorMessage } from '@/shared/lib/ipc'
import { LoadingOverlay } from '@/shared/ui/LoadingOverlay'
import { toast } from '@/shared/ui/toast'
import { usePost } from '../api/get-post'
import { PostBody } from './PostBody'
import { PostHeader } from './PostCard'
import styles from './PostDetail.module.css'

interface Props {
  postId: string
  /** Slots the app fills from other features: the like toggle and the comments. */
  renderActions?: (post: PostView) => ReactNode
  renderComments?: (post: PostView) => ReactNode
  /** After 링크 복사: what else the reader can do with the post (이 게시글 알림 끄기). */
  renderMore?: (post: PostView) => ReactNode
  /** What stands instead of "not found" when the post is gone (a comment being typed on it, say). */
  renderGone?: () => ReactNode
  /** The photo viewer (the photos feature), over the page while `viewing` is set. */
  renderViewer?: (photos: PhotoView[], start: number, close: () => void) => ReactNode
}

export function PostDetail({ postId, renderActions, renderComments, renderMore, renderGone, renderViewer }: Props) {
  const post = usePost(postId)
  // Which photo the viewer shows, or null while it is closed.
  const [viewing, setViewing] = useState<number | null>(null)
  const navigate = useNavigate()
  const location = useLocation()
  // Back to the feed exactly where the reader left it, or to the top when opened from outside.
  const back = () => {
    returnFocusTo(postId)
    if (location.key !== 'default') navigate(-1)
    else navigate('/')
  }
  // Opening a post moves focus to its heading, as a new page would: screen readers start
  // there and Tab goes on through the post. Once per post, not on each refetch. Opened at its
  // comments, the comments take focus instead (CommentSection).
  const heading = useRef<HTMLHeadingElement>(null)
  const loaded = post.data !== undefined
  const atComments = useCommentsTarget() !== null
  useEffect(() => {
    if (loaded && !atComments) heading.current?.focus({ preventScroll: true })
  }, [loaded, atComments])

  if (post.isPending) return <LoadingOverlay />
  if (post.isError) {
    const missing = post.error instanceof MagpieError && post.error.code === 'notFound'
    const gone = missing ? renderGone?.() : null
    if (gone) return <main className={styles.missing}>{gone}</main>
    return (
      <main className={styles.missing}>
        <h1>{missing ? messages.notFound : errorMessage(post.error)}</h1>
        <Link to="/" className={styles.home}>
          {messages.backToList}
        </Link>
      </main>
    )
  }

  const data = post.data
  return (
    <main className={styles.page}>
      <button type="button" className={styles.back} onClick={back}>
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M15 5l-7 7 7 7" />
        </svg>
        {messages.backToList}
      </button>
      <article className={styles.article} data-testid="post-detail" aria-labelledby="post-heading">
        <h1 id="post-heading" ref={heading} tabIndex={-1} className="visually-hidden">
          {format.postHeading(data.author.nickname)}
        </h1>
        <PostHeader post={data} />
        <PostBody text={data.text} layout={data.layout} photos={data.photos} eager onOpenPhoto={renderViewer ? setViewing : undefined} />
        <footer className={styles.footer}>
          {renderActions?.(data)}
          <span className={styles.count}>{format.commentCount(data.commentCount)}</span>
          <button type="button" className={styles.copyLink} onClick={() => void copyPostLink(data.id)}>
            {messages.copyLink}
          </button>
          {renderMore?.(data)}
        </footer>
      </article>
      {renderComments?.(data)}
      {/* Today a post has one photo and no 사진 설명: the viewer gets it with an empty alt. */}
      {viewing !== null && renderViewer?.(data.photos, viewing, () => setViewing(null))}
    </main>
  )
}

/** "링크 복사": the post's magpie:// link, which opens it in Magpie from anywhere on this computer. */
async function copyPostLink(postId: string): Promise<void> {
  if (await copyText(postLink(postId))) toast.success(messages.linkCopied)
  else toast.error(messages.linkCopyFailed)
}
