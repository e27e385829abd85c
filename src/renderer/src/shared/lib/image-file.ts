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

const startsWith = (bytes: Uint8Array, at: number, signature: string | number[]): boolean => {
  const expected = typeof signature === 'string' ? [...signature].map((c) => c.charCodeAt(0)) : signature
  return expected.every((byte, i) => bytes[at + i] === byte)
}

/**
 * Whether a file's first bytes are those of a photo format main decodes: JPEG, PNG, GIF,
 * WebP, or an ISO media file (AVIF, HEIC, HEIF — main reads the brand). Catches what the
 * declared type cannot: a file without one, or a document renamed to .jpg. Reads 16 bytes.
 */
export async function sniffImageFile(file: Pick<Blob, 'slice'>): Promise<MessageKey | null> {
  const bytes = new Uint8Array(await file.slice(0, 16).arrayBuffer())
  const image =
    startsWith(bytes, 0, [0xff, 0xd8, 0xff]) ||
    startsWith(bytes, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) ||
    startsWith(bytes, 0, 'GIF8') ||
    (startsWith(bytes, 0, 'RIFF') && startsWith(bytes, 8, 'WEBP')) ||
    startsWith(bytes, 4, 'ftyp')
  return image ? null : 'imageUnsupported'
}
