import type { NotificationSettings } from '@shared/types'
import type { Db } from './database'
import { imageColumns, imageFromColumns, type ImageRecord } from './images-store'

export interface MutedPostRecord {
  postId: string
  postText: string
  postImage: ImageRecord | null
  mutedAt: number
}

/** 설정 → 알림 per account (migration 9): a missing row is the defaults (everything on, no quiet hours). */
export function createNotificationSettingsStore(db: Db) {
  const get = db.prepare('SELECT likes, comments, popups, quiet_start, quiet_end FROM notification_settings WHERE user_id = ?')
  const put = db.prepare(
    `INSERT INTO notification_settings (user_id, likes, comments, popups, quiet_start, quiet_end)
     VALUES (@userId, @likes, @comments, @popups, @quietStart, @quietEnd)
     ON CONFLICT (user_id) DO UPDATE SET likes = excluded.likes, comments = excluded.comments, popups = excluded.popups,
       quiet_start = excluded.quiet_start, quiet_end = excluded.quiet_end`
  )
  const mute = db.prepare('INSERT OR IGNORE INTO muted_posts (user_id, post_id, muted_at) VALUES (?, ?, ?)')
  const unmute = db.prepare('DELETE FROM muted_posts WHERE user_id = ? AND post_id = ?')
  const isMuted = db.prepare('SELECT 1 FROM muted_posts WHERE user_id = ? AND post_id = ?').pluck()
  const mutedIds = db.prepare('SELECT post_id FROM muted_posts WHERE user_id = ?').pluck()
  const muted = db.prepare(
    `SELECT m.post_id, m.muted_at, p.text AS post_text, ${imageColumns('i', 'p_')}
     FROM muted_posts m JOIN posts p ON p.id = m.post_id LEFT JOIN images i ON i.id = p.image_id
     WHERE m.user_id = ? ORDER BY m.muted_at DESC, m.post_id`
  )

  return {
    get(userId: string): NotificationSettings | null {
      const row = get.get(userId) as Record<string, number | null> | undefined
      if (!row) return null
      return {
        likes: row.likes === 1,
        comments: row.comments === 1,
        popups: row.popups === 1,
        quietHours: row.quiet_start === null || row.quiet_end === null ? null : { start: row.quiet_start!, end: row.quiet_end! }
      }
    },
    put(userId: string, settings: NotificationSettings): void {
      put.run({
        userId,
        likes: settings.likes ? 1 : 0,
        comments: settings.comments ? 1 : 0,
        popups: settings.popups ? 1 : 0,
        quietStart: settings.quietHours?.start ?? null,
        quietEnd: settings.quietHours?.end ?? null
      })
    },
    setMuted(userId: string, postId: string, on: boolean, at: number): void {
      if (on) mute.run(userId, postId, at)
      else unmute.run(userId, postId)
    },
    isMuted(userId: string, postId: string): boolean {
      return isMuted.get(userId, postId) !== undefined
    },
    mutedIds(userId: string): Set<string> {
      return new Set(mutedIds.all(userId) as string[])
    },
    /** The person's muted posts, newest muted first (their own posts: a handful, never a scan of the feed). */
    mutedPosts(userId: string): MutedPostRecord[] {
      return (muted.all(userId) as Record<string, unknown>[]).map((row) => ({
        postId: row.post_id as string,
        postText: row.post_text as string,
        postImage: imageFromColumns(row, 'p_'),
        mutedAt: row.muted_at as number
      }))
    }
  }
}

export type NotificationSettingsStore = ReturnType<typeof createNotificationSettingsStore>
