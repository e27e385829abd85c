import { useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '@/shared/lib/ipc'
import { queryKeys } from '@/shared/lib/query-keys'

export const deletePost = (id: string) => call('posts:delete', { id })

export function useDeletePost() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: deletePost,
    onSuccess: ({ id }) => {
      client.removeQueries({ queryKey: queryKeys.post(id) })
      client.removeQueries({ queryKey: queryKeys.comments(id) })
      return client.invalidateQueries({ queryKey: queryKeys.feed })
    }
  })
}
