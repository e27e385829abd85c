import type { Db } from './database'

export type ChangeKind =
  | 'post_added'
  | 'post_updated'
  | 'post_removed'
  | 'likes'
  | 'comments'
  | 'alert_added'
  | 'alert_removed'
  /** One of the user's alerts was seen (migration 5): their unread count fell. */
  | 'alerts_seen'
  /** A session ended (migration 7): a copy signed out from another one learns it. */
  | 'session_removed'
  /** The person's notification settings or muted posts changed (the badge may count otherwise). */
  | 'alert_settings'
  /** One of the person's removal notices (운영 알림, decision 030) was added or removed. */
  | 'notices'

export interface ChangeRow {
  seq: number
  kind: ChangeKind
  postId: string | null
  userId: string | null
  alertId: string | null
}

/** How many change rows are kept: enough for any copy polling every fraction of a second. */
const keepRows = 50_000

export function createChangesStore(db: Db) {
  const since = db.prepare(
    'SELECT seq, kind, post_id AS postId, user_id AS userId, alert_id AS alertId FROM changes WHERE seq > ? ORDER BY seq LIMIT 5000'
  )
  // Two subqueries, not min() and max() in one: SQLite answers a lone min or max from the
  // primary key's b-tree in O(log n), but both together scan the whole log (50,000 rows,
  // milliseconds) — and this runs after every IPC call.
  const bounds = db.prepare(
    'SELECT coalesce((SELECT min(seq) FROM changes), 0) AS lo, coalesce((SELECT max(seq) FROM changes), 0) AS hi'
  )
  const prune = db.prepare('DELETE FROM changes WHERE seq <= ?')

  return {
    since(seq: number): ChangeRow[] {
      return since.all(seq) as ChangeRow[]
    },
    bounds(): { lo: number; hi: number } {
      return bounds.get() as { lo: number; hi: number }
    },
    prune(): void {
      const { hi } = bounds.get() as { hi: number }
      if (hi > keepRows) prune.run(hi - keepRows)
    }
  }
}

export type ChangesStore = ReturnType<typeof createChangesStore>
