import type { CommentPage, CommentView } from '@shared/types'
import { checkComment } from '@shared/validation'
import { AppError, enforce } from '../../errors'
import { createLocalComments } from '../local/comments'
import type { Views } from '../../core/mappers'
import type { Remover } from '../../core/services'
import { decodeCursor } from '../../store/keyset'
import { commentFromDoc, newAlertEntry, newCommentDoc } from '../../firebase/mapping'
import type { CommunityAuth } from './auth'
import type { CommunityContext } from './context'
import { bestEffort, refusedAs, remote } from './remote-call'
import type { MirrorWriter } from './mirror-writer'
import type { Sync } from './sync'

/**
 * Comments in community mode. Listing a post's comments opens that post's listeners (the
 * post and `where post_id ==` its comments, never the whole collection) and answers from the
 * mirror once their first snapshot is in. Adding and deleting check the rules in main before
 * Firebase is asked, as local mode does.
 */
export function createCommunityComments(ctx: CommunityContext, views: Views, auth: CommunityAuth, sync: Sync, writer: MirrorWriter) {
  const { store, mirror, ports } = ctx
  const local = createLocalComments(ctx, views)

  return {
    async list(viewer: string | null, postId: string, cursor: string | null | undefined): Promise<CommentPage> {
      await writer.mirroredPost(postId)
      await sync.commentsReady(postId, decodeCursor(cursor))
      return local.list(viewer, postId, cursor)
    },

    async add(userId: string | null, postId: string, text: string): Promise<CommentView> {
      if (!userId) throw new AppError('loginFirstComment')
      enforce(checkComment(text), 'text')
      const post = await writer.mirroredPost(postId)
      const author = await auth.author(userId)
      const now = ctx.now()
      const id = await remote('write', () => ports.docs.addComment(newCommentDoc(author, postId, text.trim(), now))).catch(refusedAs('commentNotAllowed'))
      writer.wrote('comment', id)
      await store.transaction(() => mirror.upsertComment({ id, postId, authorId: userId, text: text.trim(), createdAt: now }))
      ctx.published()
      if (post.authorId !== userId && post.authorUid !== null && post.authorUid !== author.uid) {
        const authorUid = post.authorUid
        await bestEffort('comment alert', () => ports.alerts.push(authorUid, newAlertEntry('comment', postId, author.nickname, now)))
      }
      return views.comment(store.comments.get(id)!, userId)
    },

    /** `as` 'moderator': the moderation service checked the claim (decision 030); the rules check it again. */
    async remove(userId: string | null, commentId: string, as: Remover = 'author'): Promise<{ id: string; postId: string }> {
      if (!userId) throw new AppError('onlyCommentAuthorDelete')
      let comment = store.comments.get(commentId)
      const author = await auth.author(userId)
      if (!comment) {
        // Not mirrored (an old post's comment): Firebase says whose it is.
        const doc = await remote('read', () => ports.docs.getComment(commentId))
        if (!doc) throw new AppError('commentNotFound')
        const remoteComment = commentFromDoc(doc)
        if (as !== 'moderator' && remoteComment.author.email !== author.email) throw new AppError('onlyCommentAuthorDelete')
        await remote('write', () => ports.docs.deleteComment(commentId))
        return { id: commentId, postId: remoteComment.postId }
      }
      if (as !== 'moderator' && comment.authorId !== userId) throw new AppError('onlyCommentAuthorDelete')
      await remote('write', () => ports.docs.deleteComment(commentId))
      comment = store.comments.get(commentId) ?? comment
      await store.transaction(() => mirror.removeComment(commentId))
      ctx.published()
      return { id: commentId, postId: comment.postId }
    }
  }
}
