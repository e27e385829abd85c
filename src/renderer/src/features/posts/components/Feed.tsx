import { memo, useEffect, useRef, type ReactNode } from 'react'
import { messages } from '@shared/messages'
import type { PostView } from '@shared/types'
import { ErrorState } from '@/shared/ui/ErrorState'
import { LoadingOverlay, Spinner } from '@/shared/ui/LoadingOverlay'
import { useFeed } from '../api/get-feed'
import { PostCard } from './PostCard'
import { useFeedAnchor } from './feed-anchor'
import styles from './Feed.module.css'

type RenderActions = (post: PostView) => ReactNode

/**
 * One card of the list. Memoised on the post object itself: a new page, or a like on one
 * card, then renders only the cards that changed — not every card already loaded (with a
 * thousand cards that was half a second per page). Cache updates keep unchanged posts the
 * same objects, and renderActions must be a stable function.
 */
const FeedItem = memo(function FeedItem({ post, eager, renderActions }: { post: PostView; eager: boolean; renderActions?: RenderActions }) {
  return (
    <li>
      <PostCard post={post} actions={renderActions?.(post)} eager={eager} />
    </li>
  )
})

/** The feed: pages load as the reader nears the end, until there are no more. */
export function Feed({ renderActions }: { renderActions?: RenderActions }) {
  const feed = useFeed()
  const sentinel = useRef<HTMLDivElement>(null)
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = feed
  useFeedAnchor(feed.isSuccess)

  useEffect(() => {
    const target = sentinel.current
    // After a failed page the reader asks again with the retry button; the sentinel would ask forever.
    if (!target || !hasNextPage || isFetchNextPageError) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) void fetchNextPage()
      },
      // Start loading well before the reader reaches the end.
      { rootMargin: '1200px 0px' }
    )
    observer.observe(target)
    return () => observer.disconnect()
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage])

  if (feed.isPending) return <LoadingOverlay />
  // A failed first load has nothing to show; a failed later page keeps the cards already loaded.
  if (!feed.data) return <ErrorState error={feed.error} onRetry={() => void feed.refetch()} busy={feed.isFetching} />

  const posts = feed.data.pages.flatMap((page) => page.posts)
  if (posts.length === 0) return <p className={styles.notice}>{messages.emptyFeed}</p>

  return (
    <>
      <ol className={styles.list} aria-label="피드" data-feed-list>
        {posts.map((post, index) => (
          <FeedItem key={post.id} post={post} eager={index < 2} renderActions={renderActions} />
        ))}
      </ol>
      <div ref={sentinel} className={styles.sentinel} aria-hidden="true" />
      {isFetchingNextPage ? (
        <Spinner label={messages.loadingMore} />
      ) : isFetchNextPageError ? (
        <ErrorState compact error={feed.error} onRetry={() => void fetchNextPage()} />
      ) : hasNextPage ? (
        <button type="button" className={styles.more} onClick={() => void fetchNextPage()}>
          {messages.loadMore}
        </button>
      ) : (
        <p className={styles.end} data-testid="feed-end">
          {messages.endOfFeed}
        </p>
      )}
    </>
  )
}
