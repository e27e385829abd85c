import type { AlertType } from '@shared/limits'
import type { Db } from './database'
import { imageColumns, imageFromColumns, type ImageRecord } from './images-store'

export interface AlertRecord {
  id: string
  type: AlertType
  postId: string
  actorId: string
  actorNickname: string
  actorAvatar: ImageRecord | null
  postImage: ImageRecord | null
  createdAt: number
  /** Seen by the person it is for (migration 5). */
  seen: boolean
  /** The post's text, whose first words name the post on its row. */
  postText: string
  /** A comment alert's comment, where the store has it (see select). */
  commentId: string | null
  commentText: string | null
}

/** Where the list stood when it was shown: the alerts at or below this (created_at, id) in the list's order. */
export interface AlertBound {
  createdAt: number
  id: string
}

const toAlert = (row: Record<string, unknown>): AlertRecord => ({
  id: row.id as string,
  type: row.type as AlertType,
  postId: row.post_id as string,
  actorId: row.actor_id as string,
  actorNickname: row.actor_nickname as string,
  actorAvatar: imageFromColumns(row, 'a_'),
  postImage: imageFromColumns(row, 'p_'),
  createdAt: row.created_at as number,
  seen: row.seen_at !== null,
  postText: row.post_text as string,
  commentId: (row.comment_id as string | null) ?? null,
  commentText: (row.comment_text as string | null) ?? null
})

/**
 * How long after its comment a comment alert may be dated: the Realtime Database's alerts carry
 * a display date to the minute, as do the web app's comments.
 */
const commentSlackMs = 60_000

export function createAlertsStore(db: Db) {
  // A local comment alert names its comment. One from the Realtime Database names none, only the
  // actor's nickname: it is matched in the mirror to the latest comment on the post by someone of
  // that nickname, by its date (to the minute; then the one mirrored last), where the mirror holds
  // the post's comments (decision 022).
  const comment = `CASE WHEN al.comment_id IS NOT NULL THEN al.comment_id WHEN al.type = 'comment' THEN (
        SELECT m.id FROM comments m JOIN users mu ON mu.id = m.author_id
        WHERE m.post_id = al.post_id AND mu.nickname = u.nickname AND m.created_at <= al.created_at + ${commentSlackMs}
        ORDER BY m.created_at DESC, m.rowid DESC LIMIT 1) END`
  const select = `SELECT al.id, al.type, al.post_id, al.actor_id, al.created_at, al.seen_at, u.nickname AS actor_nickname,
        p.text AS post_text, c.id AS comment_id, c.text AS comment_text, ${imageColumns('a', 'a_')}, ${imageColumns('i', 'p_')}
     FROM alerts al
     JOIN users u ON u.id = al.actor_id
     LEFT JOIN images a ON a.id = u.avatar_id
     JOIN posts p ON p.id = al.post_id
     LEFT JOIN images i ON i.id = p.image_id
     LEFT JOIN comments c ON c.id = ${comment}`
  const list = db.prepare(`${select} WHERE al.user_id = @userId ORDER BY al.created_at DESC, al.id DESC LIMIT @limit`)
  const byIds = db.prepare(`${select} WHERE al.id IN (SELECT value FROM json_each(@ids)) ORDER BY al.created_at, al.id`)
  // Rows of the list (a post's alerts of one type), all and unread, kept by triggers (migration 8):
  // one read, however many alerts the person has.
  const count = db.prepare('SELECT alert_rows AS n FROM users WHERE id = ?')
  // The badge: unread rows, less those the person turned off (decision 026) — a kind off (the
  // unread like rows are kept beside all unread rows), and a muted post's rows of a kind still on
  // (a probe per muted post). core/alert-delivery.ts's countsOnBadge says the same per alert.
  const unseen = db.prepare(
    `SELECT u.unseen_alert_rows
       - CASE WHEN s.likes = 0 THEN u.unseen_like_rows ELSE 0 END
       - CASE WHEN s.comments = 0 THEN u.unseen_alert_rows - u.unseen_like_rows ELSE 0 END
       - (SELECT count(*) FROM muted_posts m, (SELECT 'like' AS type UNION ALL SELECT 'comment') t
          WHERE m.user_id = u.id AND (CASE t.type WHEN 'like' THEN coalesce(s.likes, 1) ELSE coalesce(s.comments, 1) END) = 1
            AND EXISTS (SELECT 1 FROM alerts a WHERE a.post_id = m.post_id AND a.type = t.type AND a.user_id = u.id AND a.seen_at IS NULL)) AS n
     FROM users u LEFT JOIN notification_settings s ON s.user_id = u.id WHERE u.id = ?`
  )
  const markSeen = db.prepare(
    `UPDATE alerts SET seen_at = @at
     WHERE user_id = @userId AND seen_at IS NULL AND (created_at < @createdAt OR (created_at = @createdAt AND id <= @id))`
  )
  // A row of the list stands for its post's alerts of its type up to its newest (core/alert-groups.ts).
  const groupOf = db
    .prepare(
      `SELECT al.id FROM alerts al JOIN alerts h ON h.id = ?
       WHERE al.user_id = h.user_id AND al.post_id = h.post_id AND al.type = h.type
         AND (al.created_at < h.created_at OR (al.created_at = h.created_at AND al.id <= h.id))`
    )
    .pluck()
  const insertLike = db.prepare(
    `INSERT OR IGNORE INTO alerts (id, user_id, post_id, actor_id, type, created_at)
     VALUES (@id, @userId, @postId, @actorId, 'like', @createdAt)`
  )
  const insertComment = db.prepare(
    `INSERT INTO alerts (id, user_id, post_id, actor_id, type, comment_id, created_at)
     VALUES (@id, @userId, @postId, @actorId, 'comment', @commentId, @createdAt)`
  )
  const removeLike = db.prepare("DELETE FROM alerts WHERE post_id = ? AND actor_id = ? AND type = 'like'")
  const owner = db.prepare('SELECT user_id FROM alerts WHERE id = ?')
  const remove = db.prepare('DELETE FROM alerts WHERE id = ?')
  const clear = db.prepare('DELETE FROM alerts WHERE user_id = ?')

  return {
    list(userId: string, limit: number): AlertRecord[] {
      return (list.all({ userId, limit }) as Record<string, unknown>[]).map(toAlert)
    },
    /** How many rows the person's alerts make (a post's alerts of one type are one row). */
    count(userId: string): number {
      return (count.get(userId) as { n: number } | undefined)?.n ?? 0
    },
    /** How many of those rows hold an alert the person has not seen, less those they turned off: the badge. */
    unseen(userId: string): number {
      return (unseen.get(userId) as { n: number } | undefined)?.n ?? 0
    },
    /** Marks the person's alerts at or below `through` (in the list's order) seen; how many were not. */
    markSeen(userId: string, through: AlertBound, at: number): number {
      return markSeen.run({ userId, createdAt: through.createdAt, id: through.id, at }).changes
    },
    /** The alerts the list's row headed by this alert stands for (none when it is gone). */
    groupOf(headId: string): string[] {
      return groupOf.all(headId) as string[]
    },
    addLike(alert: { id: string; userId: string; postId: string; actorId: string; createdAt: number }): boolean {
      return insertLike.run(alert).changes === 1
    },
    addComment(alert: { id: string; userId: string; postId: string; actorId: string; commentId: string; createdAt: number }): void {
      insertComment.run(alert)
    },
    removeLike(postId: string, actorId: string): void {
      removeLike.run(postId, actorId)
    },
    ownerOf(id: string): string | null {
      const row = owner.get(id) as { user_id: string } | undefined
      return row?.user_id ?? null
    },
    remove(id: string): void {
      remove.run(id)
    },
    removeMany(ids: string[]): void {
      for (const id of ids) remove.run(id)
    },
    clear(userId: string): void {
      clear.run(userId)
    },
    /** The alerts among ids that still exist, oldest first. */
    getMany(ids: string[]): AlertRecord[] {
      return (byIds.all({ ids: JSON.stringify(ids) }) as Record<string, unknown>[]).map(toAlert)
    }
  }
}

export type AlertsStore = ReturnType<typeof createAlertsStore>
