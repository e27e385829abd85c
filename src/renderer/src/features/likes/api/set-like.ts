import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import type { PostView, SessionView } from '@shared/types'
import { call, errorMessage } from '@/shared/lib/ipc'
import { feedPost, patchDetailPost, patchFeedPost, patchPost, refreshPost } from '@/shared/lib/post-cache'
import { mutationKeys, queryKeys } from '@/shared/lib/query-keys'
import { toast } from '@/shared/ui/toast'

export const setLike = (postId: string, liked: boolean) => call('likes:set', { postId, liked })

type LikeFields = Pick<PostView, 'likedByMe' | 'likeCount'>

interface Before {
  /** Who clicked: an answer that arrives after someone else signed in changes nothing. */
  userId: string | null
  /** The heart and count in the feed and in the detail, each as it was. */
  feed: LikeFields | undefined
  detail: LikeFields | undefined
  /** Another click on this post was still on its way, so `before` may show a state main never confirmed. */
  queued: boolean
}

const likeFields = (post: PostView | undefined): LikeFields | undefined =>
  post && { likedByMe: post.likedByMe, likeCount: post.likeCount }

const userId = (client: QueryClient) => client.getQueryData<SessionView>(queryKeys.session)?.user?.id ?? null

/**
 * Heart and count change at once, in the feed and the detail alike; main's answer confirms
 * them, a refusal puts both back. One post's clicks go to main one after another (the
 * mutation scope), and only the last one's answer is shown, so quick clicks cannot end
 * on an answer that arrived out of order.
 *
 * Every refusal says why (main's Korean message, e.g. permissionDenied when the community's
 * rules refuse the write), here rather than in mutate's own callbacks, which TanStack Query
 * skips once the button is gone (the card left the screen) or was clicked again.
 */
export function useSetLike(postId: string) {
  const client = useQueryClient()
  const key = mutationKeys.like(postId)
  // A mutation still counts as pending while its own callbacks run.
  const othersPending = () => client.isMutating({ mutationKey: key }) > 1
  return useMutation({
    mutationKey: key,
    scope: { id: key.join(':') },
    mutationFn: (liked: boolean) => setLike(postId, liked),
    onMutate: async (liked): Promise<Before> => {
      // A read of this post already under way would land after the change and undo it.
      await client.cancelQueries({ queryKey: queryKeys.post(postId) })
      const before: Before = {
        userId: userId(client),
        feed: likeFields(feedPost(client, postId)),
        detail: likeFields(client.getQueryData<PostView>(queryKeys.post(postId))),
        queued: othersPending()
      }
      patchPost(client, postId, (p) =>
        p.likedByMe === liked ? p : { ...p, likedByMe: liked, likeCount: Math.max(0, p.likeCount + (liked ? 1 : -1)) }
      )
      return before
    },
    onError: (error, _liked, before) => {
      toast.error(errorMessage(error))
      if (!before || before.userId !== userId(client) || othersPending()) return
      const { feed, detail } = before
      if (feed) patchFeedPost(client, postId, (p) => ({ ...p, ...feed }))
      if (detail) patchDetailPost(client, postId, (p) => ({ ...p, ...detail }))
      // Put back over an unconfirmed click, the heart may still be wrong: main says what is true.
      if (before.queued) refreshPost(client, postId).catch(() => undefined)
    },
    onSuccess: (state, _liked, before) => {
      if (before.userId !== userId(client) || othersPending()) return
      patchPost(client, postId, (p) => ({ ...p, likeCount: state.likeCount, likedByMe: state.likedByMe }))
    }
  })
}
