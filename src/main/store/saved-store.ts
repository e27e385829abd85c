import type { Db } from './database'

/** One save: which post, and when (the page's order). */
export interface SavedEntry {
  postId: string
  savedAt: number
}

/** 저장한 글 (migration 17): a person's saves; the page's posts come from posts-store's savedPage. */
export function createSavedStore(db: Db) {
  const put = db.prepare('INSERT INTO saved_posts (user_id, post_id, saved_at) VALUES (?, ?, ?) ON CONFLICT (user_id, post_id) DO NOTHING')
  const remove = db.prepare('DELETE FROM saved_posts WHERE user_id = ? AND post_id = ?')
  const removeAll = db.prepare('DELETE FROM saved_posts WHERE user_id = ?')
  const ids = db.prepare('SELECT post_id FROM saved_posts WHERE user_id = ? ORDER BY saved_at DESC, post_id DESC').pluck()
  const entries = db.prepare('SELECT post_id AS postId, saved_at AS savedAt FROM saved_posts WHERE user_id = ? ORDER BY saved_at DESC, post_id DESC')
  const count = db.prepare('SELECT count(*) FROM saved_posts WHERE user_id = ?').pluck()
  const postExists = db.prepare('SELECT 1 FROM posts WHERE id = ?').pluck()

  return {
    /** Saves the post (kept at its first time when saved again); false when the store has no such post. */
    add(userId: string, postId: string, savedAt: number): boolean {
      if (postExists.get(postId) === undefined) return false
      put.run(userId, postId, savedAt)
      return true
    },
    remove(userId: string, postId: string): void {
      remove.run(userId, postId)
    },
    /** The person's saved post ids, last saved first. */
    ids(userId: string): string[] {
      return ids.all(userId) as string[]
    },
    /** The person's saves with their times, last saved first (내 데이터 내려받기). */
    entries(userId: string): SavedEntry[] {
      return entries.all(userId) as SavedEntry[]
    },
    count(userId: string): number {
      return count.get(userId) as number
    },
    /** Community mode: the person's list as Firestore holds it; those of posts the mirror lacks are left out. */
    replace(userId: string, entries: readonly SavedEntry[]): void {
      removeAll.run(userId)
      for (const entry of entries) if (postExists.get(entry.postId) !== undefined) put.run(userId, entry.postId, entry.savedAt)
    }
  }
}

export type SavedStore = ReturnType<typeof createSavedStore>
