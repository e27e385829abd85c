import type { AlertType, ImagePurpose, Layout } from '@shared/limits'
import type { Db } from '../database'
import type { ImageVariantFile } from '../images-store'
import type { Keyset } from '../keyset'

/**
 * The SQL only community mode needs, on a mirror store (same schema, migration 3's columns):
 * upserts that change a row only when the document changed (so the change log, and with it
 * the renderer's events, only hears of real changes), reconciling sets (likes, comments,
 * alerts) to what a snapshot says, and the image cache's bookkeeping.
 */

/** Ends in a reserved domain (RFC 2606), so it can never be someone's real login. */
const syntheticDomain = '.invalid'

export interface PersonUpsert {
  email: string
  uid?: string | null
  nickname?: string
  /** undefined: leave as is; null: no avatar. */
  avatarId?: string | null
  /** Their current face (their profile, their own users document), which a document's older snapshot never undoes. */
  current?: boolean
}

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

export interface PostRemote {
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

export interface RemoteImage {
  id: string
  url: string | null
  path: string | null
  cachedBytes: number
  files: string[]
}

export function createMirrorStore(db: Db) {
  const userByEmail = db.prepare('SELECT id, nickname, remote_uid, avatar_id, remote_profile_at FROM users WHERE email = ?')
  const insertUser = db.prepare(
    `INSERT INTO users (id, email, nickname, password_hash, avatar_id, created_at, remote_uid, remote_profile_at)
     VALUES (@id, @email, @nickname, '', @avatarId, @createdAt, @uid, @profileAt)`
  )
  const updateUser = db.prepare('UPDATE users SET nickname = @nickname, remote_uid = @uid, avatar_id = @avatarId, remote_profile_at = @profileAt WHERE id = @id')
  const byNickname = db.prepare(
    `SELECT id FROM users WHERE nickname = ? ORDER BY (email LIKE '%${syntheticDomain}'), created_at DESC LIMIT 1`
  )

  const postRemote = db.prepare(
    `SELECT p.author_id, p.remote_author_uid, p.text, p.layout, p.image_id, p.remote_ordered, p.created_at, p.remote_date, i.remote_url, i.remote_path
     FROM posts p JOIN images i ON i.id = p.image_id WHERE p.id = ?`
  )
  const insertPost = db.prepare(
    `INSERT INTO posts (id, author_id, text, layout, image_id, created_at, updated_at, remote_author_uid, remote_date, remote_ordered)
     VALUES (@id, @authorId, @text, @layout, @imageId, @createdAt, @createdAt, @authorUid, @postDate, @ordered)`
  )
  // Only when something differs: the changes trigger fires on any UPDATE OF text/layout/image_id.
  const updatePost = db.prepare(
    `UPDATE posts SET author_id = @authorId, text = @text, layout = @layout, image_id = @imageId, created_at = @createdAt,
       remote_author_uid = @authorUid, remote_date = @postDate, remote_ordered = @ordered,
       updated_at = CASE WHEN text IS NOT @text OR layout IS NOT @layout OR image_id IS NOT @imageId THEN @now ELSE updated_at END
     WHERE id = @id AND (author_id IS NOT @authorId OR text IS NOT @text OR layout IS NOT @layout OR image_id IS NOT @imageId
       OR created_at IS NOT @createdAt OR remote_author_uid IS NOT @authorUid OR remote_date IS NOT @postDate OR remote_ordered IS NOT @ordered)`
  )
  const orderedBelow = db.prepare(
    `SELECT id FROM posts WHERE remote_ordered = 1
       AND (@hiAt IS NULL OR (created_at, id) < (@hiAt, @hiId))
       AND (@loAt IS NULL OR (created_at, id) >= (@loAt, @loId))`
  )
  const legacyIds = db.prepare('SELECT id FROM posts WHERE remote_ordered = 0').pluck()
  const markOrdered = db.prepare('UPDATE posts SET remote_ordered = 1 WHERE id = ?')
  const postIdsUsingImage = db.prepare(
    `SELECT id FROM posts WHERE image_id = @id
     UNION SELECT p.id FROM posts p JOIN users u ON u.id = p.author_id WHERE u.avatar_id = @id LIMIT 200`
  ).pluck()

  const likersOf = db.prepare('SELECT user_id FROM likes WHERE post_id = ?').pluck()
  const insertLike = db.prepare('INSERT OR IGNORE INTO likes (post_id, user_id, created_at) VALUES (?, ?, ?)')
  const deleteLike = db.prepare('DELETE FROM likes WHERE post_id = ? AND user_id = ?')

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

  const alertIdsOf = db.prepare('SELECT id FROM alerts WHERE user_id = ?').pluck()
  const insertAlert = db.prepare(
    `INSERT OR IGNORE INTO alerts (id, user_id, post_id, actor_id, type, created_at)
     VALUES (@id, @userId, @postId, @actorId, @type, @createdAt)`
  )
  const likeAlertOf = db.prepare("SELECT id FROM alerts WHERE post_id = ? AND actor_id = ? AND type = 'like'").pluck()

  const imageByUrl = db.prepare('SELECT id FROM images WHERE remote_url = ?').pluck()
  const attachUpload = db.prepare('UPDATE images SET attached = 1 WHERE id = ? AND attached = 0')
  const unclaimUpload = db.prepare(
    `UPDATE images SET attached = 0 WHERE id = @id AND attached = 1 AND owner_id IS NOT NULL
       AND NOT EXISTS (SELECT 1 FROM posts WHERE image_id = @id) AND NOT EXISTS (SELECT 1 FROM users WHERE avatar_id = @id)`
  )
  const insertRemoteImage = db.prepare(
    `INSERT INTO images (id, owner_id, purpose, width, height, placeholder, variants, attached, created_at, remote_url, used_at)
     VALUES (@id, NULL, @purpose, 4, 3, '', '[]', 1, @now, @url, @now)`
  )
  const setRemote = db.prepare('UPDATE images SET remote_url = @url, remote_path = @path, cached_bytes = @bytes, used_at = @now WHERE id = @id')
  const remoteImage = db.prepare('SELECT id, remote_url, remote_path, cached_bytes, variants FROM images WHERE id = ?')
  const setCached = db.prepare(
    `UPDATE images SET width = @width, height = @height, placeholder = @placeholder, variants = @variants, cached_bytes = @bytes, used_at = @now
     WHERE id = @id AND cached_bytes = 0 AND variants = '[]'`
  )
  const evict = db.prepare("UPDATE images SET variants = '[]', cached_bytes = 0 WHERE id = ?")
  const touch = db.prepare('UPDATE images SET used_at = ? WHERE id = ? AND (used_at IS NULL OR used_at < ?)')
  const cacheUsage = db.prepare('SELECT coalesce(sum(cached_bytes), 0) FROM images WHERE cached_bytes > 0').pluck()
  const leastRecent = db.prepare(
    `SELECT id FROM images WHERE cached_bytes > 0 AND attached = 1 AND remote_url IS NOT NULL
       AND id IS NOT (SELECT id FROM images WHERE cached_bytes > 0 ORDER BY used_at DESC, id DESC LIMIT 1)
     ORDER BY used_at, id LIMIT 20`
  ).pluck()
  const imageInUse = db.prepare(
    'SELECT EXISTS (SELECT 1 FROM posts WHERE image_id = @id) OR EXISTS (SELECT 1 FROM users WHERE avatar_id = @id)'
  ).pluck()
  const deleteImage = db.prepare('DELETE FROM images WHERE id = ?')

  const getState = db.prepare('SELECT value FROM sync_state WHERE key = ?').pluck()
  const setState = db.prepare('INSERT INTO sync_state (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value')

  const toRemoteImage = (row: { id: string; remote_url: string | null; remote_path: string | null; cached_bytes: number; variants: string }): RemoteImage => ({
    id: row.id,
    url: row.remote_url,
    path: row.remote_path,
    cachedBytes: row.cached_bytes,
    files: (JSON.parse(row.variants) as ImageVariantFile[]).map((v) => v.file)
  })

  return {
    // ------------------------------------------------------------ people

    /**
     * The person with this login email, created on first sight. The documents name people
     * by email (postedBy, comment_by, likedBy), so the email is the key; the renderer only
     * ever sees the row's opaque id.
     */
    person(person: PersonUpsert, newId: () => string, now: number): string {
      const row = userByEmail.get(person.email) as { id: string; nickname: string; remote_uid: string | null; avatar_id: string | null; remote_profile_at: number | null } | undefined
      const profileAt = person.current ? now : null
      if (!row) {
        const id = newId()
        insertUser.run({ id, email: person.email, nickname: person.nickname ?? '', avatarId: person.avatarId ?? null, createdAt: now, uid: person.uid ?? null, profileAt })
        return id
      }
      // Once their current face is known, a post's or comment's snapshot of it (perhaps older) is not.
      const snapshot = !person.current && row.remote_profile_at !== null
      const next = {
        id: row.id,
        nickname: snapshot ? row.nickname : person.nickname || row.nickname,
        uid: person.uid ?? row.remote_uid,
        avatarId: snapshot || person.avatarId === undefined ? row.avatar_id : person.avatarId,
        profileAt: profileAt ?? row.remote_profile_at
      }
      if (next.nickname !== row.nickname || next.uid !== row.remote_uid || next.avatarId !== row.avatar_id || next.profileAt !== row.remote_profile_at) updateUser.run(next)
      return row.id
    },

    /** Someone known only by nickname (the web app's alerts): the person with that nickname, else a stand-in. */
    personByNickname(nickname: string, newId: () => string, now: number): string {
      const found = byNickname.get(nickname) as { id: string } | undefined
      if (found) return found.id
      const id = newId()
      insertUser.run({ id, email: `${id}@nickname${syntheticDomain}`, nickname, avatarId: null, createdAt: now, uid: null, profileAt: null })
      return id
    },

    personId(email: string): string | null {
      return (userByEmail.get(email) as { id: string } | undefined)?.id ?? null
    },

    // ------------------------------------------------------------ posts

    /** The server's document now has createdAt (this copy's edit gave it): the ordered feed holds it. */
    markPostOrdered(id: string): void {
      markOrdered.run(id)
    },

    postRemote(id: string): PostRemote | null {
      const row = postRemote.get(id) as Record<string, unknown> | undefined
      if (!row) return null
      return {
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
    },

    /** Makes the post's likers exactly these people. */
    setLikers(postId: string, userIds: string[], now: number): void {
      const wanted = new Set(userIds)
      for (const userId of likersOf.all(postId) as string[]) if (!wanted.delete(userId)) deleteLike.run(postId, userId)
      for (const userId of wanted) insertLike.run(postId, userId, now)
    },

    // ------------------------------------------------------------ comments

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
    },

    // ------------------------------------------------------------ alerts

    alertIdsOf(userId: string): string[] {
      return alertIdsOf.all(userId) as string[]
    },

    /** False when it was already there, or is a second like alert from the same person on the same post. */
    insertAlert(alert: { id: string; userId: string; postId: string; actorId: string; type: AlertType; createdAt: number }): boolean {
      return insertAlert.run(alert).changes === 1
    },

    likeAlertId(postId: string, actorId: string): string | null {
      return (likeAlertOf.get(postId, actorId) as string | undefined) ?? null
    },

    // ------------------------------------------------------------ images

    /**
     * The image row for a download URL, created (uncached: placeholder only) on first sight.
     * An upload of ours at that URL is taken (no longer pending): a document shows it now.
     */
    remoteImage(url: string, purpose: ImagePurpose, newId: () => string, now: number): string {
      const found = imageByUrl.get(url) as string | undefined
      if (found) {
        attachUpload.run(found)
        return found
      }
      const id = newId()
      insertRemoteImage.run({ id, purpose, url, now })
      return id
    },

    imageRemote(id: string): RemoteImage | null {
      const row = remoteImage.get(id) as Parameters<typeof toRemoteImage>[0] | undefined
      return row ? toRemoteImage(row) : null
    },

    /** An upload of ours: its files are the cache of what now lives at url. */
    setUploaded(id: string, url: string, path: string, bytes: number, now: number): void {
      setRemote.run({ id, url, path, bytes, now })
    },

    /** Takes the upload if it is still pending (a post or person shows it). */
    attachUpload(id: string): void {
      attachUpload.run(id)
    },

    /** A claimed upload whose save failed is pending again, unless a post or person already shows it. */
    unclaim(id: string): void {
      unclaimUpload.run({ id })
    },

    /** Stores the downloaded variants; false when the row is gone or was cached meanwhile (the caller drops the files). */
    setCached(id: string, image: { width: number; height: number; placeholder: string; variants: ImageVariantFile[]; bytes: number }, now: number): boolean {
      return setCached.run({ id, ...image, variants: JSON.stringify(image.variants), now }).changes === 1
    },

    evict(id: string): void {
      evict.run(id)
    },

    touchImages(ids: Iterable<string>, now: number): void {
      for (const id of ids) touch.run(now, id, now)
    },

    cacheUsage(): number {
      return cacheUsage.get() as number
    },

    /** Cached remote images, least recently used first; never the most recently used one. */
    leastRecentlyUsed(): string[] {
      return leastRecent.all() as string[]
    },

    /** Deletes the image row when no post or person uses it; returns its files to remove then. */
    dropImageIfUnused(id: string): RemoteImage | null {
      const row = remoteImage.get(id) as Parameters<typeof toRemoteImage>[0] | undefined
      if (!row || imageInUse.get({ id }) === 1) return null
      const image = toRemoteImage(row)
      deleteImage.run(id)
      return image
    },

    // ------------------------------------------------------------ sync bookkeeping

    state(key: string): string | null {
      return (getState.get(key) as string | undefined) ?? null
    },

    setState(key: string, value: string): void {
      setState.run(key, value)
    }
  }
}

export type MirrorStore = ReturnType<typeof createMirrorStore>
