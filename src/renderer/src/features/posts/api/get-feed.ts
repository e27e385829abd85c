import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { call } from '@/shared/lib/ipc'
import { queryKeys } from '@/shared/lib/query-keys'

export const getFeed = (cursor: string | null) => call('posts:feed', { cursor })

/** The feed, a page at a time, newest first; the next page starts after the last post shown. */
export const feedQuery = infiniteQueryOptions({
  queryKey: queryKeys.feed,
  queryFn: ({ pageParam }) => getFeed(pageParam),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.nextCursor
})

export function useFeed() {
  return useInfiniteQuery(feedQuery)
}
