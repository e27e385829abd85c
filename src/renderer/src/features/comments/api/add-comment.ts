import { useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '@/shared/lib/ipc'
import { patchPost } from '@/shared/lib/post-cache'
import { queryKeys } from '@/shared/lib/query-keys'

export const addComment = (postId: string, text: string) => call('comments:add', { postId, text })

export function useAddComment(postId: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (text: string) => addComment(postId, text),
    onSuccess: () => {
      patchPost(client, postId, (p) => ({ ...p, commentCount: p.commentCount + 1 }))
      return client.invalidateQueries({ queryKey: queryKeys.comments(postId) })
    }
  })
}
