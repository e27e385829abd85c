import { randomBytes } from 'node:crypto'
import { readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import type { ImagePurpose } from '@shared/limits'
import type { ImageUpload } from '@shared/types'
import { AppError } from '../../errors'
import { createLocalImages, uploadLifetimeMs } from '../local/images'
import type { Views } from '../../core/mappers'
import type { ImageRecord, ImageVariantFile, PendingImage } from '../../store/images-store'
import type { CommunityContext } from './context'
import { bestEffort, remote } from './remote-call'
import type { ImageCache } from './image-cache'

/** The pipeline's share of an upload's progress bar; the transfer to Storage is the rest. */
const pipelineShare = 0.5

/**
 * The file a community downloads (decision 032): the largest variant within about a screen's
 * pixels. The web app shows the Storage file itself on every view, so an ordinary photo goes up
 * about 1600 px wide as before, while a panorama (4096×546) keeps the width worth zooming. The
 * bigger variants stay here, in the poster's own copy.
 */
const uploadMaxPixels = 2_500_000

export function uploadVariant(image: ImageRecord): ImageVariantFile {
  const pixels = (v: ImageVariantFile) => v.width * Math.round((v.width * image.height) / image.width)
  return image.variants.filter((v) => pixels(v) <= uploadMaxPixels).at(-1) ?? image.variants[0]!
}

/**
 * Photos in community mode: the same pipeline as local mode, in the image worker (re-encoded, metadata
 * stripped, WebP variants, placeholder), then uploadVariant's goes to Storage at
 * postImg/{timestamp} or profileImg/{timestamp} (docs/specification.md §3.3) with upload progress. The
 * variants stay in the mirror's images folder as that URL's cache.
 */
export function createCommunityImages(ctx: CommunityContext, views: Views, cache: ImageCache) {
  const { store, mirror, ports } = ctx
  const local = createLocalImages(ctx, views)
  let lastStamp = 0

  /** The web app's {timestamp}, kept unique per app copy, plus a few random characters so two copies never collide. */
  function storageName(): string {
    lastStamp = Math.max(ctx.now(), lastStamp + 1)
    return `${lastStamp}_${randomBytes(3).toString('hex')}`
  }

  async function upload(image: PendingImage, folder: 'postImg' | 'profileImg', onProgress?: (fraction: number) => void): Promise<{ url: string; path: string; bytes: number }> {
    const bytes = await readFile(join(ctx.imagesDir, uploadVariant(image).file))
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
      return local.reserving(userId, async () => {
        const image = await local.prepare(bytes, purpose, userId, (p) => onProgress?.(p * pipelineShare))
        let evicted: { kept: string | null; variants: { file: string }[] }[]
        try {
          const uploaded = await upload(image, 'postImg', (f) => onProgress?.(pipelineShare + f * (1 - pipelineShare)))
          evicted = await store.transaction(() => {
            // Their Storage paths, read before the rows go.
            const room = local.makeRoom(userId, (old) => mirror.imageRemote(old.id)?.path ?? null)
            store.images.insert(image)
            mirror.setUploaded(image.id, uploaded.url, uploaded.path, uploaded.bytes, ctx.now())
            return room
          })
        } catch (error) {
          await local.discardFiles([image])
          throw error
        }
        await local.discardFiles(evicted)
        for (const { kept: path } of evicted) if (path) await bestEffort('replaced upload', () => ports.files.remove(path))
        return { uploadId: image.id, image: views.image(image) }
      })
    },

    /**
     * Claims the caller's own, fresh, unused post photo for a save, before its remote write:
     * from here the upload is no longer pending, so a second save cannot use it, its lifetime
     * running out during the write changes nothing and the sweep leaves it and its Storage
     * file alone. The claim is in the store, so it holds across a restart too: once the server
     * has the document, its snapshot mirrors the post onto this same row (found by its URL).
     */
    async claim(uploadId: string, userId: string): Promise<{ image: PendingImage; url: string }> {
      return store.transaction(() => {
        const image = local.claim(uploadId, userId, 'post')
        const url = mirror.imageRemote(image.id)?.url
        if (!url) throw new AppError('imageExpired')
        return { image, url }
      })
    },

    /** The save's remote write failed: the photo is pending again, for another try (unless a post already shows it). */
    async unclaim(uploadId: string): Promise<void> {
      try {
        await store.transaction(() => mirror.unclaim(uploadId))
      } catch (error) {
        // Left claimed: the user chooses the photo again, and no post ever loses one.
        console.warn('[community] upload not released:', error instanceof Error ? error.message : error)
      }
    },

    /**
     * Uploads nobody saved in time: their Storage files too, then the rows and files as in local
     * mode. Chosen inside the removing transaction, so an upload a save claimed meanwhile stays.
     */
    async sweep(): Promise<number> {
      const stale = await store.transaction(() =>
        store.images.stalePending(ctx.now() - uploadLifetimeMs).flatMap((image) => {
          // A post shows it (mirrored before its save was claimed): the post's, not stale.
          if (mirror.postIdsUsingImage(image.id).length > 0) {
            mirror.attachUpload(image.id)
            return []
          }
          const path = mirror.imageRemote(image.id)?.path ?? null
          store.images.remove(image.id)
          return [{ image, path }]
        })
      )
      await local.discardFiles(stale.map((s) => s.image))
      for (const { path } of stale) if (path) await bestEffort('stale upload', () => ports.files.remove(path))
      return stale.length
    },

    /** A photo no longer used: its Storage file (best effort: the web app's uploads cannot be removed by anyone). */
    async removeRemote(path: string | null): Promise<void> {
      if (path) await bestEffort('old photo', () => ports.files.remove(path))
    }
  }
}

export type CommunityImages = ReturnType<typeof createCommunityImages>
