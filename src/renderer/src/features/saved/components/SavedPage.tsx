import { useEffect, useRef } from 'react'
import { Link, Navigate } from 'react-router-dom'
import { format, messages } from '@shared/messages'
import type { SavedPostView } from '@shared/types'
import { useCurrentUser } from '@/shared/lib/session'
import { claimReturnFocus } from '@/shared/lib/return-focus'
import { ErrorState } from '@/shared/ui/ErrorState'
import { Image } from '@/shared/ui/Image'
import { LoadingOverlay } from '@/shared/ui/LoadingOverlay'
import { Masthead } from '@/shared/ui/Masthead'
import { PersonAvatarLink, PersonNameLink } from '@/shared/ui/PersonLink'
import { RelativeTime } from '@/shared/ui/RelativeTime'
import { useIsSaved, useSavedPosts, useToggleSaved } from '../api/saved'
import styles from './SavedPage.module.css'

/** How much of a post's text its card shows (the card clamps it to three lines as well). */
const startLength = 140

const startOf = (text: string) => {
  const line = text.replace(/\s+/gu, ' ').trim()
  return [...line].length > startLength ? `${[...line].slice(0, startLength).join('')}…` : line
}

/** 저장한 글 (#/saved, docs/decisions/038-bookmarks.md): the signed-in person's saved posts here, last saved first. */
export function SavedPage() {
  const user = useCurrentUser()
  // Signed out, there is no one's list to show: to the login form, which brings the reader back here.
  if (!user) return <Navigate to="/login" replace />
  return <SavedList key={user.id} />
}

function SavedList() {
  const saved = useSavedPosts()
  const { fetchNextPage, hasNextPage, isFetchingNextPage, isFetchNextPageError, error } = saved
  const posts = saved.data?.pages.flatMap((page) => page.posts) ?? []
  return (
    <main className={styles.page}>
      <Masthead kicker={messages.savedKicker} title={messages.savedPage} lede={messages.savedLede} />
      {saved.isPending ? (
        <LoadingOverlay />
      ) : saved.isError ? (
        <ErrorState error={saved.error} onRetry={() => void saved.refetch()} busy={saved.isFetching} />
      ) : posts.length === 0 ? (
        <section className={styles.empty} aria-labelledby="saved-none">
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d="M6.5 3.5h11a1 1 0 0 1 1 1v16l-6.5-4.5-6.5 4.5v-16a1 1 0 0 1 1-1Z" />
          </svg>
          <h2 id="saved-none" className={styles.emptyTitle}>
            {messages.savedNone}
          </h2>
          <p className={styles.emptyHint}>{messages.savedNoneHint}</p>
          <Link to="/" className={styles.browse}>
            {messages.savedBackToFeed}
          </Link>
        </section>
      ) : (
        <>
          <ul className={styles.list} data-testid="saved-list">
            {posts.map((post) => (
              <SavedCard key={post.id} post={post} />
            ))}
          </ul>
          {isFetchNextPageError ? (
            <ErrorState compact error={error} onRetry={() => void fetchNextPage()} busy={isFetchingNextPage} />
          ) : (
            hasNextPage && (
              <button type="button" className={styles.more} onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
                {messages.savedMore}
              </button>
            )
          )}
        </>
      )}
    </main>
  )
}

/** One saved post: its first words (and its cover) open it; how liked and discussed; its author; 저장 취소, or 다시 저장 once undone on this visit. */
function SavedCard({ post }: { post: SavedPostView }) {
  const saved = useIsSaved(post.id)
  const toggle = useToggleSaved()
  const cover = post.photos[0]
  const words = startOf(post.text)
  const wordsId = `saved-${post.id}`
  // Back from this post (목록으로): the focus returns to its link.
  const link = useRef<HTMLAnchorElement>(null)
  useEffect(() => {
    if (claimReturnFocus(post.id)) link.current?.focus({ preventScroll: true })
  }, [post.id])
  return (
    <li className={`${styles.card} ${saved ? '' : styles.undone}`} data-testid="saved-post" data-post-id={post.id}>
      <div className={styles.top}>
        {/* The cover opens the post too, for the pointer; keyboards and screen readers meet its words' link. */}
        {cover && (
          <Link to={`/detail/${post.id}`} className={styles.cover} tabIndex={-1} aria-hidden="true">
            <Image image={cover.image} alt="" sizes="(max-width: 560px) 96px, 132px" crop />
          </Link>
        )}
        <div className={styles.body}>
          <Link ref={link} to={`/detail/${post.id}`} className={styles.words} id={wordsId}>
            {words || messages.savedPhotoOnly}
          </Link>
          <p className={styles.stats}>
            {format.likeCount(post.likeCount)} · {format.commentCount(post.commentCount)}
            {post.photos.length > 1 && ` · ${format.photoCount(post.photos.length)}`}
          </p>
        </div>
      </div>
      <div className={styles.footer}>
        <span className={styles.byline}>
          <PersonAvatarLink person={post.author} size={28} />
          <PersonNameLink person={post.author} className={styles.nickname} />
          {/* When the person saved it, as Instagram's saved list orders and dates it. */}
          <span className={styles.date}>
            <RelativeTime at={post.savedAt} /> {messages.savedWhen}
          </span>
        </span>
        <button type="button" className={saved ? styles.unsave : styles.resave} aria-describedby={wordsId} onClick={() => toggle(post.id)}>
          {saved ? messages.unsavePost : messages.saveAgain}
        </button>
      </div>
    </li>
  )
}
