import type { Db } from '../database'

/** Mirrored comments, and each post's comment count with how far the mirror holds its comments whole. */
export function createMirrorComments(db: Db) {
  const commentRow = db.prepare('SELECT author_id, text, created_at FROM comments WHERE id = ?')
  const commentIdsOf = db.prepare('SELECT id FROM comments WHERE post_id = ?').pluck()
  const insertComment = db.prepare(
    'INSERT INTO comments (id, post_id, author_id, text, created_at) VALUES (@id, @postId, @authorId, @text, @createdAt)'
  )
  const updateComment = db.prepare(
    'UPDATE comments SET author_id = @authorId, text = @text WHERE id = @id AND (author_id IS NOT @authorId OR text IS NOT @text)'
  )
  const deleteComment = db.prepare('DELETE FROM comments WHERE id = ?')
  // Migration 4's trigger logs a mirrored post's count only when it changes. A count that
  // disagrees with the comments the mirror holds makes the post not whole; one that agrees leaves
  // when it was whole as it was (a comment deleted and another written meanwhile agree too).
  const setCommentCount = db.prepare(
    `UPDATE posts SET remote_comments_whole = CASE WHEN comment_count = @count THEN remote_comments_whole END, comment_count = @count, remote_counted_at = @now
     WHERE id = @id`
  )
  const countMirrored = db.prepare(
    `UPDATE posts SET comment_count = (SELECT count(*) FROM comments WHERE post_id = @id), remote_counted_at = @now, remote_comments_whole = @now
     WHERE id = @id`
  )
  const commentsState = db.prepare('SELECT comment_count, remote_counted_at, remote_comments_whole FROM posts WHERE id = ?')

  return {
    commentCreatedAt(id: string): number | null {
      return (commentRow.get(id) as { created_at: number } | undefined)?.created_at ?? null
    },

    commentIdsOf(postId: string): string[] {
      return commentIdsOf.all(postId) as string[]
    },

    /** Inserts, or updates the author and text; a comment keeps the time it was first mirrored at. */
    upsertComment(comment: { id: string; postId: string; authorId: string; text: string; createdAt: number }): void {
      if (updateComment.run(comment).changes > 0 || commentRow.get(comment.id)) return
      insertComment.run(comment)
    },

    removeComment(id: string): void {
      deleteComment.run(id)
    },

    /** The post's comment count as Firebase counted it at `now` (a comment mirrored or removed later moves it by one, as always). */
    setCommentCount(postId: string, count: number, now: number): void {
      setCommentCount.run({ id: postId, count, now })
    },

    /** The post's comment count is its mirrored comments, all of them as of `now`: after a snapshot of every one. */
    countMirroredComments(postId: string, now: number): void {
      countMirrored.run({ id: postId, now })
    },

    /** What the mirror knows of the post's comments: their count, when it was last counted, and since when it has held every one (null: not). */
    commentsState(postId: string): { count: number; countedAt: number | null; wholeSince: number | null } | null {
      const row = commentsState.get(postId) as { comment_count: number; remote_counted_at: number | null; remote_comments_whole: number | null } | undefined
      return row ? { count: row.comment_count, countedAt: row.remote_counted_at, wholeSince: row.remote_comments_whole } : null
    }
  }
}
