import type { LikeState, LikerList } from '@shared/types'
import { AppError } from '../../errors'
import { newAlertEntry } from '../../firebase/mapping'
import { listLikers } from '../../core/likers'
import type { Views } from '../../core/mappers'
import type { CommunityAuth } from './auth'
import type { CommunityContext } from './context'
import { bestEffort, refusedAs, remote, rethrow } from './remote-call'
import type { MirrorWriter } from './mirror-writer'

/**
 * Likes in community mode: Firestore's atomic arrayUnion / arrayRemove of the caller's email
 * in likedBy (the web app's read-then-write loses concurrent likes: docs/specification.md §10), then the mirror. A new like
 * on someone else's post pushes a like alert to its author, once per post and session: the
 * shipped rules let nobody but the author remove an alert, so instead of removing it on an
 * unlike (as local mode does) a like after an unlike sends none, and the author's app shows
 * at most one like alert per nickname and post (see the mirror writer).
 */
export function createCommunityLikes(ctx: CommunityContext, views: Views, auth: CommunityAuth, writer: MirrorWriter) {
  const { store, ports } = ctx
  const alerted = new Set<string>()

  return {
    async set(userId: string | null, postId: string, liked: boolean): Promise<LikeState> {
      if (!userId) throw new AppError('loginFirstLike')
      const post = await writer.mirroredPost(postId)
      const author = await auth.author(userId)
      const had = store.likes.has(postId, userId)
      await remote('write', () => ports.docs.setLiked(postId, author.email, liked)).catch(liked ? refusedAs('likeNotAllowed') : rethrow)
      const now = ctx.now()
      await store.transaction(() => (liked ? store.likes.add(postId, userId, now) : store.likes.remove(postId, userId)))
      ctx.published()
      const othersPost = post.authorId !== userId && post.authorUid !== null && post.authorUid !== author.uid
      if (liked && !had && othersPost && !alerted.has(postId)) {
        alerted.add(postId)
        const authorUid = post.authorUid!
        await bestEffort('like alert', () => ports.alerts.push(authorUid, newAlertEntry('like', postId, author.nickname, now)))
      }
      const counts = store.posts.counts(postId)
      return { postId, likeCount: counts?.likeCount ?? 0, likedByMe: liked }
    },

    /** From the mirror: a liker whose nickname no post or comment has told it goes as unknown (null). */
    list(postId: string): LikerList {
      return listLikers(store, views, postId)
    }
  }
}
