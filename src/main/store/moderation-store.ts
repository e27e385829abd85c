import type { ReportReason, ReportTarget } from '@shared/limits'
import type { Db } from './database'

/** One open report as the 신고 page groups them; who made it stays in the store. */
export interface ReportRecord {
  kind: ReportTarget
  targetId: string
  reason: ReportReason
  note: string
  createdAt: number
}

export interface ModerationLogRecord {
  id: string
  moderatorNickname: string
  authorNickname: string
  kind: ReportTarget
  excerpt: string
  reason: string
  createdAt: number
}

export interface NoticeRecord {
  id: string
  kind: ReportTarget
  excerpt: string
  reason: string
  createdAt: number
}

const reportRecord = (row: Record<string, unknown>): ReportRecord => ({
  kind: row.target_kind as ReportTarget,
  targetId: row.target_id as string,
  reason: row.reason as ReportReason,
  note: row.note as string,
  createdAt: row.created_at as number
})

/**
 * Local mode's 신고 and moderators (docs/decisions/030-reports-and-moderators.md). The first
 * account made on this computer (the earliest users row) is always a moderator; the
 * moderators table holds those it (or another moderator) named.
 */
export function createModerationStore(db: Db) {
  const first = db.prepare('SELECT id FROM users ORDER BY created_at, id LIMIT 1')
  const byNickname = db.prepare('SELECT id FROM users WHERE nickname = ? ORDER BY created_at, id LIMIT 1')
  const named = db.prepare('SELECT 1 FROM moderators WHERE user_id = ?')
  const listNamed = db.prepare('SELECT m.user_id FROM moderators m JOIN users u ON u.id = m.user_id ORDER BY m.created_at, m.user_id')
  const name = db.prepare('INSERT OR IGNORE INTO moderators (user_id, created_at) VALUES (?, ?)')
  const unname = db.prepare('DELETE FROM moderators WHERE user_id = ?')
  const addReport = db.prepare(
    `INSERT OR IGNORE INTO reports (id, reporter_id, target_kind, target_id, reason, note, created_at)
     VALUES (@id, @reporterId, @kind, @targetId, @reason, @note, @createdAt)`
  )
  const open = db.prepare('SELECT target_kind, target_id, reason, note, created_at FROM reports ORDER BY created_at DESC, id DESC LIMIT ?')
  const close = db.prepare('DELETE FROM reports WHERE target_kind = ? AND target_id = ?')
  const log = db.prepare(
    `INSERT INTO moderation_log (id, moderator_nickname, author_nickname, target_kind, excerpt, reason, created_at)
     VALUES (@id, @moderatorNickname, @authorNickname, @kind, @excerpt, @reason, @createdAt)`
  )
  const recent = db.prepare('SELECT * FROM moderation_log ORDER BY created_at DESC, id DESC LIMIT ?')
  const notify = db.prepare(
    `INSERT INTO removal_notices (id, user_id, target_kind, excerpt, reason, created_at)
     VALUES (@id, @userId, @kind, @excerpt, @reason, @createdAt)`
  )
  const noticesOf = db.prepare('SELECT id, target_kind, excerpt, reason, created_at FROM removal_notices WHERE user_id = ? ORDER BY created_at DESC, id DESC')
  const dropNotice = db.prepare('DELETE FROM removal_notices WHERE user_id = ? AND id = ?')
  const reportsOf = db.prepare('SELECT target_kind, target_id, reason, note, created_at FROM reports WHERE reporter_id = ? ORDER BY created_at, id')

  const firstId = (): string | null => (first.get() as { id: string } | undefined)?.id ?? null

  return {
    firstId,
    isModerator(userId: string): boolean {
      return userId === firstId() || named.get(userId) !== undefined
    },
    /** Local nicknames are one per look-alike key (decision 021), so the exact name finds one member. */
    idByNickname(nickname: string): string | null {
      return (byNickname.get(nickname) as { id: string } | undefined)?.id ?? null
    },
    /** Those named, oldest first (the first account is not among them). */
    named(): string[] {
      return (listNamed.all() as { user_id: string }[]).map((row) => row.user_id)
    },
    setModerator(userId: string, moderator: boolean, at: number): void {
      if (moderator) name.run(userId, at)
      else unname.run(userId)
    },
    /** False when the reporter had already reported the target. */
    addReport(row: { id: string; reporterId: string; kind: ReportTarget; targetId: string; reason: ReportReason; note: string; createdAt: number }): boolean {
      return addReport.run(row).changes === 1
    },
    openReports(limit: number): ReportRecord[] {
      return (open.all(limit) as Record<string, unknown>[]).map(reportRecord)
    },
    /** The reports one person made, oldest first (내 데이터 내려받기). */
    reportsBy(userId: string): ReportRecord[] {
      return (reportsOf.all(userId) as Record<string, unknown>[]).map(reportRecord)
    },
    closeReports(kind: ReportTarget, targetId: string): void {
      close.run(kind, targetId)
    },
    logRemoval(row: ModerationLogRecord): void {
      log.run(row)
    },
    log(limit: number): ModerationLogRecord[] {
      return (recent.all(limit) as Record<string, unknown>[]).map((row) => ({
        id: row.id as string,
        moderatorNickname: row.moderator_nickname as string,
        authorNickname: row.author_nickname as string,
        kind: row.target_kind as ReportTarget,
        excerpt: row.excerpt as string,
        reason: row.reason as string,
        createdAt: row.created_at as number
      }))
    },
    addNotice(row: NoticeRecord & { userId: string }): void {
      notify.run(row)
    },
    notices(userId: string): NoticeRecord[] {
      return (noticesOf.all(userId) as Record<string, unknown>[]).map((row) => ({
        id: row.id as string,
        kind: row.target_kind as ReportTarget,
        excerpt: row.excerpt as string,
        reason: row.reason as string,
        createdAt: row.created_at as number
      }))
    },
    removeNotice(userId: string, id: string): void {
      dropNotice.run(userId, id)
    }
  }
}

export type ModerationStore = ReturnType<typeof createModerationStore>
