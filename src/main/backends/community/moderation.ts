import { limits, reportReasons, reportTargets, type ReportReason, type ReportTarget } from '@shared/limits'
import type { ModerationLogEntry, ReportGroup } from '@shared/types'
import { checkRemovalReason } from '@shared/validation'
import { AppError, enforce } from '../../errors'
import type { Views } from '../../core/mappers'
import { groupReports, moderatorOnly, type OpenReport } from '../../core/moderation'
import type { Services } from '../../core/services'
import type { ReportDoc, Snapshot } from '../../firebase/ports'
import { checkReport, findTarget, noticeView, type FoundTarget } from '../local/moderation'
import type { CommunityAuth } from './auth'
import type { CommunityContext } from './context'
import type { MirrorWriter } from './mirror-writer'
import { remote } from './remote-call'

const isReason = (value: string): value is ReportReason => (reportReasons as readonly string[]).includes(value)
const isTarget = (value: string): value is ReportTarget => (reportTargets as readonly string[]).includes(value)

/** A report document as the 신고 page (and 내 데이터 내려받기) reads it; one of another shape is left out. */
export const openReport = ({ data }: Snapshot<ReportDoc>): OpenReport[] =>
  isTarget(data.kind) && isReason(data.reason) ? [{ kind: data.kind, targetId: data.target, reason: data.reason, note: data.note, createdAt: data.at }] : []

/**
 * 신고 and moderators in a community (docs/decisions/030-reports-and-moderators.md). Reports,
 * the log and the notices live in Firestore, where the rules trust only the moderator claim of
 * the ID token; main asks the same token before every moderator's call. What is reported is
 * shown from the mirror (a post or comment not in it is read once and mirrored). An author's
 * notices come by a listener while they are signed in (notices.ts) into the mirror.
 */
export function createCommunityModeration(
  ctx: CommunityContext,
  views: Views,
  auth: CommunityAuth,
  writer: MirrorWriter,
  remove: { post: Services['posts']['remove']; comment: Services['comments']['remove'] }
): Services['moderation'] {
  const { store, ports } = ctx

  async function requireModerator(userId: string) {
    const author = await auth.author(userId)
    if (!(await remote('read', () => ports.auth.moderator(false)))) throw new AppError(moderatorOnly)
    return author
  }

  /** The target in the mirror, or read once from Firestore into it; null when it is gone. */
  async function target(kind: ReportTarget, targetId: string): Promise<FoundTarget | null> {
    if (kind === 'post') {
      await writer.mirroredPost(targetId).catch((error: unknown) => {
        if (!(error instanceof AppError)) throw error
      })
    } else if (!store.comments.get(targetId)) {
      const doc = await remote('read', () => ports.docs.getComment(targetId))
      const postId = doc?.data.post_id
      if (doc && typeof postId === 'string' && (await writer.mirroredPost(postId).then(() => true, () => false))) await writer.pagedComments(postId, [doc])
    }
    return findTarget(ctx, views, kind, targetId)
  }

  async function reports(userId: string): Promise<ReportGroup[]> {
    await requireModerator(userId)
    const open = (await remote('read', () => ports.docs.reports(limits.reportsMax))).flatMap(openReport)
    const found = new Map<string, FoundTarget | null>()
    for (const report of open) {
      const key = `${report.kind}:${report.targetId}`
      if (!found.has(key)) found.set(key, await target(report.kind, report.targetId))
    }
    return groupReports(open, (kind, id) => found.get(`${kind}:${id}`) ?? null)
  }

  /** The mirror's copy, which the signed-in person's notices listener keeps (notices.ts). */
  const notices = async (userId: string) => store.moderation.notices(userId).map(noticeView)

  return {
    async report(userId, input) {
      const author = await auth.author(userId)
      const note = (input.note ?? '').trim()
      checkReport(await target(input.kind, input.targetId), userId, note)
      const added = await remote('write', () => ports.docs.addReport({ by: author.uid, kind: input.kind, target: input.targetId, reason: input.reason, note }))
      if (!added) throw new AppError('alreadyReported')
      return { done: true as const }
    },

    reports,

    async remove(userId, kind, targetId, reason) {
      const moderator = await requireModerator(userId)
      enforce(checkRemovalReason(reason), 'reason')
      const found = await target(kind, targetId)
      if (!found) throw new AppError('reportTargetGone')
      const authorKey = store.controls.keyOf(found.authorId)
      if (kind === 'post') await remove.post(userId, targetId, 'moderator')
      else await remove.comment(userId, targetId, 'moderator')
      const why = reason.trim()
      await remote('write', () => ports.docs.closeReports(kind, targetId))
      await remote('write', () => ports.docs.addModerationLog({ by: moderator.uid, moderator: moderator.nickname, author: found.authorNickname, kind, excerpt: found.excerpt, reason: why }))
      if (authorKey && found.authorId !== userId) await remote('write', () => ports.docs.addNotice(authorKey, { kind, excerpt: found.excerpt, reason: why }))
      return reports(userId)
    },

    async dismiss(userId, kind, targetId) {
      await requireModerator(userId)
      await remote('write', () => ports.docs.closeReports(kind, targetId))
      return reports(userId)
    },

    async log(userId): Promise<ModerationLogEntry[]> {
      await requireModerator(userId)
      const docs = await remote('read', () => ports.docs.moderationLog(limits.moderationLogMax))
      return docs.flatMap(({ id, data }) =>
        isTarget(data.kind) ? [{ id, kind: data.kind, excerpt: data.excerpt, author: data.author, moderator: data.moderator, reason: data.reason, createdAt: data.at }] : []
      )
    },

    notices,

    async dismissNotice(userId, id) {
      const key = store.controls.keyOf(userId)
      await auth.author(userId)
      if (key) await remote('write', () => ports.docs.deleteNotice(key, id))
      await store.transaction(() => store.moderation.removeNotice(userId, id))
      return notices(userId)
    },

    // A community's moderators are the claim's, set by the command (README): nothing to list here.
    async moderators(userId) {
      await requireModerator(userId)
      return null
    },

    async setModerator(userId) {
      await requireModerator(userId)
      throw new AppError('moderatorsByCommand')
    }
  }
}
