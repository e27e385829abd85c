import type { ImagePurpose } from '@shared/limits'
import type { Db } from '../database'
import type { ImageVariantFile } from '../images-store'

export interface RemoteImage {
  id: string
  url: string | null
  path: string | null
  cachedBytes: number
  files: string[]
}

/** The image cache's bookkeeping: remote images by URL, our uploads, what is cached and what to evict. */
export function createMirrorImages(db: Db) {
  const imageByUrl = db.prepare('SELECT id FROM images WHERE remote_url = ?').pluck()
  const attachUpload = db.prepare('UPDATE images SET attached = 1 WHERE id = ? AND attached = 0')
  const unclaimUpload = db.prepare(
    `UPDATE images SET attached = 0 WHERE id = @id AND attached = 1 AND owner_id IS NOT NULL
       AND NOT EXISTS (SELECT 1 FROM post_photos WHERE image_id = @id) AND NOT EXISTS (SELECT 1 FROM users WHERE avatar_id = @id)`
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
    // post_photos holds every photo of a post, its cover (posts.image_id) included.
    'SELECT EXISTS (SELECT 1 FROM post_photos WHERE image_id = @id) OR EXISTS (SELECT 1 FROM users WHERE avatar_id = @id)'
  ).pluck()
  const deleteImage = db.prepare('DELETE FROM images WHERE id = ?')

  const toRemoteImage = (row: { id: string; remote_url: string | null; remote_path: string | null; cached_bytes: number; variants: string }): RemoteImage => ({
    id: row.id,
    url: row.remote_url,
    path: row.remote_path,
    cachedBytes: row.cached_bytes,
    files: (JSON.parse(row.variants) as ImageVariantFile[]).map((v) => v.file)
  })

  return {
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
    }
  }
}
