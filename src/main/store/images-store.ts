import type { ImagePurpose } from '@shared/limits'
import type { Db } from './database'

export interface ImageVariantFile {
  width: number
  file: string
}

export interface ImageRecord {
  id: string
  width: number
  height: number
  placeholder: string
  variants: ImageVariantFile[]
}

export interface PendingImage extends ImageRecord {
  ownerId: string | null
  purpose: ImagePurpose
  attached: boolean
  createdAt: number
}

interface ImageRow {
  id: string
  owner_id: string | null
  purpose: ImagePurpose
  width: number
  height: number
  placeholder: string
  variants: string
  attached: number
  created_at: number
}

const toRecord = (row: ImageRow): PendingImage => ({
  id: row.id,
  ownerId: row.owner_id,
  purpose: row.purpose,
  width: row.width,
  height: row.height,
  placeholder: row.placeholder,
  variants: JSON.parse(row.variants) as ImageVariantFile[],
  attached: row.attached === 1,
  createdAt: row.created_at
})

/** Parses the image columns a joined query selected under a prefix (p_ for a post's, a_ for an avatar). */
export function imageFromColumns(row: Record<string, unknown>, prefix: string): ImageRecord | null {
  const id = row[`${prefix}id`]
  if (typeof id !== 'string') return null
  return {
    id,
    width: row[`${prefix}width`] as number,
    height: row[`${prefix}height`] as number,
    placeholder: row[`${prefix}placeholder`] as string,
    variants: JSON.parse(row[`${prefix}variants`] as string) as ImageVariantFile[]
  }
}

export const imageColumns = (alias: string, prefix: string): string =>
  ['id', 'width', 'height', 'placeholder', 'variants'].map((c) => `${alias}.${c} AS ${prefix}${c}`).join(', ')

export function createImagesStore(db: Db) {
  const insert = db.prepare(
    `INSERT INTO images (id, owner_id, purpose, width, height, placeholder, variants, attached, created_at)
     VALUES (@id, @ownerId, @purpose, @width, @height, @placeholder, @variants, 0, @createdAt)`
  )
  const byId = db.prepare('SELECT * FROM images WHERE id = ?')
  const markAttached = db.prepare('UPDATE images SET attached = 1, owner_id = COALESCE(owner_id, ?) WHERE id = ?')
  const remove = db.prepare('DELETE FROM images WHERE id = ?')
  // An upload a 임시 저장 글 holds (migration 18) is not pending: neither swept nor counted nor evicted.
  const notInDraft = 'NOT EXISTS (SELECT 1 FROM draft_photos dp WHERE dp.image_id = images.id)'
  const stalePending = db.prepare(`SELECT * FROM images WHERE attached = 0 AND created_at < ? AND ${notInDraft} LIMIT 500`)
  const allFiles = db.prepare("SELECT json_extract(v.value, '$.file') AS file FROM images, json_each(images.variants) AS v").pluck()
  const pendingOf = db.prepare(`SELECT count(*) FROM images WHERE owner_id = ? AND attached = 0 AND ${notInDraft}`).pluck()
  const oldestPending = db.prepare(`SELECT * FROM images WHERE owner_id = ? AND attached = 0 AND ${notInDraft} ORDER BY created_at, id LIMIT ?`)

  return {
    insert(image: PendingImage): void {
      insert.run({ ...image, variants: JSON.stringify(image.variants) })
    },
    get(id: string): PendingImage | null {
      const row = byId.get(id) as ImageRow | undefined
      return row ? toRecord(row) : null
    },
    attach(id: string, ownerId: string): void {
      markAttached.run(ownerId, id)
    },
    remove(id: string): void {
      remove.run(id)
    },
    /** Every file name any image row refers to: what the orphan sweep must keep. */
    referencedFiles(): Set<string> {
      return new Set(allFiles.all() as string[])
    },
    pendingCount(ownerId: string): number {
      return pendingOf.get(ownerId) as number
    },
    /** The owner's oldest uploads not yet saved, `limit` at most. */
    oldestPending(ownerId: string, limit: number): PendingImage[] {
      return limit > 0 ? (oldestPending.all(ownerId, limit) as ImageRow[]).map(toRecord) : []
    },
    /** Uploads nobody saved in time: their rows and files are swept. */
    stalePending(olderThan: number): PendingImage[] {
      return (stalePending.all(olderThan) as ImageRow[]).map(toRecord)
    }
  }
}

export type ImagesStore = ReturnType<typeof createImagesStore>

/**
 * Rows of post_photos joined to images (columns named with `prefix`, plus post_id, position and
 * alt) as each post's photos in order. Put in order here — ten at most a post — rather than by an
 * ORDER BY that SQLite would sort in a temporary tree.
 */
export function photosByPost(rows: Record<string, unknown>[], prefix: string): Map<string, { image: ImageRecord; alt: string }[]> {
  const placed = new Map<string, { position: number; image: ImageRecord; alt: string }[]>()
  for (const row of rows) {
    const list = placed.get(row.post_id as string) ?? []
    list.push({ position: row.position as number, image: imageFromColumns(row, prefix)!, alt: row.alt as string })
    placed.set(row.post_id as string, list)
  }
  return new Map([...placed].map(([id, list]) => [id, list.sort((a, b) => a.position - b.position).map(({ image, alt }) => ({ image, alt }))]))
}
