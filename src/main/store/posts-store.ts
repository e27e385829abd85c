import type { Layout } from '@shared/limits'
import type { Db } from './database'
import { imageColumns, imageFromColumns, type ImageRecord } from './images-store'
import type { Keyset } from './keyset'
import { hiddenComments, hiddenFrom } from './controls-store'

export interface PostRecord {
  id: string
  authorId: string
  authorNickname: string
  authorAvatar: ImageRecord | null
  text: string
  layout: Layout
  image: ImageRecord
  createdAt: number
  updatedAt: number
  likeCount: number
  commentCount: number
  likedByViewer: boolean
}

/** The posts the feed shows: those with their author and photo (find looks at the same rows, so places match). */
const feedRows = `FROM posts p
  JOIN users u ON u.id = p.author_id
  JOIN images i ON i.id = p.image_id`

// The count leaves out the comments of people hidden from the viewer, as their list does.
const select = `SELECT p.id, p.author_id, p.text, p.layout, p.created_at, p.updated_at, p.like_count, p.comment_count - ${hiddenComments} AS comment_count,
    u.nickname AS author_nickname, ${imageColumns('i', 'p_')}, ${imageColumns('a', 'a_')},
    EXISTS (SELECT 1 FROM likes l WHERE l.post_id = p.id AND l.user_id = @viewer) AS liked
  ${feedRows}
  LEFT JOIN images a ON a.id = u.avatar_id`

const toPost = (row: Record<string, unknown>): PostRecord => ({
  id: row.id as string,
  authorId: row.author_id as string,
  authorNickname: row.author_nickname as string,
  authorAvatar: imageFromColumns(row, 'a_'),
  text: row.text as string,
  layout: row.layout as Layout,
  image: imageFromColumns(row, 'p_')!,
  createdAt: row.created_at as number,
  updatedAt: row.updated_at as number,
  likeCount: row.like_count as number,
  commentCount: row.comment_count as number,
  likedByViewer: row.liked === 1
})

export function createPostsStore(db: Db) {
  // The feed leaves out the posts of people the viewer blocked or muted.
  const shown = `NOT ${hiddenFrom('u')}`
  const firstPage = db.prepare(`${select} WHERE ${shown} ORDER BY p.created_at DESC, p.id DESC LIMIT @limit`)
  const nextPage = db.prepare(
    `${select} WHERE ${shown} AND (p.created_at, p.id) < (@at, @id) ORDER BY p.created_at DESC, p.id DESC LIMIT @limit`
  )
  const byId = db.prepare(`${select} WHERE p.id = @id`)
  const authorFirst = db.prepare(`${select} WHERE p.author_id = @author ORDER BY p.created_at DESC, p.id DESC LIMIT @limit`)
  const authorNext = db.prepare(
    `${select} WHERE p.author_id = @author AND (p.created_at, p.id) < (@at, @id) ORDER BY p.created_at DESC, p.id DESC LIMIT @limit`
  )
  // The feed's rows with only what find reads.
  const feedWords = `SELECT u.nickname, p.text ${feedRows}`
  const wordsAll = db.prepare(`${feedWords} WHERE ${shown} ORDER BY p.created_at DESC, p.id DESC`)
  const wordsThrough = db.prepare(`${feedWords} WHERE ${shown} AND (p.created_at, p.id) >= (@at, @id) ORDER BY p.created_at DESC, p.id DESC`)
  const hiddenAuthor = db.prepare(`SELECT 1 FROM posts p JOIN users u ON u.id = p.author_id WHERE p.id = @id AND ${hiddenFrom('u')}`)
  const owner = db.prepare('SELECT author_id, image_id FROM posts WHERE id = ?')
  const insert = db.prepare(
    `INSERT INTO posts (id, author_id, text, layout, image_id, created_at, updated_at)
     VALUES (@id, @authorId, @text, @layout, @imageId, @createdAt, @createdAt)`
  )
  const update = db.prepare(
    // Past created_at even within its millisecond (or before a server's time for it arrived): that marks it edited.
    'UPDATE posts SET text = @text, layout = @layout, image_id = @imageId, updated_at = MAX(@updatedAt, created_at + 1) WHERE id = @id'
  )
  const remove = db.prepare('DELETE FROM posts WHERE id = ?')
  const counts = db.prepare('SELECT like_count, comment_count FROM posts WHERE id = ?')

  return {
    page(viewer: string | null, after: Keyset | null, limit: number): PostRecord[] {
      const rows = after ? nextPage.all({ viewer, limit, ...after }) : firstPage.all({ viewer, limit })
      return (rows as Record<string, unknown>[]).map(toPost)
    },
    /** One person's posts, newest first (their page's grid). */
    byAuthor(author: string, viewer: string | null, after: Keyset | null, limit: number): PostRecord[] {
      const rows = after ? authorNext.all({ author, viewer, limit, ...after }) : authorFirst.all({ author, viewer, limit })
      return (rows as Record<string, unknown>[]).map(toPost)
    },
    /** Each shown post's author nickname and text in feed order, from the newest down to `through` (inclusive; null: every post). */
    words(viewer: string | null, through: Keyset | null): IterableIterator<{ nickname: string; text: string }> {
      return (through ? wordsThrough.iterate({ viewer, ...through }) : wordsAll.iterate({ viewer })) as IterableIterator<{ nickname: string; text: string }>
    },
    /** Whether the post's author is someone the viewer blocked or muted. */
    hiddenFrom(id: string, viewer: string | null): boolean {
      return viewer !== null && hiddenAuthor.get({ id, viewer }) !== undefined
    },
    get(id: string, viewer: string | null): PostRecord | null {
      const row = byId.get({ id, viewer }) as Record<string, unknown> | undefined
      return row ? toPost(row) : null
    },
    ownership(id: string): { authorId: string; imageId: string } | null {
      const row = owner.get(id) as { author_id: string; image_id: string } | undefined
      return row ? { authorId: row.author_id, imageId: row.image_id } : null
    },
    insert(post: { id: string; authorId: string; text: string; layout: Layout; imageId: string; createdAt: number }): void {
      insert.run(post)
    },
    update(post: { id: string; text: string; layout: Layout; imageId: string; updatedAt: number }): void {
      update.run(post)
    },
    remove(id: string): void {
      remove.run(id)
    },
    counts(id: string): { likeCount: number; commentCount: number } | null {
      const row = counts.get(id) as { like_count: number; comment_count: number } | undefined
      return row ? { likeCount: row.like_count, commentCount: row.comment_count } : null
    }
  }
}

export type PostsStore = ReturnType<typeof createPostsStore>
