import type { Db } from './database'
import { imageColumns, imageFromColumns, type ImageRecord } from './images-store'

export interface LikerRecord {
  id: string
  /** '' when the store knows the person only by email (a community like by someone who never wrote here). */
  nickname: string
  avatar: ImageRecord | null
}

export function createLikesStore(db: Db) {
  const add = db.prepare('INSERT OR IGNORE INTO likes (post_id, user_id, created_at) VALUES (?, ?, ?)')
  const remove = db.prepare('DELETE FROM likes WHERE post_id = ? AND user_id = ?')
  const has = db.prepare('SELECT 1 FROM likes WHERE post_id = ? AND user_id = ?')
  const likers = db.prepare(
    `SELECT u.id, u.nickname, ${imageColumns('a', 'a_')}
     FROM likes l JOIN users u ON u.id = l.user_id LEFT JOIN images a ON a.id = u.avatar_id
     WHERE l.post_id = ? ORDER BY l.created_at DESC, u.id LIMIT ?`
  )

  return {
    /** True when this call added the like (false: it was already there). */
    add(postId: string, userId: string, at: number): boolean {
      return add.run(postId, userId, at).changes === 1
    },
    /** True when this call removed the like. */
    remove(postId: string, userId: string): boolean {
      return remove.run(postId, userId).changes === 1
    },
    has(postId: string, userId: string): boolean {
      return has.get(postId, userId) !== undefined
    },
    /** The post's newest likers first. */
    likers(postId: string, limit: number): LikerRecord[] {
      return (likers.all(postId, limit) as Record<string, unknown>[]).map((row) => ({
        id: row.id as string,
        nickname: row.nickname as string,
        avatar: imageFromColumns(row, 'a_')
      }))
    }
  }
}

export type LikesStore = ReturnType<typeof createLikesStore>
