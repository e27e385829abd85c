import type { Db } from './database'
import { imageColumns, imageFromColumns, type ImageRecord } from './images-store'
import type { Keyset } from './keyset'
import { hiddenFrom } from './controls-store'

export interface CommentRecord {
  id: string
  postId: string
  authorId: string
  authorNickname: string
  authorAvatar: ImageRecord | null
  text: string
  createdAt: number
}

const select = `SELECT c.id, c.post_id, c.author_id, c.text, c.created_at, u.nickname AS author_nickname, ${imageColumns('a', 'a_')}
  FROM comments c JOIN users u ON u.id = c.author_id LEFT JOIN images a ON a.id = u.avatar_id`

const toComment = (row: Record<string, unknown>): CommentRecord => ({
  id: row.id as string,
  postId: row.post_id as string,
  authorId: row.author_id as string,
  authorNickname: row.author_nickname as string,
  authorAvatar: imageFromColumns(row, 'a_'),
  text: row.text as string,
  createdAt: row.created_at as number
})

export function createCommentsStore(db: Db) {
  // A page leaves out the comments of people the viewer blocked or muted (the post's count does too).
  const shown = `NOT ${hiddenFrom('u')}`
  const firstPage = db.prepare(`${select} WHERE c.post_id = @postId AND ${shown} ORDER BY c.created_at, c.id LIMIT @limit`)
  const nextPage = db.prepare(
    `${select} WHERE c.post_id = @postId AND ${shown} AND (c.created_at, c.id) > (@at, @id) ORDER BY c.created_at, c.id LIMIT @limit`
  )
  const byId = db.prepare(`${select} WHERE c.id = ?`)
  const insert = db.prepare(
    'INSERT INTO comments (id, post_id, author_id, text, created_at) VALUES (@id, @postId, @authorId, @text, @createdAt)'
  )
  const remove = db.prepare('DELETE FROM comments WHERE id = ?')

  return {
    page(viewer: string | null, postId: string, after: Keyset | null, limit: number): CommentRecord[] {
      const rows = after ? nextPage.all({ viewer, postId, limit, ...after }) : firstPage.all({ viewer, postId, limit })
      return (rows as Record<string, unknown>[]).map(toComment)
    },
    get(id: string): CommentRecord | null {
      const row = byId.get(id) as Record<string, unknown> | undefined
      return row ? toComment(row) : null
    },
    insert(comment: { id: string; postId: string; authorId: string; text: string; createdAt: number }): void {
      insert.run(comment)
    },
    remove(id: string): void {
      remove.run(id)
    }
  }
}

export type CommentsStore = ReturnType<typeof createCommentsStore>
