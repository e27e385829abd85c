import { limits, type Layout } from '@shared/limits'
import type { KeptPhoto, NewPhoto } from '@shared/ipc/contract'
import { format } from '@shared/messages'
import { checkPhotoAlt, checkPostText, isLayout, normalPhotoAlt } from '@shared/validation'
import { AppError, enforce } from '../errors'

/** An upload is "just added" for a day; after that the caller must choose the photo again (unless a 임시 저장 글 holds it). */
export const uploadLifetimeMs = 24 * 60 * 60 * 1000

/** A post's text and layout as the author sends them, before any backend stores them. */
export interface PostDraft {
  text: string
  layout: Layout
}

/** The draft both backends store: text within its rules (trimmed) and a known layout. */
export function checkDraft(draft: PostDraft): PostDraft {
  enforce(checkPostText(draft.text), 'text')
  if (!isLayout(draft.layout)) throw new AppError('layoutInvalid', 'layout')
  return { text: draft.text.trim(), layout: draft.layout }
}

export type PhotoInput = NewPhoto | KeptPhoto

/**
 * A save's photos as both backends store them (decision 031): 1 to limits.photosMax, none twice,
 * each 사진 설명 normalised and within its length; where the community asks for them
 * (settings/community requireAltText), none without one — the message names the photo.
 */
export function checkPhotos<T extends PhotoInput>(photos: readonly T[], requireAlt: boolean): T[] {
  if (photos.length === 0) throw new AppError('postImageRequired', 'image')
  if (photos.length > limits.photosMax) throw new AppError('photosTooMany', 'image')
  const seen = new Set(photos.map((photo) => ('uploadId' in photo ? `u:${photo.uploadId}` : `i:${photo.imageId}`)))
  if (seen.size !== photos.length) throw new AppError('photoDuplicate', 'image')
  return photos.map((photo, index) => {
    enforce(checkPhotoAlt(photo.alt), `photoAlt${index}`)
    const alt = normalPhotoAlt(photo.alt)
    if (requireAlt && alt === '') throw new AppError('photoAltRequired', `photoAlt${index}`, format.photoAltMissing(index + 1))
    return { ...photo, alt }
  })
}
