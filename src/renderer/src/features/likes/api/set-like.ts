import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { PostView } from '@shared/types'
import { call } from '@/shared/lib/ipc'
import { patchPost } from '@/shared/lib/post-cache'

export const setLike = (postId: string, liked: boolean) => call('likes:set', { postId, liked })

/** Heart and count change at once; main's answer confirms them, a refusal puts them back. */
export function useSetLike() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ post, liked }: { post: PostView; liked: boolean }) => setLike(post.id, liked),
    onMutate: ({ post, liked }) => {
      const before = { likedByMe: post.likedByMe, likeCount: post.likeCount }
      patchPost(client, post.id, (p) =>
        p.likedByMe === liked ? p : { ...p, likedByMe: liked, likeCount: Math.max(0, p.likeCount + (liked ? 1 : -1)) }
      )
      return before
    },
    onError: (_error, { post }, before) => {
      if (before) patchPost(client, post.id, (p) => ({ ...p, ...before }))
    },
    onSuccess: (state) => patchPost(client, state.postId, (p) => ({ ...p, likeCount: state.likeCount, likedByMe: state.likedByMe }))
  })
}
