import type { Db } from './database'

export function createLikesStore(db: Db) {
  const add = db.prepare('INSERT OR IGNORE INTO likes (post_id, user_id, created_at) VALUES (?, ?, ?)')
  const remove = db.prepare('DELETE FROM likes WHERE post_id = ? AND user_id = ?')
  const has = db.prepare('SELECT 1 FROM likes WHERE post_id = ? AND user_id = ?')

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
    }
  }
}

export type LikesStore = ReturnType<typeof createLikesStore>
