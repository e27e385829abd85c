import type { Db } from '../database'

/** A post's likes, reconciled to what its document's likedBy says. */
export function createMirrorLikes(db: Db) {
  const likersOf = db.prepare('SELECT user_id FROM likes WHERE post_id = ?').pluck()
  const insertLike = db.prepare('INSERT OR IGNORE INTO likes (post_id, user_id, created_at) VALUES (?, ?, ?)')
  const deleteLike = db.prepare('DELETE FROM likes WHERE post_id = ? AND user_id = ?')

  return {
    /** Makes the post's likers exactly these people. */
    setLikers(postId: string, userIds: string[], now: number): void {
      const wanted = new Set(userIds)
      for (const userId of likersOf.all(postId) as string[]) if (!wanted.delete(userId)) deleteLike.run(postId, userId)
      for (const userId of wanted) insertLike.run(postId, userId, now)
    }
  }
}
