import { infiniteQueryOptions, useInfiniteQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query'
import type { FeedPage } from '@shared/types'
import { call } from '@/shared/lib/ipc'
import { queryKeys } from '@/shared/lib/query-keys'
import { feedIndex, resetFeedIndex } from '../stores/feed-index'

export const getFeed = (cursor: string | null) => call('posts:feed', { cursor })

/** Pages kept in the cache: enough for the screen and the cards loaded around it, so memory stays flat at any depth. */
export const feedMaxPages = 8

/** Reads the page a cursor names ('' is the top) and remembers it in the feed index. */
async function readPage(client: QueryClient, cursor: string, fresh: boolean): Promise<FeedPage> {
  const page = await getFeed(cursor || null)
  // The first page of an empty cache is a new feed (first visit, or another person signed in).
  const index = fresh ? resetFeedIndex(client) : feedIndex(client)
  if (index.record(cursor, page)) {
    // The next page moved (a post added or removed above it): read the kept pages again in a row.
    queueMicrotask(() => void client.refetchQueries({ queryKey: queryKeys.feed, type: 'active' }))
  }
  return page
}

/**
 * The feed, a page at a time, newest first; the next page starts after the last post shown.
 * Only `feedMaxPages` pages are kept: pages far from the screen are dropped and read again
 * (forwards from the page above, backwards by the cursor the feed index remembers) when
 * the reader comes back to them. Its pages outlive every visit to another screen (Back puts
 * the reader on the same card of the same pages, however long they read a post), and it is
 * never read again on return: main's events say when it changed, and a session change resets it.
 */
export const feedQuery = (client: QueryClient) =>
  infiniteQueryOptions({
    queryKey: queryKeys.feed,
    queryFn: ({ pageParam }) => readPage(client, pageParam, pageParam === '' && client.getQueryData(queryKeys.feed) === undefined),
    initialPageParam: '',
    getNextPageParam: (last: FeedPage) => last.nextCursor ?? undefined,
    getPreviousPageParam: (_first: FeedPage, _all: FeedPage[], firstCursor: string) => feedIndex(client).previousCursor(firstCursor),
    maxPages: feedMaxPages,
    gcTime: Infinity,
    staleTime: Infinity
  })

export function useFeed() {
  return useInfiniteQuery(feedQuery(useQueryClient()))
}

/**
 * Puts the feed's window of pages at page `page` (a jump far from the pages in the cache:
 * find, or the scrollbar dragged): that page is read alone, and the feed grows from it.
 */
export async function jumpToPage(client: QueryClient, page: number): Promise<void> {
  const cursor = feedIndex(client).cursorOfPage(page)
  if (cursor === undefined) return
  const data = await readPage(client, cursor, false)
  client.setQueryData<InfiniteData<FeedPage, string>>(queryKeys.feed, { pages: [data], pageParams: [cursor] })
}
