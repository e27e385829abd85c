import { useQuery, useQueryClient } from '@tanstack/react-query'
import { call } from '@/shared/lib/ipc'
import { cachedPost } from '@/shared/lib/post-cache'
import { queryKeys } from '@/shared/lib/query-keys'

export const getPost = (id: string) => call('posts:get', { id })

/** One post; shows what the feed already had at once while the fresh copy loads. */
export function usePost(id: string, enabled = true) {
  const client = useQueryClient()
  return useQuery({
    queryKey: queryKeys.post(id),
    queryFn: () => getPost(id),
    enabled,
    placeholderData: () => cachedPost(client, id)
  })
}
