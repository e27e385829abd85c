import { format } from '@shared/messages'
import type { PhotoView } from '@shared/types'

/** A photo's alt: the 사진 설명 written for it, else an honest "사진 2/4". */
export const photoAlt = (photo: PhotoView, index: number, count: number): string => photo.alt || format.photoDefaultAlt(index + 1, count)
