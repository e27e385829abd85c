import { randomBytes } from 'node:crypto'
import { readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import type { ImagePurpose } from '@shared/limits'
import type { ImageUpload } from '@shared/types'
import { AppError } from '../../errors'
import { createLocalImages, maxPendingUploads, uploadLifetimeMs } from '../local/images'
import type { Views } from '../../core/mappers'
import type { PendingImage } from '../../store/images-store'
import type { CommunityContext } from './context'
import { bestEffort, remote } from './remote-call'
import type { ImageCache } from './image-cache'

/** The pipeline's share of an upload's progress bar; the transfer to Storage is the rest. */
const pipelineShare = 0.5

/**
 * Photos in community mode: the same sharp pipeline as local mode (re-encoded, metadata
 * stripped, WebP variants, placeholder), then the largest variant goes to Storage at
 * postImg/{timestamp} or profileImg/{timestamp} (docs/specification.md §3.3) with upload progress. The
 * variants stay in the mirror's images folder as that URL's cache.
 */
export function createCommunityImages(ctx: CommunityContext, views: Views, cache: ImageCache) {
  const { store, mirror, ports } = ctx
  const local = createLocalImages(ctx, views)
  let lastStamp = 0
  /** Uploads a save is using right now: the remote write happens before the claim, so a double submit is stopped here. */
  const inUse = new Set<string>()

  /** The web app's {timestamp}, kept unique per app copy, plus a few random characters so two copies never collide. */
  function storageName(): string {
    lastStamp = Math.max(ctx.now(), lastStamp + 1)
    return `${lastStamp}_${randomBytes(3).toString('hex')}`
  }

  async function upload(image: PendingImage, folder: 'postImg' | 'profileImg', onProgress?: (fraction: number) => void): Promise<{ url: string; path: string; bytes: number }> {
    const largest = image.variants.at(-1)!
    const bytes = await readFile(join(ctx.imagesDir, largest.file))
    const path = `${folder}/${storageName()}`
    const url = await remote('write', () => ports.files.upload(path, bytes, 'image/webp', onProgress))
    const sizes = await Promise.all(image.variants.map((v) => stat(join(ctx.imagesDir, v.file)).then((s) => s.size)))
    return { url, path, bytes: sizes.reduce((a, b) => a + b, 0) }
  }

  return {
    local,
    cache,
    upload,
    discardFiles: local.discardFiles,
    sweepOrphans: local.sweepOrphans,

    /** A refused profile photo is the photo field's problem, shown next to its picker. */
    async prepareAvatar(bytes: Uint8Array): Promise<PendingImage> {
      try {
        return await local.prepare(bytes, 'profile', null)
      } catch (error) {
        throw error instanceof AppError ? new AppError(error.code, 'profileImage', error.message) : error
      }
    },

    /** images:add: processed here, uploaded to Storage at once (the progress bar covers both). */
    async add(userId: string, purpose: ImagePurpose, bytes: Uint8Array, onProgress?: (p: number) => void): Promise<ImageUpload> {
      if (store.images.pendingCount(userId) >= maxPendingUploads) throw new AppError('tooManyRequests')
      const image = await local.prepare(bytes, purpose, userId, (p) => onProgress?.(p * pipelineShare))
      try {
        const uploaded = await upload(image, 'postImg', (f) => onProgress?.(pipelineShare + f * (1 - pipelineShare)))
        await store.transaction(() => {
          store.images.insert(image)
          mirror.setUploaded(image.id, uploaded.url, uploaded.path, uploaded.bytes, ctx.now())
        })
      } catch (error) {
        await local.discardFiles([image])
        throw error
      }
      return { uploadId: image.id, image: views.image(image) }
    },

    /**
     * The checks of claim (the caller's own, fresh, unused post photo) without taking it yet,
     * before the remote write; the upload is held until `release` so no second save uses it meanwhile.
     */
    peek(uploadId: string, userId: string): { image: PendingImage; url: string; release: () => void } {
      if (inUse.has(uploadId)) throw new AppError('imageExpired')
      const image = store.images.get(uploadId)
      if (!image || image.ownerId !== userId || image.purpose !== 'post') throw new AppError('postImageRequired')
      if (image.attached || ctx.now() - image.createdAt > uploadLifetimeMs) throw new AppError('imageExpired')
      const url = mirror.imageRemote(image.id)?.url
      if (!url) throw new AppError('imageExpired')
      inUse.add(uploadId)
      return { image, url, release: () => inUse.delete(uploadId) }
    },

    /**
     * Takes a peeked upload, inside the caller's transaction once the remote write succeeded.
     * Peek checked it and it has been held since, so its lifetime running out during the write
     * does not undo a post the server already has.
     */
    take(uploadId: string, userId: string): PendingImage {
      const image = store.images.get(uploadId)
      if (!inUse.has(uploadId) || !image || image.ownerId !== userId || image.attached) throw new AppError('imageExpired')
      store.images.attach(uploadId, userId)
      return image
    },

    /** Uploads nobody saved in time (not those a save holds): their Storage files too, then the rows and files as in local mode. */
    async sweep(): Promise<number> {
      const held = (id: string) => inUse.has(id)
      const stale = store.images.stalePending(ctx.now() - uploadLifetimeMs).filter((image) => !held(image.id))
      const paths = stale.map((image) => mirror.imageRemote(image.id)?.path).filter((p): p is string => !!p)
      const swept = await local.sweep(held)
      for (const path of paths) await bestEffort('stale upload', () => ports.files.remove(path))
      return swept
    },

    /** A photo no longer used: its Storage file (best effort: the web app's uploads cannot be removed by anyone). */
    async removeRemote(path: string | null): Promise<void> {
      if (path) await bestEffort('old photo', () => ports.files.remove(path))
    }
  }
}

export type CommunityImages = ReturnType<typeof createCommunityImages>
