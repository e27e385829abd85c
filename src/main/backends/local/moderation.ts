import { limits, type ReportReason, type ReportTarget } from '@shared/limits'
import type { ModerationLogEntry, ModeratorView, RemovalNotice, ReportGroup } from '@shared/types'
import { checkRemovalReason, checkReportNote } from '@shared/validation'
import { AppError, enforce } from '../../errors'
import type { ServiceContext } from '../../core/context'
import { excerpt } from '../../core/excerpt'
import type { Views } from '../../core/mappers'
import { groupReports, moderatorOnly, type ReportedTarget } from '../../core/moderation'
import type { Services } from '../../core/services'
import type { NoticeRecord } from '../../store/moderation-store'

/** A reported post or comment as the store has it, with whose it is. */
export interface FoundTarget extends ReportedTarget {
  authorId: string
  authorNickname: string
}

/** A post or comment from the store (local mode's, or a community's mirror); null when it is gone. */
export function findTarget(ctx: ServiceContext, views: Views, kind: ReportTarget, targetId: string): FoundTarget | null {
  const { store } = ctx
  if (kind === 'post') {
    const post = store.posts.get(targetId, null)
    if (!post) return null
    return { postId: post.id, excerpt: excerpt(post.text), author: views.person(post.authorId, post.authorNickname, post.authorAvatar), authorId: post.authorId, authorNickname: post.authorNickname }
  }
  const comment = store.comments.get(targetId)
  if (!comment) return null
  return {
    postId: comment.postId,
    excerpt: excerpt(comment.text),
    author: views.person(comment.authorId, comment.authorNickname, comment.authorAvatar),
    authorId: comment.authorId,
    authorNickname: comment.authorNickname
  }
}

/** A new report's own checks, both backends: its words, a target that exists, and not one's own. */
export function checkReport(found: FoundTarget | null, userId: string, note: string): FoundTarget {
  enforce(checkReportNote(note), 'note')
  if (!found) throw new AppError('reportTargetGone')
  if (found.authorId === userId) throw new AppError('cannotReportOwn')
  return found
}

export const noticeView = (notice: NoticeRecord): RemovalNotice => ({ ...notice })

/**
 * Local mode's 신고 and moderators (docs/decisions/030-reports-and-moderators.md): reports,
 * the moderation log and the authors' notices live in the store; the first account made on this
 * computer is a moderator and names others. A removal goes through the posts' and comments'
 * own delete (photos, comments, likes and alerts with it).
 */
export function createLocalModeration(ctx: ServiceContext, views: Views, remove: { post: Services['posts']['remove']; comment: Services['comments']['remove'] }): Services['moderation'] {
  const { store } = ctx

  function requireModerator(userId: string): string {
    if (!store.moderation.isModerator(userId)) throw new AppError(moderatorOnly)
    return store.users.get(userId)?.nickname ?? ''
  }

  function reports(userId: string): ReportGroup[] {
    requireModerator(userId)
    return groupReports(store.moderation.openReports(limits.reportsMax), (kind, id) => findTarget(ctx, views, kind, id))
  }

  function moderators(): ModeratorView[] {
    const first = store.moderation.firstId()
    return [first, ...store.moderation.named()].flatMap((id) => {
      const user = id ? store.users.get(id) : null
      return user ? [{ person: views.person(user.id, user.nickname, user.avatar), first: user.id === first }] : []
    })
  }

  return {
    async report(userId: string, input: { kind: ReportTarget; targetId: string; reason: ReportReason; note?: string }) {
      const note = (input.note ?? '').trim()
      checkReport(findTarget(ctx, views, input.kind, input.targetId), userId, note)
      const added = await store.transaction(() =>
        store.moderation.addReport({ id: ctx.newId(), reporterId: userId, kind: input.kind, targetId: input.targetId, reason: input.reason, note, createdAt: ctx.now() })
      )
      if (!added) throw new AppError('alreadyReported')
      return { done: true as const }
    },

    reports: async (userId) => reports(userId),

    async remove(userId, kind, targetId, reason) {
      const moderator = requireModerator(userId)
      enforce(checkRemovalReason(reason), 'reason')
      const found = findTarget(ctx, views, kind, targetId)
      if (!found) throw new AppError('reportTargetGone')
      if (kind === 'post') await remove.post(userId, targetId, 'moderator')
      else await remove.comment(userId, targetId, 'moderator')
      const at = ctx.now()
      const why = reason.trim()
      await store.transaction(() => {
        store.moderation.closeReports(kind, targetId)
        store.moderation.logRemoval({ id: ctx.newId(), moderatorNickname: moderator, authorNickname: found.authorNickname, kind, excerpt: found.excerpt, reason: why, createdAt: at })
        // A moderator removing their own writing needs no notice of it.
        if (found.authorId !== userId) store.moderation.addNotice({ id: ctx.newId(), userId: found.authorId, kind, excerpt: found.excerpt, reason: why, createdAt: at })
      })
      return reports(userId)
    },

    async dismiss(userId, kind, targetId) {
      requireModerator(userId)
      await store.transaction(() => store.moderation.closeReports(kind, targetId))
      return reports(userId)
    },

    async log(userId): Promise<ModerationLogEntry[]> {
      requireModerator(userId)
      return store.moderation.log(limits.moderationLogMax).map(({ authorNickname, moderatorNickname, ...entry }) => ({ ...entry, author: authorNickname, moderator: moderatorNickname }))
    },

    notices: (userId) => store.moderation.notices(userId).map(noticeView),

    async dismissNotice(userId, id) {
      await store.transaction(() => store.moderation.removeNotice(userId, id))
      return store.moderation.notices(userId).map(noticeView)
    },

    async moderators(userId) {
      requireModerator(userId)
      return moderators()
    },

    async setModerator(userId, nickname, moderator) {
      requireModerator(userId)
      const personId = store.moderation.idByNickname(nickname.trim())
      if (!personId) throw new AppError('moderatorNotFound', 'nickname')
      if (!moderator && personId === store.moderation.firstId()) throw new AppError('cannotUnnameFirst')
      await store.transaction(() => store.moderation.setModerator(personId, moderator, ctx.now()))
      return moderators()
    }
  }
}
