import type { ReportReason, ReportTarget } from '@shared/limits'
import type { PersonView, ReportGroup } from '@shared/types'
import type { MessageKey } from '@shared/messages'

/** One open report, whichever backend keeps it; never who made it. */
export interface OpenReport {
  kind: ReportTarget
  targetId: string
  reason: ReportReason
  note: string
  createdAt: number
}

/** What a report is about as the 신고 page shows it; null when it is gone. */
export interface ReportedTarget {
  postId: string
  excerpt: string
  author: PersonView | null
}

/** How a target is named in sentences (messages.noticeRemoved, moderationLogLine). */
export const targetWord = (kind: ReportTarget): '게시글' | '댓글' => (kind === 'post' ? '게시글' : '댓글')

/** The refusal every moderation call but 신고 itself gives a member who is not a moderator. */
export const moderatorOnly: MessageKey = 'moderatorOnly'

const keyOf = (kind: ReportTarget, targetId: string) => `${kind}:${targetId}`

/**
 * The 신고 page's rows (docs/decisions/030-reports-and-moderators.md): a target's reports
 * together, with how many gave each reason and the words they added; the most reported first,
 * then the most recently reported. A target that is gone still shows (its reports can be closed).
 */
export function groupReports(reports: OpenReport[], target: (kind: ReportTarget, targetId: string) => ReportedTarget | null): ReportGroup[] {
  interface Group {
    kind: ReportTarget
    targetId: string
    reasons: Map<ReportReason, number>
    notes: string[]
    count: number
    latestAt: number
  }
  const groups = new Map<string, Group>()
  for (const report of reports) {
    const key = keyOf(report.kind, report.targetId)
    const group: Group = groups.get(key) ?? { kind: report.kind, targetId: report.targetId, reasons: new Map(), notes: [], count: 0, latestAt: 0 }
    group.count++
    group.latestAt = Math.max(group.latestAt, report.createdAt)
    group.reasons.set(report.reason, (group.reasons.get(report.reason) ?? 0) + 1)
    if (report.note) group.notes.push(report.note)
    groups.set(key, group)
  }
  return [...groups.values()]
    .sort((a, b) => b.count - a.count || b.latestAt - a.latestAt)
    .map((group) => {
      const found = target(group.kind, group.targetId)
      return {
        kind: group.kind,
        targetId: group.targetId,
        postId: found?.postId ?? (group.kind === 'post' ? group.targetId : ''),
        excerpt: found?.excerpt ?? '',
        author: found?.author ?? null,
        count: group.count,
        reasons: [...group.reasons].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count),
        notes: group.notes,
        latestAt: group.latestAt
      }
    })
}
