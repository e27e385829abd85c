import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import type { FeedPage } from '@shared/types'
import { call } from '@/shared/lib/ipc'
import { queryKeys } from '@/shared/lib/query-keys'

/** A person's page: their face and counts, read again each time it opens (community mode reads their profile then). */
export function usePerson(id: string) {
  return useQuery({ queryKey: queryKeys.person(id), queryFn: () => call('people:get', { id }) })
}

/**
 * Their posts, a page at a time. Kept while the reader opens a post from the grid, so Back finds
 * the same grid at the same place (ScrollRestoration puts the scroll back).
 */
export function usePersonPosts(id: string) {
  return useInfiniteQuery({
    queryKey: queryKeys.personPosts(id),
    queryFn: ({ pageParam }) => call('people:posts', { id, cursor: pageParam }),
    initialPageParam: null as string | null,
    getNextPageParam: (last: FeedPage) => last.nextCursor,
    staleTime: 60_000
  })
}
