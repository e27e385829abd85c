import type { AlertType } from '@shared/limits'
import type { Db } from '../database'

/** The signed-in person's alerts as the community's alert documents list them. */
export function createMirrorAlerts(db: Db) {
  const alertIdsOf = db.prepare('SELECT id FROM alerts WHERE user_id = ?').pluck()
  const insertAlert = db.prepare(
    `INSERT OR IGNORE INTO alerts (id, user_id, post_id, actor_id, type, created_at)
     VALUES (@id, @userId, @postId, @actorId, @type, @createdAt)`
  )
  const likeAlertOf = db.prepare("SELECT id FROM alerts WHERE post_id = ? AND actor_id = ? AND type = 'like'").pluck()

  return {
    alertIdsOf(userId: string): string[] {
      return alertIdsOf.all(userId) as string[]
    },

    /** False when it was already there, or is a second like alert from the same person on the same post. */
    insertAlert(alert: { id: string; userId: string; postId: string; actorId: string; type: AlertType; createdAt: number }): boolean {
      return insertAlert.run(alert).changes === 1
    },

    likeAlertId(postId: string, actorId: string): string | null {
      return (likeAlertOf.get(postId, actorId) as string | undefined) ?? null
    }
  }
}
