import type { ImagePurpose } from '@shared/limits'
import type { ImageUpload } from '@shared/types'
import { AppError } from '../../errors'
import { processImage } from '../../media/image-pipeline'
import { orphanImageFiles, removeImageFiles, saveVariants } from '../../media/media-files'
import type { PendingImage } from '../../store/images-store'
import type { ServiceContext } from '../../core/context'
import type { Views } from '../../core/mappers'
import { uploadLifetimeMs } from '../../core/post-rules'

export { uploadLifetimeMs }

/**
 * Photos one person may have chosen but not yet saved: enough for any editor, not enough to fill
 * a disk. A new one beyond it takes the place of the oldest (which a save then finds expired), so
 * photos chosen and dropped never lock anyone out; only this many may be in processing at once.
 */
export const maxPendingUploads = 20

/** Files younger than this may belong to a write still in progress (in this or another app copy). */
const orphanGraceMs = 60 * 60 * 1000

export function createLocalImages(ctx: ServiceContext, views: Views) {
  const { store } = ctx
  /** Uploads being processed, by owner: they count against the cap before their rows exist. */
  const inFlight = new Map<string, number>()

  /**
   * Holds one of the owner's pending-upload slots while `work` runs: refused when as many are
   * being processed as the cap allows (many at once, in a burst), never because of old ones.
   */
  async function reserving<T>(ownerId: string, work: () => Promise<T>): Promise<T> {
    const busy = inFlight.get(ownerId) ?? 0
    if (busy >= maxPendingUploads) throw new AppError('tooManyRequests')
    inFlight.set(ownerId, busy + 1)
    try {
      return await work()
    } finally {
      const left = (inFlight.get(ownerId) ?? 1) - 1
      if (left > 0) inFlight.set(ownerId, left)
      else inFlight.delete(ownerId)
    }
  }

  /**
   * Inside the insert's transaction: the owner's oldest unsaved uploads that make room for one
   * more, each with what `keep` reads of it before its row goes; the caller removes their files.
   */
  function makeRoom<T = null>(ownerId: string, keep: (image: PendingImage) => T = () => null as T): (PendingImage & { kept: T })[] {
    const evicted = store.images.oldestPending(ownerId, store.images.pendingCount(ownerId) + 1 - maxPendingUploads).map((image) => ({ ...image, kept: keep(image) }))
    for (const image of evicted) store.images.remove(image.id)
    return evicted
  }

  /** Decodes, cleans and writes the variants; the caller stores the row (and removes the files if that fails). */
  async function prepare(bytes: Uint8Array, purpose: ImagePurpose, ownerId: string | null, onProgress?: (p: number) => void): Promise<PendingImage> {
    const processed = await processImage(bytes, { onProgress })
    const variants = await saveVariants(ctx.imagesDir, processed.variants)
    return {
      id: ctx.newId(),
      ownerId,
      purpose,
      width: processed.width,
      height: processed.height,
      placeholder: processed.placeholder,
      variants,
      attached: false,
      createdAt: ctx.now()
    }
  }

  async function discardFiles(images: { variants: { file: string }[] }[]): Promise<void> {
    await removeImageFiles(ctx.imagesDir, images.flatMap((image) => image.variants.map((v) => v.file)))
  }

  return {
    prepare,
    discardFiles,
    reserving,
    makeRoom,

    async add(userId: string, purpose: ImagePurpose, bytes: Uint8Array, onProgress?: (p: number) => void): Promise<ImageUpload> {
      return reserving(userId, async () => {
        const image = await prepare(bytes, purpose, userId, onProgress)
        let evicted: PendingImage[]
        try {
          evicted = await store.transaction(() => {
            const room = makeRoom(userId)
            store.images.insert(image)
            return room
          })
        } catch (error) {
          await discardFiles([image])
          throw error
        }
        await discardFiles(evicted)
        return { uploadId: image.id, image: views.image(image) }
      })
    },

    /** Checks, inside the caller's transaction, that the upload is the caller's own, fresh and unused, and takes it. */
    claim(uploadId: string, userId: string, purpose: ImagePurpose): PendingImage {
      const image = store.images.get(uploadId)
      if (!image || image.ownerId !== userId || image.purpose !== purpose) throw new AppError('postImageRequired')
      // A 임시 저장 글's photo stays fresh while the draft holds it (docs/decisions/039-drafts.md).
      if (image.attached || (ctx.now() - image.createdAt > uploadLifetimeMs && !store.drafts.holds(userId, image.id))) throw new AppError('imageExpired')
      store.images.attach(image.id, userId)
      return image
    },

    /** Sweep of uploads nobody saved in time: rows first, files after the commit. */
    async sweep(): Promise<number> {
      const stale = store.images.stalePending(ctx.now() - uploadLifetimeMs)
      if (stale.length === 0) return 0
      await store.transaction(() => stale.forEach((image) => store.images.remove(image.id)))
      await discardFiles(stale)
      return stale.length
    },

    /** Removes files no row names (a crash between writing and committing, a failed delete). */
    async sweepOrphans(): Promise<number> {
      const orphans = await orphanImageFiles(ctx.imagesDir, store.images.referencedFiles(), Date.now() - orphanGraceMs)
      await removeImageFiles(ctx.imagesDir, orphans)
      return orphans.length
    }
  }
}

export type LocalImages = ReturnType<typeof createLocalImages>
