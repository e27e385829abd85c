import type { LikeState, LikerList } from '@shared/types'
import { AppError } from '../../errors'
import type { ServiceContext } from '../../core/context'
import { listLikers } from '../../core/likers'
import type { Views } from '../../core/mappers'

/**
 * Like and unlike as a desired state, not a toggle: sending "liked" twice is one like,
 * and a like row per person and post makes concurrent likes exact.
 */
export function createLocalLikes(ctx: ServiceContext, views: Views) {
  const { store } = ctx

  return {
    async set(userId: string | null, postId: string, liked: boolean): Promise<LikeState> {
      if (!userId) throw new AppError('loginFirstLike')
      return store.transaction(() => {
        const owner = store.posts.ownership(postId)
        if (!owner) throw new AppError('notFound')
        // Someone the author blocked: refused without saying why (an unlike still goes through).
        if (liked && store.controls.blocked(owner.authorId, userId)) throw new AppError('likeNotAllowed')
        const now = ctx.now()
        if (liked) {
          const added = store.likes.add(postId, userId, now)
          // Nor does the author hear from someone they muted.
          if (added && owner.authorId !== userId && !store.controls.hidden(owner.authorId, userId)) {
            store.alerts.addLike({ id: ctx.newId(), userId: owner.authorId, postId, actorId: userId, createdAt: now })
          }
        } else if (store.likes.remove(postId, userId)) {
          store.alerts.removeLike(postId, userId)
        }
        const counts = store.posts.counts(postId)!
        return { postId, likeCount: counts.likeCount, likedByMe: liked }
      })
    },

    list(postId: string): LikerList {
      return listLikers(store, views, postId)
    }
  }
}

export type LocalLikes = ReturnType<typeof createLocalLikes>
