import { useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '@/shared/lib/ipc'
import { refreshPost } from '@/shared/lib/post-cache'
import { queryKeys } from '@/shared/lib/query-keys'

export const deleteComment = (id: string) => call('comments:delete', { id })

export function useDeleteComment() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: deleteComment,
    onSuccess: ({ postId }) => {
      // The count is read back from main rather than patched by one: main's change event may
      // already have refreshed the post with this comment in it (counted twice otherwise). A
      // failed read (the post deleted meanwhile) does not undo the comment's success.
      return Promise.all([refreshPost(client, postId).catch(() => undefined), client.invalidateQueries({ queryKey: queryKeys.comments(postId) })])
    }
  })
}
