import { limits } from '@shared/limits'
import type { FeedPage, PostView } from '@shared/types'
import { AppError } from '../../errors'
import { createLocalPosts } from '../local/posts'
import { checkDraft, checkPhotos, type PhotoInput, type PostDraft } from '../../core/post-rules'
import type { NewPhoto } from '@shared/ipc/contract'
import type { PendingImage } from '../../store/images-store'
import type { Views } from '../../core/mappers'
import type { Remover } from '../../core/services'
import { decodeCursor, encodeCursor, type Keyset } from '../../store/keyset'
import type { PostRemote } from '../../store/mirror/mirror-store'
import { removeImageFiles } from '../../media/media-files'
import { newPostDoc, postEditPatch, postFromDoc, storagePathOf, webDate } from '../../firebase/mapping'
import type { CommunityAuth } from './auth'
import type { CommunityContext } from './context'
import { remote } from './remote-call'
import type { CommunityImages } from './images'
import type { MirrorWriter } from './mirror-writer'
import type { CommunitySettings } from './community-settings'
import { atOrAbove, type Sync } from './sync'

/**
 * Posts in community mode. Reads are local mode's, on the mirror; the feed asks Firestore
 * for the next page (one query, a page of documents, then their comment counts) only where
 * the mirror is not known to match the server below the cursor. Writes go to Firebase first and then into the mirror,
 * so the writer sees them at once and a failed write leaves nothing behind.
 */
/** A postDate in the ko-KR form the web app writes in a Korean browser (year. month. day. time), the form firestore.rules read a day from. */
const koreanPostDay = /^\d{4}\. \d{1,2}\. \d{1,2}\. ./

export function createCommunityPosts(
  ctx: CommunityContext,
  views: Views,
  images: CommunityImages,
  auth: CommunityAuth,
  sync: Sync,
  writer: MirrorWriter,
  settings: CommunitySettings
) {
  const { store, mirror, ports } = ctx
  const local = createLocalPosts(ctx, views, images.local)

  /** True when the mirror holds the page below `after` exactly as the server has it. */
  function covered(after: Keyset, size: number): boolean {
    const to = sync.coverage.to
    if (to === 'end') return true
    if (to === null || !atOrAbove(after, to)) return false
    const rows = store.posts.page(null, after, size + 1)
    const last = rows.at(-1)
    return rows.length === size + 1 && last !== undefined && atOrAbove({ at: last.createdAt, id: last.id }, to)
  }

  async function fetchBelow(after: Keyset, size: number): Promise<void> {
    const docs = await ports.docs.postsPage({ createdAt: after.at, id: after.id }, size + 1)
    const full = docs.length === size + 1
    const last = docs.at(-1)
    const lower = full && last ? { at: postFromDoc(last, 0).createdAt, id: last.id } : null
    await writer.posts(docs, { upper: after, lower })
    const to = sync.coverage.to
    // Contiguous with what is known: the known part now reaches this page's end.
    if (to !== null && to !== 'end' && atOrAbove(after, to)) sync.coverage.to = lower ?? 'end'
  }

  /** Only the author edits or deletes: the mirror's author and the document's uid must both be the caller. */
  async function requireAuthor(postId: string, userId: string | null): Promise<PostRemote> {
    if (!userId) throw new AppError('onlyAuthorEdit')
    const post = await writer.mirroredPost(postId)
    if (post.authorId !== userId) throw new AppError('onlyAuthorEdit')
    return post
  }

  /**
   * A save's remote write. Its photos were claimed before (images.claim) and are released only
   * when the server refused the write. Once the server has it, nothing undoes the claim: if the
   * mirror write after it fails, the document's snapshot mirrors the post onto the claimed row
   * (found by its URL), so a server post never lacks its mirror row or loses its photo to the sweep.
   */
  async function writeClaimed<T>(claimed: readonly string[], work: () => Promise<T>): Promise<T> {
    try {
      return await remote('write', work)
    } catch (error) {
      for (const uploadId of claimed) await images.unclaim(uploadId)
      throw error
    }
  }

  /** Claims each upload in turn; one refused releases those claimed before it. */
  async function claimAll(uploadIds: readonly string[], userId: string): Promise<{ image: PendingImage; url: string }[]> {
    const claimed: { image: PendingImage; url: string }[] = []
    try {
      for (const uploadId of uploadIds) claimed.push(await images.claim(uploadId, userId))
    } catch (error) {
      for (const c of claimed) await images.unclaim(c.image.id)
      throw error
    }
    return claimed
  }

  /**
   * A write the rules refused while a photo had no 사진 설명: the operator may have turned
   * requireAltText on since it was read. Read it again, so the refusal names the photo.
   */
  async function recheckAlts(error: unknown, userId: string, photos: readonly PhotoInput[]): Promise<never> {
    if (error instanceof AppError && error.code === 'permissionDenied' && photos.some((photo) => photo.alt === '')) {
      settings.forget()
      checkPhotos(photos, (await settings.photoRules(userId)).requireAltText)
    }
    throw error
  }

  const ownUid = (post: PostRemote, uid: string) => {
    if (post.authorUid !== null && post.authorUid !== uid) throw new AppError('onlyAuthorEdit')
  }

  return {
    async feed(viewer: string | null, cursor: string | null | undefined, limit: number = limits.feedPageSize): Promise<FeedPage> {
      const size = Math.min(Math.max(1, Math.floor(limit)), limits.feedPageMax)
      const after = decodeCursor(cursor)
      // The first page is the mirror as it is (the app opens at once); the top listener keeps it current.
      if (after && ports.connectivity.online() && !covered(after, size)) {
        await fetchBelow(after, size).catch((error: unknown) => console.warn('[community] feed page:', error instanceof Error ? error.message : error))
      }
      // A post saved here whose mirror write failed shows at the next read of the feed at the latest.
      await writer.flush().catch((error: unknown) => console.warn('[community] saved posts:', error instanceof Error ? error.message : error))
      const page = local.feed(viewer, cursor, limit)
      sync.showing(page.posts.map((post) => post.id))
      // The mirror ending is not the feed ending: unless the server is known to have no more, offer the next page.
      const last = page.posts.at(-1)
      if (page.nextCursor === null && last && sync.coverage.to !== 'end') page.nextCursor = encodeCursor({ at: last.createdAt, id: last.id })
      return page
    },

    // The mirror holds every post the reader's pages showed, in the same order.
    find: local.find,

    async get(postId: string, viewer: string | null): Promise<PostView> {
      await writer.mirroredPost(postId)
      return local.get(postId, viewer)
    },

    async create(userId: string | null, photos: readonly NewPhoto[], draft: PostDraft): Promise<PostView> {
      if (!userId) throw new AppError('loginFirstWrite')
      const clean = checkDraft(draft)
      const list = checkPhotos(photos, (await settings.photoRules(userId)).requireAltText)
      const author = await auth.author(userId)
      const claimed = await claimAll(list.map((photo) => photo.uploadId), userId)
      const stored = list.map((photo, i) => ({ imageId: claimed[i]!.image.id, alt: photo.alt }))
      const now = ctx.now()
      const doc = newPostDoc(author, { text: clean.text, layout: clean.layout, photos: list.map((photo, i) => ({ url: claimed[i]!.url, alt: photo.alt })) }, now)
      const id = await writeClaimed(stored.map((photo) => photo.imageId), () => ports.docs.addPost(doc)).catch((error: unknown) => recheckAlts(error, userId, list))
      writer.wrote('post', id)
      try {
        await store.transaction(() => {
          mirror.upsertPost(
            { id, authorId: userId, authorUid: author.uid, text: clean.text, layout: clean.layout, imageId: stored[0]!.imageId, createdAt: now, ordered: true, postDate: webDate(now) },
            now
          )
          store.posts.setPhotos(id, stored)
        })
      } catch (error) {
        // The server has the post: the mirror takes it from the saved document later, if no snapshot brings it first.
        writer.unmirrored({ id, data: doc })
        throw error
      }
      ctx.published()
      return local.get(id, userId)
    },

    /** photos undefined: the post keeps its photos as they are. */
    async update(userId: string | null, postId: string, photos: readonly PhotoInput[] | undefined, draft: PostDraft): Promise<PostView> {
      const before = await requireAuthor(postId, userId)
      const clean = checkDraft(draft)
      const list: PhotoInput[] = photos
        ? checkPhotos(photos, (await settings.photoRules(userId)).requireAltText)
        : before.photos.map((p) => ({ imageId: p.imageId, alt: p.alt }))
      const author = await auth.author(userId!)
      ownUid(before, author.uid)
      for (const photo of list) if ('imageId' in photo && !before.photos.some((p) => p.imageId === photo.imageId)) throw new AppError('imageExpired', 'image')
      const uploads = list.flatMap((photo) => ('uploadId' in photo ? [photo.uploadId] : []))
      const claimed = await claimAll(uploads, userId!)
      const added = new Map(uploads.map((uploadId, i) => [uploadId, claimed[i]!]))
      const after = list.map((photo) => {
        const upload = 'uploadId' in photo ? added.get(photo.uploadId)! : null
        const kept = 'imageId' in photo ? before.photos.find((p) => p.imageId === photo.imageId)! : null
        return { imageId: upload?.image.id ?? kept!.imageId, url: upload?.url ?? kept!.url ?? '', alt: photo.alt }
      })
      const patch = postEditPatch(
        { text: before.text, layout: before.layout, photos: before.photos.map((p) => ({ url: p.url ?? '', alt: p.alt })) },
        { ...clean, photos: after }
      )
      // A post the web app wrote has no createdAt, so other copies' ordered feed never shows it:
      // the edit gives it the time this copy orders it by, once. firestore.rules accept it only
      // within the day its ko-KR postDate names; a date in another form edits without it.
      if (Object.keys(patch).length > 0 && !before.ordered && koreanPostDay.test(before.postDate)) {
        patch.createdAt = Math.min(before.createdAt, ctx.now())
      }
      if (Object.keys(patch).length > 0) {
        await writeClaimed(claimed.map((c) => c.image.id), () => ports.docs.updatePost(postId, patch)).catch((error: unknown) => recheckAlts(error, userId!, list))
      }
      const gone = before.photos.filter((p) => !after.some((a) => a.imageId === p.imageId))
      const files = await store.transaction(() => {
        store.posts.update({ id: postId, text: clean.text, layout: clean.layout, photos: after, updatedAt: ctx.now() })
        if (patch.createdAt !== undefined) mirror.markPostOrdered(postId)
        return gone.flatMap((p) => mirror.dropImageIfUnused(p.imageId)?.files ?? [])
      })
      ctx.published()
      // The old photos go only after the edit is saved: a failed save never loses a photo in use.
      for (const p of gone) await images.removeRemote(p.path ?? storagePathOf(p.url ?? ''))
      await removeImageFiles(ctx.imagesDir, files)
      return local.get(postId, userId)
    },

    /**
     * Deletes the post document, then its mirror rows (comments, likes, alerts with it) and its photo.
     * `as` 'moderator': the moderation service checked the claim (decision 030); the rules check it again.
     */
    async remove(userId: string | null, postId: string, as: Remover = 'author'): Promise<{ id: string }> {
      if (!userId) throw new AppError('onlyAuthorEdit')
      const before = as === 'moderator' ? await writer.mirroredPost(postId) : await requireAuthor(postId, userId)
      const { uid } = await auth.author(userId)
      if (as !== 'moderator') ownUid(before, uid)
      await remote('write', () => ports.docs.deletePost(postId))
      const files = await store.transaction(() => {
        store.posts.remove(postId)
        return before.photos.flatMap((p) => mirror.dropImageIfUnused(p.imageId)?.files ?? [])
      })
      ctx.published()
      for (const p of before.photos) await images.removeRemote(p.path ?? storagePathOf(p.url ?? ''))
      await removeImageFiles(ctx.imagesDir, files)
      return { id: postId }
    },

    photoRules: settings.photoRules
  }
}
