import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Input } from '@shared/ipc/contract'
import { call } from '@/shared/lib/ipc'
import { queryKeys } from '@/shared/lib/query-keys'

export const updatePost = (input: Input<'posts:update'>) => call('posts:update', input)

export function useUpdatePost() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: updatePost,
    onSuccess: (post) => {
      client.setQueryData(queryKeys.post(post.id), post)
      // docs/specification.md §4.5: after an edit the list is reloaded.
      return client.invalidateQueries({ queryKey: queryKeys.feed })
    }
  })
}
