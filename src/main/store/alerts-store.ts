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
}

const toAlert = (row: Record<string, unknown>): AlertRecord => ({
  id: row.id as string,
  type: row.type as AlertType,
  postId: row.post_id as string,
  actorId: row.actor_id as string,
  actorNickname: row.actor_nickname as string,
  actorAvatar: imageFromColumns(row, 'a_'),
  postImage: imageFromColumns(row, 'p_'),
  createdAt: row.created_at as number
})

export function createAlertsStore(db: Db) {
  const select = `SELECT al.id, al.type, al.post_id, al.actor_id, al.created_at, u.nickname AS actor_nickname,
        ${imageColumns('a', 'a_')}, ${imageColumns('i', 'p_')}
     FROM alerts al
     JOIN users u ON u.id = al.actor_id
     LEFT JOIN images a ON a.id = u.avatar_id
     JOIN posts p ON p.id = al.post_id
     LEFT JOIN images i ON i.id = p.image_id`
  const list = db.prepare(`${select} WHERE al.user_id = @userId ORDER BY al.created_at DESC, al.id DESC LIMIT @limit`)
  const byIds = db.prepare(`${select} WHERE al.id IN (SELECT value FROM json_each(@ids)) ORDER BY al.created_at, al.id`)
  // Kept by triggers (migration 2): one row, however many alerts the person has.
  const count = db.prepare('SELECT alert_count AS n FROM users WHERE id = ?')
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
    count(userId: string): number {
      return (count.get(userId) as { n: number } | undefined)?.n ?? 0
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
