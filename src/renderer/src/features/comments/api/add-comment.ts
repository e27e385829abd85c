import { useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '@/shared/lib/ipc'
import { refreshPost } from '@/shared/lib/post-cache'
import { queryKeys } from '@/shared/lib/query-keys'

export const addComment = (postId: string, text: string) => call('comments:add', { postId, text })

export function useAddComment(postId: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (text: string) => addComment(postId, text),
    onSuccess: () => {
      // The count is read back from main rather than patched by one: main's change event may
      // already have refreshed the post with this comment in it (counted twice otherwise). A
      // failed read (the post deleted meanwhile) does not undo the comment's success.
      return Promise.all([refreshPost(client, postId).catch(() => undefined), client.invalidateQueries({ queryKey: queryKeys.comments(postId) })])
    }
  })
}
