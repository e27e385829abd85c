import { limits } from '@shared/limits'
import type { MessageKey } from '@shared/messages'

/** The photo types the pickers offer: what main's pipeline decodes (HEIC/HEIF through heic-decode). */
export const acceptedImageTypes = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif', 'image/heic', 'image/heif'] as const

/** The pickers' `accept` attribute. */
export const imageAccept = acceptedImageTypes.join(',')

/**
 * What can be told about a chosen file before reading it: its size and its declared type. A
 * refusal here answers at once instead of reading and sending megabytes first; main still
 * decides from the bytes. An undeclared type (some systems give none) is left to main.
 */
export function checkImageFile(file: Pick<File, 'size' | 'type'>): MessageKey | null {
  if (file.size > limits.imageMaxBytes) return 'imageTooLarge'
  if (file.type !== '' && !(acceptedImageTypes as readonly string[]).includes(file.type)) return 'imageUnsupported'
  return null
}
