import type { Layout } from '@shared/limits'
import type { Db } from './database'
import { imageColumns, photosByPost, type ImageRecord } from './images-store'

export interface DraftRecord {
  id: string
  userId: string
  text: string
  layout: Layout
  /** In order, each an upload (an images row not attached to a post). */
  photos: { image: ImageRecord; alt: string }[]
  updatedAt: number
}

export interface DraftWrite {
  id: string
  userId: string
  text: string
  layout: Layout
  photos: { imageId: string; alt: string }[]
  updatedAt: number
}

/** 임시 저장 글 (migration 16): a person's unfinished posts on this computer, with their uploads in order. */
export function createDraftsStore(db: Db) {
  const list = db.prepare('SELECT id, user_id, text, layout, updated_at FROM post_drafts WHERE user_id = ? ORDER BY updated_at DESC, id DESC')
  const byId = db.prepare('SELECT id, user_id, text, layout, updated_at FROM post_drafts WHERE id = ? AND user_id = ?')
  // As posts' photos: draft_id stands in as post_id so photosByPost puts them in order.
  const photosOf = db.prepare(
    `SELECT dp.draft_id AS post_id, dp.position, dp.alt, ${imageColumns('i', 'p_')}
     FROM json_each(@ids) AS j JOIN draft_photos dp ON dp.draft_id = j.value JOIN images i ON i.id = dp.image_id`
  )
  const upsert = db.prepare(
    `INSERT INTO post_drafts (id, user_id, text, layout, updated_at) VALUES (@id, @userId, @text, @layout, @updatedAt)
     ON CONFLICT (id) DO UPDATE SET text = excluded.text, layout = excluded.layout, updated_at = excluded.updated_at`
  )
  const clearPhotos = db.prepare('DELETE FROM draft_photos WHERE draft_id = ?')
  const addPhoto = db.prepare('INSERT INTO draft_photos (draft_id, position, image_id, alt) VALUES (?, ?, ?, ?)')
  const remove = db.prepare('DELETE FROM post_drafts WHERE id = ? AND user_id = ?')
  const count = db.prepare('SELECT count(*) FROM post_drafts WHERE user_id = ?').pluck()
  const holds = db.prepare('SELECT 1 FROM draft_photos dp JOIN post_drafts d ON d.id = dp.draft_id WHERE dp.image_id = ? AND d.user_id = ?').pluck()

  function withPhotos(rows: Record<string, unknown>[]): DraftRecord[] {
    if (rows.length === 0) return []
    const photos = photosByPost(photosOf.all({ ids: JSON.stringify(rows.map((r) => r.id)) }) as Record<string, unknown>[], 'p_')
    return rows.map((row) => ({
      id: row.id as string,
      userId: row.user_id as string,
      text: row.text as string,
      layout: row.layout as Layout,
      photos: photos.get(row.id as string) ?? [],
      updatedAt: row.updated_at as number
    }))
  }

  return {
    /** The person's drafts, last changed first. */
    list(userId: string): DraftRecord[] {
      return withPhotos(list.all(userId) as Record<string, unknown>[])
    },
    /** One of the person's drafts (another person's is never found). */
    get(userId: string, id: string): DraftRecord | null {
      const row = byId.get(id, userId) as Record<string, unknown> | undefined
      return row ? withPhotos([row])[0]! : null
    },
    /** Writes the draft whole: its photos are replaced by these. The caller has checked it is the person's. */
    put(draft: DraftWrite): void {
      upsert.run(draft)
      clearPhotos.run(draft.id)
      draft.photos.forEach((photo, position) => addPhoto.run(draft.id, position, photo.imageId, photo.alt))
    },
    /** Removes one of the person's drafts; whether there was one. */
    remove(userId: string, id: string): boolean {
      return remove.run(id, userId).changes > 0
    },
    count(userId: string): number {
      return count.get(userId) as number
    },
    /** Whether one of the person's drafts holds this upload. */
    holds(userId: string, imageId: string): boolean {
      return holds.get(imageId, userId) !== undefined
    }
  }
}

export type DraftsStore = ReturnType<typeof createDraftsStore>
