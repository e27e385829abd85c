import { format, messages } from '@shared/messages'
import { ErrorState } from '@/shared/ui/ErrorState'
import { WindowedList } from '@/shared/ui/WindowedList'
import { useTagPosts } from '../api/search'
import { PostResult } from './PostResult'
import styles from './TagPage.module.css'

/** A hashtag's page (/tags/:tag): its posts newest first, windowed past 200 rows; each row opens its post, Back returns to it. */
export function TagPage({ tag }: { tag: string }) {
  const query = useTagPosts(tag)
  const posts = query.data?.pages.flatMap((page) => page.posts) ?? []
  const words = [format.tag(tag)]
  return (
    <main className={styles.page}>
      <h1 className={styles.title}>{format.tag(tag)}</h1>
      {query.isError && !query.data ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : query.isPending ? (
        <p className={styles.note}>{messages.loading}</p>
      ) : posts.length === 0 ? (
        <p className={styles.note}>{messages.tagEmpty}</p>
      ) : (
        <>
          <WindowedList
            className={styles.list}
            items={posts}
            getKey={(post) => post.id}
            estimate={76}
            setSize={query.hasNextPage ? -1 : posts.length}
            renderItem={(post, row) => (
              <li key={post.id} {...row}>
                <PostResult post={post} words={words} />
              </li>
            )}
          />
          {query.hasNextPage && (
            <button type="button" className={styles.more} disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
              {query.isFetchingNextPage ? messages.loadingMore : messages.loadMore}
            </button>
          )}
          {query.isFetchNextPageError && <ErrorState compact error={query.error} onRetry={() => void query.fetchNextPage()} />}
        </>
      )}
    </main>
  )
}
