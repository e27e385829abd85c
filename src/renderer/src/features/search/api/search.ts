import { useInfiniteQuery } from '@tanstack/react-query'
import type { FeedPage, SearchResults } from '@shared/types'
import { call } from '@/shared/lib/ipc'
import { queryKeys } from '@/shared/lib/query-keys'

/**
 * The top bar's search, a page at a time. Each query has its own cache entry, so an answer that
 * arrives late lands under its own words and never over a newer query's; meanwhile the last
 * answer stays shown (placeholder), with the words it was for.
 */
export function useSearch(query: string) {
  return useInfiniteQuery({
    queryKey: queryKeys.search(query),
    queryFn: ({ pageParam }): Promise<SearchResults & { query: string }> =>
      call('search:query', { query, cursor: pageParam }).then((page) => ({ ...page, query })),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: query.trim() !== '',
    placeholderData: (previous) => previous,
    staleTime: 10_000
  })
}

/** A hashtag's posts, newest first. */
export function useTagPosts(tag: string) {
  return useInfiniteQuery({
    queryKey: queryKeys.tag(tag),
    queryFn: ({ pageParam }): Promise<FeedPage> => call('search:tag', { tag, cursor: pageParam }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor
  })
}
