import { useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '@/shared/lib/ipc'
import { patchPost } from '@/shared/lib/post-cache'
import { queryKeys } from '@/shared/lib/query-keys'

export const deleteComment = (id: string) => call('comments:delete', { id })

export function useDeleteComment() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: deleteComment,
    onSuccess: ({ postId }) => {
      patchPost(client, postId, (p) => ({ ...p, commentCount: Math.max(0, p.commentCount - 1) }))
      return client.invalidateQueries({ queryKey: queryKeys.comments(postId) })
    }
  })
}
