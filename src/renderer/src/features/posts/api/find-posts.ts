import { useQuery } from '@tanstack/react-query'
import { call } from '@/shared/lib/ipc'
import { queryKeys } from '@/shared/lib/query-keys'

const none: number[] = []

export const findPosts = (query: string, through: string | null) => call('posts:find', { query, through })

/**
 * Find in the posts read so far (the feed's find bar): main looks down to `through`, the cursor
 * below the last page read, and answers the matches' places in the feed. `version` is the feed
 * index's, so a page read or read again looks again; until then the last answer for the same
 * words stays shown, never another query's.
 */
export function useFindPosts(query: string | null, through: string | null, version: number): number[] {
  const words = query?.trim() ?? ''
  const found = useQuery({
    queryKey: queryKeys.find(words, through, version),
    queryFn: () => findPosts(words, through),
    enabled: words !== '',
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === words ? previous : undefined),
    gcTime: 0
  })
  return (words && found.data?.positions) || none
}
