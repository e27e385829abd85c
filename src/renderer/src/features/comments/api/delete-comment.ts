import { useMutation, useQueryClient } from '@tanstack/react-query'
import { messages } from '@shared/messages'
import { call, errorMessage } from '@/shared/lib/ipc'
import { refreshPost } from '@/shared/lib/post-cache'
import { queryKeys } from '@/shared/lib/query-keys'
import { toast } from '@/shared/ui/toast'

export const deleteComment = (id: string) => call('comments:delete', { id })

/** Says how it went here, not in mutate's callbacks, which TanStack Query skips once the page is left. */
export function useDeleteComment() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: deleteComment,
    onError: (error) => toast.error(errorMessage(error)),
    onSuccess: ({ postId }) => {
      toast.success(messages.commentDeleted)
      // The count is read back from main rather than patched by one: main's change event may
      // already have refreshed the post with this comment in it (counted twice otherwise). A
      // failed read (the post deleted meanwhile) does not undo the comment's success.
      return Promise.all([refreshPost(client, postId).catch(() => undefined), client.invalidateQueries({ queryKey: queryKeys.comments(postId) })])
    }
  })
}
