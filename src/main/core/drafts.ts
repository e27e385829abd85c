import type { DraftInput } from '@shared/ipc/contract'
import { limits } from '@shared/limits'
import type { DraftView } from '@shared/types'
import { checkPhotoAlt, isLayout, normalPhotoAlt } from '@shared/validation'
import { AppError, enforce } from '../errors'
import type { DraftRecord } from '../store/drafts-store'
import type { ServiceContext } from './context'
import type { Views } from './mappers'
import { uploadLifetimeMs } from './post-rules'

/**
 * 임시 저장 글 (docs/decisions/039-drafts.md), the same in both backends: kept per person in the
 * store the backend reads (a community's own mirror store), never sent to Firebase. A draft's photos
 * are the writer's own uploads (images:add, which checked their bytes); the draft keeps them from
 * the sweep until it is posted or deleted.
 */
export function createDrafts(ctx: ServiceContext, views: Views) {
  const { store } = ctx

  const view = (draft: DraftRecord): DraftView => ({
    id: draft.id,
    text: draft.text,
    layout: draft.layout,
    photos: draft.photos.map((photo) => ({ uploadId: photo.image.id, image: views.image(photo.image), alt: photo.alt })),
    updatedAt: draft.updatedAt
  })

  const list = (userId: string): DraftView[] => store.drafts.list(userId).map(view)

  /** Inside the write's transaction: an upload of the caller's for a post, not yet posted, and fresh or already one of their drafts'. */
  function checkUpload(userId: string, uploadId: string): string {
    const image = store.images.get(uploadId)
    if (!image || image.ownerId !== userId || image.purpose !== 'post' || image.attached) throw new AppError('imageExpired', 'image')
    if (ctx.now() - image.createdAt > uploadLifetimeMs && !store.drafts.holds(userId, image.id)) throw new AppError('imageExpired', 'image')
    return image.id
  }

  return {
    list,

    async save(userId: string, input: DraftInput): Promise<DraftView> {
      // Text may be empty (photos first); over the limit is refused as a post's would be.
      const text = input.text.trim()
      if ([...text].length > limits.postTextMax) throw new AppError('postTextTooLong', 'text')
      if (!isLayout(input.layout)) throw new AppError('layoutInvalid', 'layout')
      if (input.photos.length > limits.photosMax) throw new AppError('photosTooMany', 'image')
      if (new Set(input.photos.map((photo) => photo.uploadId)).size !== input.photos.length) throw new AppError('photoDuplicate', 'image')
      const photos = input.photos.map((photo, index) => {
        enforce(checkPhotoAlt(photo.alt), `photoAlt${index}`)
        return { uploadId: photo.uploadId, alt: normalPhotoAlt(photo.alt) }
      })
      if (text === '' && photos.length === 0) throw new AppError('draftEmpty')
      const id = await store.transaction(() => {
        if (input.id !== null && !store.drafts.get(userId, input.id)) throw new AppError('draftNotFound')
        if (input.id === null && store.drafts.count(userId) >= limits.draftsMax) throw new AppError('draftsTooMany')
        const stored = photos.map((photo) => ({ imageId: checkUpload(userId, photo.uploadId), alt: photo.alt }))
        const draftId = input.id ?? ctx.newId()
        store.drafts.put({ id: draftId, userId, text, layout: input.layout, photos: stored, updatedAt: ctx.now() })
        return draftId
      })
      return view(store.drafts.get(userId, id)!)
    },

    async remove(userId: string, id: string): Promise<DraftView[]> {
      const removed = await store.transaction(() => store.drafts.remove(userId, id))
      if (!removed) throw new AppError('draftNotFound')
      return list(userId)
    },

    /** After a post was saved from a draft: the draft goes (already gone, or another's: nothing to do). */
    async posted(userId: string, id: string): Promise<void> {
      await store.transaction(() => store.drafts.remove(userId, id))
    }
  }
}

export type Drafts = ReturnType<typeof createDrafts>
