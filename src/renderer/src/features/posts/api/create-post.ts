import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Input } from '@shared/ipc/contract'
import { call } from '@/shared/lib/ipc'
import { queryKeys } from '@/shared/lib/query-keys'

export const createPost = (input: Input<'posts:create'>) => call('posts:create', input)

export function useCreatePost() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: createPost,
    onSuccess: (post) => {
      client.setQueryData(queryKeys.post(post.id), post)
      // A post written from a 임시 저장 글 took it off the list.
      void client.invalidateQueries({ queryKey: queryKeys.drafts })
      return client.invalidateQueries({ queryKey: queryKeys.feed })
    }
  })
}
