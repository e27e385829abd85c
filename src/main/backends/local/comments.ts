import { limits } from '@shared/limits'
import type { CommentPage, CommentView } from '@shared/types'
import { checkComment } from '@shared/validation'
import { AppError, enforce } from '../../errors'
import { decodeCursor, keysetPage } from '../../store/keyset'
import type { ServiceContext } from '../../core/context'
import type { Views } from '../../core/mappers'
import type { Remover } from '../../core/services'

export function createLocalComments(ctx: ServiceContext, views: Views) {
  const { store } = ctx

  return {
    list(viewer: string | null, postId: string, cursor: string | null | undefined): CommentPage {
      if (!store.posts.ownership(postId)) throw new AppError('notFound')
      const size = limits.commentPageSize
      const { page, nextCursor } = keysetPage(store.comments.page(viewer, postId, decodeCursor(cursor), size + 1), size)
      return { comments: page.map((c) => views.comment(c, viewer)), nextCursor }
    },

    async add(userId: string | null, postId: string, text: string): Promise<CommentView> {
      if (!userId) throw new AppError('loginFirstComment')
      enforce(checkComment(text), 'text')
      const id = ctx.newId()
      // The answer is read inside the transaction: another app copy may delete the post right after.
      return store.transaction(() => {
        const owner = store.posts.ownership(postId)
        if (!owner) throw new AppError('notFound')
        // Someone the author blocked: refused without saying why.
        if (store.controls.blocked(owner.authorId, userId)) throw new AppError('commentNotAllowed')
        const now = ctx.now()
        store.comments.insert({ id, postId, authorId: userId, text: text.trim(), createdAt: now })
        // Nor does the author hear from someone they muted.
        if (owner.authorId !== userId && !store.controls.hidden(owner.authorId, userId)) {
          store.alerts.addComment({ id: ctx.newId(), userId: owner.authorId, postId, actorId: userId, commentId: id, createdAt: now })
        }
        return views.comment(store.comments.get(id)!, userId)
      })
    },

    /** `as` 'moderator': the moderation service checked the caller is one (decision 030). */
    async remove(userId: string | null, commentId: string, as: Remover = 'author'): Promise<{ id: string; postId: string }> {
      if (!userId) throw new AppError('onlyCommentAuthorDelete')
      return store.transaction(() => {
        const comment = store.comments.get(commentId)
        if (!comment) throw new AppError('commentNotFound')
        if (as !== 'moderator' && comment.authorId !== userId) throw new AppError('onlyCommentAuthorDelete')
        store.comments.remove(commentId)
        return { id: commentId, postId: comment.postId }
      })
    }
  }
}

export type LocalComments = ReturnType<typeof createLocalComments>
