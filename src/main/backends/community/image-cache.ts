import { limits } from '@shared/limits'
import { processImage } from '../../media/image-pipeline'
import { removeImageFiles, saveVariants } from '../../media/media-files'
import { FirebasePortError } from '../../firebase/ports'
import type { CommunityContext } from './context'

/** How many downloads run at once: enough to fill a screen quickly, few enough to leave the line for the rest. */
const parallelDownloads = 2

/**
 * The mirror's images on disk: each post photo and avatar URL is downloaded once
 * (FilesPort.download), put through the same pipeline as uploads (re-encoded, metadata
 * stripped, WebP variants, placeholder; in the image worker, so other people's files are never
 * decoded in main) and served like local photos. Until then
 * the image row has no variants and the renderer draws its placeholder. The cache is
 * bounded: past `maxBytes` the least recently shown images lose their files (they keep
 * their placeholder and are fetched again when shown again).
 */
export function createImageCache(ctx: CommunityContext, maxBytes: number) {
  const { store, mirror } = ctx
  const wanted = new Set<string>()
  /** Images that cannot be fetched (gone, not an image): not tried again this run. */
  const failed = new Set<string>()
  /**
   * Downloads that failed as offline while the app still counts as online (Storage alone
   * unreachable): tried again when the network comes back or the image is shown again, never
   * straight away, which would loop for as long as Storage stays out of reach.
   */
  const waiting = new Set<string>()
  let downloading = 0

  function pump(): void {
    while (downloading < parallelDownloads && wanted.size > 0 && ctx.ports.connectivity.online()) {
      const id = wanted.values().next().value as string
      wanted.delete(id)
      downloading++
      ctx.background('image cache', async () => {
        try {
          await fetchOne(id)
        } finally {
          downloading--
          pump()
        }
      })
    }
  }

  async function fetchOne(id: string): Promise<void> {
    const image = mirror.imageRemote(id)
    if (!image?.url || image.files.length > 0) return
    if (!/^https?:\/\//i.test(image.url)) {
      failed.add(id)
      return
    }
    let bytes: Uint8Array
    try {
      bytes = await ctx.ports.files.download(image.url, limits.imageMaxBytes)
    } catch (error) {
      // Offline: fetched when the network is back; anything else will not get better by retrying.
      if (error instanceof FirebasePortError && error.reason === 'offline') waiting.add(id)
      else {
        failed.add(id)
        // Refused, e.g. a photo outside the community's bucket (the adapter fetches nothing
        // else, issue 21): said once in main's log, as the port words it (no token, no path).
        if (error instanceof FirebasePortError && error.reason === 'permission-denied') console.warn(`[community] image ${id} not fetched: ${error.message}`)
      }
      return
    }
    let processed: Awaited<ReturnType<typeof processImage>>
    try {
      processed = await processImage(bytes)
    } catch {
      failed.add(id)
      return
    }
    const variants = await saveVariants(ctx.imagesDir, processed.variants)
    const size = processed.variants.reduce((sum, v) => sum + v.data.byteLength, 0)
    const stored = await store.transaction(() =>
      mirror.setCached(id, { width: processed.width, height: processed.height, placeholder: processed.placeholder, variants, bytes: size }, ctx.now())
    )
    if (!stored) {
      await removeImageFiles(ctx.imagesDir, variants.map((v) => v.file))
      return
    }
    await evictBeyondLimit()
    const postIds = mirror.postIdsUsingImage(id)
    if (postIds.length > 0) ctx.emit('posts:changed', { postIds, feed: false })
  }

  /** Downloads finish in any order: the most recently used image is always the one kept. */
  async function evictBeyondLimit(): Promise<void> {
    let usage = mirror.cacheUsage()
    while (usage > maxBytes) {
      const victims = mirror.leastRecentlyUsed()
      if (victims.length === 0) return
      for (const victim of victims) {
        const image = mirror.imageRemote(victim)
        if (!image) continue
        await store.transaction(() => mirror.evict(victim))
        await removeImageFiles(ctx.imagesDir, image.files)
        usage -= image.cachedBytes
        if (usage <= maxBytes) return
      }
    }
  }

  return {
    /** Fetches these images unless cached (the rows say), in the background. */
    want(ids: Iterable<string | null>): void {
      for (const id of ids) {
        if (id === null || failed.has(id)) continue
        const image = mirror.imageRemote(id)
        if (!image?.url || image.files.length > 0) continue
        waiting.delete(id)
        wanted.add(id)
      }
      pump()
    },
    /** The network is back: what waited for it is fetched now. */
    resume(): void {
      for (const id of waiting) wanted.add(id)
      waiting.clear()
      pump()
    }
  }
}

export type ImageCache = ReturnType<typeof createImageCache>
