import { useQuery, useQueryClient } from '@tanstack/react-query'
import { cachedPost, postQuery } from '@/shared/lib/post-cache'

/** One post; shows what the feed already had at once while the fresh copy loads. */
export function usePost(id: string, enabled = true) {
  const client = useQueryClient()
  return useQuery({
    ...postQuery(client, id),
    enabled,
    placeholderData: () => cachedPost(client, id)
  })
}
