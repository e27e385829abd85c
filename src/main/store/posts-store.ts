import type { Layout } from '@shared/limits'
import type { Db } from './database'
import { imageColumns, imageFromColumns, photosByPost, type ImageRecord } from './images-store'
import type { Keyset } from './keyset'
import { hiddenComments, hiddenFrom } from './controls-store'

/** One photo of a post, in its place, with its 사진 설명 ('' for none). */
export interface PhotoRecord {
  image: ImageRecord
  alt: string
}

export interface PostRecord {
  id: string
  authorId: string
  authorNickname: string
  authorAvatar: ImageRecord | null
  text: string
  layout: Layout
  /** In order; the first is the cover (posts.image_id). */
  photos: PhotoRecord[]
  createdAt: number
  updatedAt: number
  likeCount: number
  commentCount: number
  likedByViewer: boolean
}

/** A photo as the store keeps it: its image row and its 사진 설명. */
export interface StoredPhoto {
  imageId: string
  alt: string
}

/** The posts the feed shows: those with their author and photo (find looks at the same rows, so places match). */
const feedRows = `FROM posts p
  JOIN users u ON u.id = p.author_id
  JOIN images i ON i.id = p.image_id`

// The count leaves out the comments of people hidden from the viewer, as their list does.
const select = `SELECT p.id, p.author_id, p.text, p.layout, p.created_at, p.updated_at, p.like_count, p.comment_count - ${hiddenComments} AS comment_count,
    u.nickname AS author_nickname, ${imageColumns('a', 'a_')},
    EXISTS (SELECT 1 FROM likes l WHERE l.post_id = p.id AND l.user_id = @viewer) AS liked
  ${feedRows}
  LEFT JOIN images a ON a.id = u.avatar_id`

const toPost = (row: Record<string, unknown>, photos: PhotoRecord[]): PostRecord => ({
  id: row.id as string,
  authorId: row.author_id as string,
  authorNickname: row.author_nickname as string,
  authorAvatar: imageFromColumns(row, 'a_'),
  text: row.text as string,
  layout: row.layout as Layout,
  photos,
  createdAt: row.created_at as number,
  updatedAt: row.updated_at as number,
  likeCount: row.like_count as number,
  commentCount: row.comment_count as number,
  likedByViewer: row.liked === 1
})

export function createPostsStore(db: Db) {
  // The photos of a page of posts in one statement, each post's read by post_photos' primary key.
  const photosOf = db.prepare(
    `SELECT pp.post_id, pp.position, pp.alt, ${imageColumns('i', 'p_')}
     FROM json_each(@ids) AS j JOIN post_photos pp ON pp.post_id = j.value JOIN images i ON i.id = pp.image_id`
  )
  function withPhotos(rows: Record<string, unknown>[]): PostRecord[] {
    if (rows.length === 0) return []
    const photos = photosByPost(photosOf.all({ ids: JSON.stringify(rows.map((r) => r.id)) }) as Record<string, unknown>[], 'p_')
    return rows.map((row) => toPost(row, photos.get(row.id as string) ?? []))
  }

  // The feed leaves out the posts of people the viewer blocked or muted.
  const shown = `NOT ${hiddenFrom('u')}`
  const firstPage = db.prepare(`${select} WHERE ${shown} ORDER BY p.created_at DESC, p.id DESC LIMIT @limit`)
  const nextPage = db.prepare(
    `${select} WHERE ${shown} AND (p.created_at, p.id) < (@at, @id) ORDER BY p.created_at DESC, p.id DESC LIMIT @limit`
  )
  const byId = db.prepare(`${select} WHERE p.id = @id`)
  // 저장한 글 (migration 17): the viewer's saves by their own index, last saved first, hidden people's left out as in the feed.
  const savedSelect = select.replace('SELECT ', 'SELECT sp.saved_at, ').replace(feedRows, `FROM saved_posts sp CROSS JOIN posts p ON p.id = sp.post_id
  JOIN users u ON u.id = p.author_id
  JOIN images i ON i.id = p.image_id`)
  const savedOrder = 'ORDER BY sp.saved_at DESC, sp.post_id DESC LIMIT @limit'
  const savedFirst = db.prepare(`${savedSelect} WHERE sp.user_id = @viewer AND ${shown} ${savedOrder}`)
  const savedNext = db.prepare(`${savedSelect} WHERE sp.user_id = @viewer AND ${shown} AND (sp.saved_at, sp.post_id) < (@at, @id) ${savedOrder}`)
  const authorFirst = db.prepare(`${select} WHERE p.author_id = @author ORDER BY p.created_at DESC, p.id DESC LIMIT @limit`)
  const authorNext = db.prepare(
    `${select} WHERE p.author_id = @author AND (p.created_at, p.id) < (@at, @id) ORDER BY p.created_at DESC, p.id DESC LIMIT @limit`
  )
  // The feed's rows with only what find reads.
  const feedWords = `SELECT u.nickname, p.text ${feedRows}`
  const wordsAll = db.prepare(`${feedWords} WHERE ${shown} ORDER BY p.created_at DESC, p.id DESC`)
  const wordsThrough = db.prepare(`${feedWords} WHERE ${shown} AND (p.created_at, p.id) >= (@at, @id) ORDER BY p.created_at DESC, p.id DESC`)
  const hiddenAuthor = db.prepare(`SELECT 1 FROM posts p JOIN users u ON u.id = p.author_id WHERE p.id = @id AND ${hiddenFrom('u')}`)
  const owner = db.prepare('SELECT author_id FROM posts WHERE id = ?').pluck()
  const photoRows = db.prepare('SELECT image_id AS imageId, alt FROM post_photos WHERE post_id = ? ORDER BY position')
  const clearPhotos = db.prepare('DELETE FROM post_photos WHERE post_id = ?')
  const addPhoto = db.prepare('INSERT INTO post_photos (post_id, position, image_id, alt) VALUES (@postId, @position, @imageId, @alt)')
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

  /** Replaces the post's photos (one or more, in order); its cover (posts.image_id) must be the first, set by the caller's write. */
  function setPhotos(postId: string, photos: readonly StoredPhoto[]): void {
    clearPhotos.run(postId)
    photos.forEach((photo, position) => addPhoto.run({ postId, position, imageId: photo.imageId, alt: photo.alt }))
  }

  return {
    page(viewer: string | null, after: Keyset | null, limit: number): PostRecord[] {
      const rows = after ? nextPage.all({ viewer, limit, ...after }) : firstPage.all({ viewer, limit })
      return withPhotos(rows as Record<string, unknown>[])
    },
    /** The viewer's saved posts, last saved first, each with when it was saved. */
    savedPage(viewer: string, after: Keyset | null, limit: number): (PostRecord & { savedAt: number })[] {
      const rows = (after ? savedNext.all({ viewer, limit, ...after }) : savedFirst.all({ viewer, limit })) as Record<string, unknown>[]
      return withPhotos(rows).map((post, i) => ({ ...post, savedAt: rows[i]!.saved_at as number }))
    },
    /** One person's posts, newest first (their page's grid). */
    byAuthor(author: string, viewer: string | null, after: Keyset | null, limit: number): PostRecord[] {
      const rows = after ? authorNext.all({ author, viewer, limit, ...after }) : authorFirst.all({ author, viewer, limit })
      return withPhotos(rows as Record<string, unknown>[])
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
      return row ? withPhotos([row])[0]! : null
    },
    /** The post's author and its photos in order. */
    ownership(id: string): { authorId: string; photos: StoredPhoto[] } | null {
      const authorId = owner.get(id) as string | undefined
      return authorId === undefined ? null : { authorId, photos: photoRows.all(id) as StoredPhoto[] }
    },
    insert(post: { id: string; authorId: string; text: string; layout: Layout; photos: StoredPhoto[]; createdAt: number }): void {
      insert.run({ ...post, imageId: post.photos[0]!.imageId })
      setPhotos(post.id, post.photos)
    },
    update(post: { id: string; text: string; layout: Layout; photos: StoredPhoto[]; updatedAt: number }): void {
      update.run({ ...post, imageId: post.photos[0]!.imageId })
      setPhotos(post.id, post.photos)
    },
    setPhotos,
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
