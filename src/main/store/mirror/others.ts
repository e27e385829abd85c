import type { Db } from '../database'

/**
 * What others wrote, as the mirror holds it: a member removed from a members-only community keeps
 * only their own writing on this computer (docs/decisions/045-members-only.md).
 */
export function createMirrorOthers(db: Db) {
  const othersPosts = db.prepare('SELECT id FROM posts WHERE author_id IS NOT ?').pluck()
  const othersComments = db.prepare('SELECT id FROM comments WHERE author_id IS NOT ?').pluck()
  return {
    postIdsNotBy(authorId: string): string[] {
      return othersPosts.all(authorId) as string[]
    },
    commentIdsNotBy(authorId: string): string[] {
      return othersComments.all(authorId) as string[]
    }
  }
}
