import type { Layout } from '@shared/limits'
import type { Db } from '../database'
import type { Keyset } from '../keyset'

export interface PostUpsert {
  id: string
  authorId: string
  authorUid: string | null
  text: string
  layout: Layout
  imageId: string
  createdAt: number
  ordered: boolean
  postDate: string
}

/** One photo of a mirrored post: its image row, where it is on Storage, and its 사진 설명. */
export interface RemotePostPhoto {
  imageId: string
  url: string | null
  path: string | null
  alt: string
}

export interface PostRemote {
  /** Every photo in order, the cover (imageId) first. */
  photos: RemotePostPhoto[]
  authorId: string
  authorUid: string | null
  text: string
  layout: Layout
  imageId: string
  imageUrl: string | null
  imagePath: string | null
  ordered: boolean
  createdAt: number
  /** The document's postDate as written. */
  postDate: string
}

/** Mirrored posts: upserts that touch a row only when its document changed, and the feed's ordered/legacy split. */
export function createMirrorPosts(db: Db) {
  const postRemote = db.prepare(
    `SELECT p.author_id, p.remote_author_uid, p.text, p.layout, p.image_id, p.remote_ordered, p.created_at, p.remote_date, i.remote_url, i.remote_path
     FROM posts p JOIN images i ON i.id = p.image_id WHERE p.id = ?`
  )
  const insertPost = db.prepare(
    `INSERT INTO posts (id, author_id, text, layout, image_id, created_at, updated_at, remote_author_uid, remote_date, remote_ordered)
     VALUES (@id, @authorId, @text, @layout, @imageId, @createdAt, @createdAt, @authorUid, @postDate, @ordered)`
  )
  // Only when something differs: the changes trigger fires on any UPDATE OF text/layout/image_id.
  // updated_at after created_at is what marks a post edited (수정됨): a changed text, layout or
  // photo moves it past, while a post never edited keeps it equal as its created_at is settled
  // (the server's time replacing this copy's, a date clamped).
  const updatePost = db.prepare(
    `UPDATE posts SET author_id = @authorId, text = @text, layout = @layout, image_id = @imageId, created_at = @createdAt,
       remote_author_uid = @authorUid, remote_date = @postDate, remote_ordered = @ordered,
       updated_at = CASE WHEN text IS NOT @text OR layout IS NOT @layout OR image_id IS NOT @imageId THEN MAX(@now, @createdAt + 1)
         WHEN updated_at <= created_at THEN @createdAt ELSE updated_at END
     WHERE id = @id AND (author_id IS NOT @authorId OR text IS NOT @text OR layout IS NOT @layout OR image_id IS NOT @imageId
       OR created_at IS NOT @createdAt OR remote_author_uid IS NOT @authorUid OR remote_date IS NOT @postDate OR remote_ordered IS NOT @ordered)`
  )
  const orderedBelow = db.prepare(
    `SELECT id FROM posts WHERE remote_ordered = 1
       AND (@hiAt IS NULL OR (created_at, id) < (@hiAt, @hiId))
       AND (@loAt IS NULL OR (created_at, id) >= (@loAt, @loId))`
  )
  const photosRemote = db.prepare(
    `SELECT pp.image_id, pp.alt, i.remote_url, i.remote_path FROM post_photos pp JOIN images i ON i.id = pp.image_id
     WHERE pp.post_id = ? ORDER BY pp.position`
  )
  // Setting image_id to itself fires the changes trigger (UPDATE OF image_id): the post's photos changed.
  const markEdited = db.prepare('UPDATE posts SET image_id = image_id, updated_at = MAX(@now, created_at + 1) WHERE id = @id')
  const legacyIds = db.prepare('SELECT id FROM posts WHERE remote_ordered = 0').pluck()
  const markOrdered = db.prepare('UPDATE posts SET remote_ordered = 1 WHERE id = ?')
  const postIdsUsingImage = db.prepare(
    `SELECT post_id FROM post_photos WHERE image_id = @id
     UNION SELECT p.id FROM posts p JOIN users u ON u.id = p.author_id WHERE u.avatar_id = @id LIMIT 200`
  ).pluck()

  return {
    /** The server's document now has createdAt (this copy's edit gave it): the ordered feed holds it. */
    markPostOrdered(id: string): void {
      markOrdered.run(id)
    },

    postRemote(id: string): PostRemote | null {
      const row = postRemote.get(id) as Record<string, unknown> | undefined
      if (!row) return null
      const photos = (photosRemote.all(id) as { image_id: string; alt: string; remote_url: string | null; remote_path: string | null }[]).map((p) => ({
        imageId: p.image_id,
        url: p.remote_url,
        path: p.remote_path,
        alt: p.alt
      }))
      return {
        photos,
        authorId: row.author_id as string,
        authorUid: row.remote_author_uid as string | null,
        text: row.text as string,
        layout: row.layout as Layout,
        imageId: row.image_id as string,
        imageUrl: row.remote_url as string | null,
        imagePath: row.remote_path as string | null,
        ordered: row.remote_ordered === 1,
        createdAt: row.created_at as number,
        postDate: (row.remote_date as string | null) ?? ''
      }
    },

    /** A post's photos changed beyond its cover (another photo, an order, a 사진 설명): it shows 수정됨 and its watchers hear. */
    markPostEdited(id: string, now: number): void {
      markEdited.run({ id, now })
    },

    /** Inserts or updates; true when the row is new. */
    upsertPost(post: PostUpsert, now: number): boolean {
      const params = { ...post, ordered: post.ordered ? 1 : 0, now }
      if (updatePost.run(params).changes > 0) return false
      if (postRemote.get(post.id)) return false
      insertPost.run(params)
      return true
    },

    /** Ordered posts (those the server's feed query returns) below `upper` (exclusive) down to `lower` (inclusive). */
    orderedPostIds(upper: Keyset | null, lower: Keyset | null): string[] {
      const rows = orderedBelow.all({ hiAt: upper?.at ?? null, hiId: upper?.id ?? null, loAt: lower?.at ?? null, loId: lower?.id ?? null })
      return (rows as { id: string }[]).map((r) => r.id)
    },

    legacyPostIds(): string[] {
      return legacyIds.all() as string[]
    },

    postIdsUsingImage(imageId: string): string[] {
      return postIdsUsingImage.all({ id: imageId }) as string[]
    }
  }
}
