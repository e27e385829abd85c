import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { call } from '@/shared/lib/ipc'
import { queryKeys } from '@/shared/lib/query-keys'

export const getFeed = (cursor: string | null) => call('posts:feed', { cursor })

/**
 * The feed, a page at a time, newest first; the next page starts after the last post shown.
 * Its loaded pages outlive every visit to another screen (Back puts the reader on the same
 * card of the same pages, however long they read a post), and it is never read again on
 * return: main's events say when it changed, and a session change resets it.
 */
export const feedQuery = infiniteQueryOptions({
  queryKey: queryKeys.feed,
  queryFn: ({ pageParam }) => getFeed(pageParam),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.nextCursor,
  gcTime: Infinity,
  staleTime: Infinity
})

export function useFeed() {
  return useInfiniteQuery(feedQuery)
}
