import { useEffect, useRef } from 'react'
import { Link } from 'react-router-dom'
import { messages } from '@shared/messages'
import type { PostView } from '@shared/types'
import { claimReturnFocus } from '@/shared/lib/return-focus'
import { ErrorState } from '@/shared/ui/ErrorState'
import { Image } from '@/shared/ui/Image'
import { Spinner } from '@/shared/ui/LoadingOverlay'
import { WindowedList } from '@/shared/ui/WindowedList'
import { usePersonPosts } from '../api/get-person'
import styles from './PersonPage.module.css'

/** Photos across a row of the grid. */
const columns = 3

/** A post's first words name its photo's link (the grid shows no text). */
const wordsOf = (text: string): string => {
  const line = text.replace(/\s+/gu, ' ').trim()
  return [...line].length > 40 ? `${[...line].slice(0, 40).join('')}…` : line
}

function Tile({ post }: { post: PostView }) {
  // Back from this post (목록으로): the focus returns to its photo.
  const link = useRef<HTMLAnchorElement>(null)
  useEffect(() => {
    if (claimReturnFocus(post.id)) link.current?.focus({ preventScroll: true })
  }, [post.id])
  return (
    <Link ref={link} to={`/detail/${post.id}`} className={styles.tile} data-testid="person-post" data-post-id={post.id}>
      <Image image={post.photos[0]!.image} alt={wordsOf(post.text) || messages.postImageAlt} sizes="(max-width: 900px) 33vw, 260px" className={styles.tileImage} crop />
    </Link>
  )
}

/** The person's posts as a grid of photos, each opening its post; long grids keep only the rows near the screen. */
export function PersonPosts({ personId }: { personId: string }) {
  const posts = usePersonPosts(personId)
  const { fetchNextPage, hasNextPage, isFetchingNextPage, isFetchNextPageError, error } = posts
  if (posts.isPending) return <Spinner />
  if (posts.isError) return <ErrorState error={posts.error} onRetry={() => void posts.refetch()} busy={posts.isFetching} />
  const all = posts.data.pages.flatMap((page) => page.posts)
  if (all.length === 0) return <p className={styles.empty}>{messages.personNoPosts}</p>
  const rows: PostView[][] = []
  for (let i = 0; i < all.length; i += columns) rows.push(all.slice(i, i + columns))
  return (
    <>
      <WindowedList
        as="ul"
        className={styles.grid}
        items={rows}
        getKey={(row) => row[0]!.id}
        estimate={260}
        gap={10}
        threshold={60}
        setSize={hasNextPage ? -1 : rows.length}
        renderItem={(row, props) => (
          <li key={row[0]!.id} {...props} className={styles.row}>
            {row.map((post) => (
              <Tile key={post.id} post={post} />
            ))}
          </li>
        )}
      />
      {isFetchNextPageError ? (
        <ErrorState compact error={error} onRetry={() => void fetchNextPage()} busy={isFetchingNextPage} />
      ) : (
        hasNextPage && (
          <button type="button" className={styles.more} onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
            {messages.personMorePosts}
          </button>
        )
      )}
    </>
  )
}
