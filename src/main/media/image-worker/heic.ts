import { limits } from '@shared/limits'
import { AppError } from '../../errors'

export interface RawImage {
  width: number
  height: number
  /** RGBA, 8 bits a channel. */
  data: Uint8Array
}

/**
 * Decodes an HEVC-coded HEIF photo (an iPhone's HEIC) to pixels. sharp's prebuilt libvips
 * reads HEIF containers but carries no HEVC decoder (patents), so the pixels come from
 * libheif compiled to WebAssembly (heic-decode → libheif-js): no native code, nothing
 * downloaded at install. Loaded on the first HEIC only: the module is 1.5 MB of script.
 *
 * `declared` is what the container says (its ispe box, read by sharp without decoding):
 * a decoder bomb — a few KB claiming billions of pixels — is refused before any pixel is
 * decoded, and so is a primary image larger than declared. libheif applies the container's
 * rotation and mirroring while decoding, so the pixels come upright.
 */
export async function decodeHeic(bytes: Uint8Array, declared: { width?: number; height?: number }): Promise<RawImage> {
  checkPixels(declared.width, declared.height)
  const { default: decode } = await import('heic-decode')
  let handles: Awaited<ReturnType<typeof decode.all>>
  try {
    handles = await decode.all({ buffer: bytes })
  } catch {
    throw new AppError('imageUnsupported')
  }
  try {
    const primary = handles[0]
    if (!primary) throw new AppError('imageUnsupported')
    checkPixels(primary.width, primary.height)
    const image = await primary.decode().catch(() => {
      throw new AppError('imageUnsupported')
    })
    return { width: image.width, height: image.height, data: new Uint8Array(image.data.buffer, image.data.byteOffset, image.data.byteLength) }
  } finally {
    handles.dispose()
  }
}

function checkPixels(width: number | undefined, height: number | undefined): void {
  if (!width || !height) throw new AppError('imageUnsupported')
  if (width * height > limits.imageMaxPixels) throw new AppError('imageTooManyPixels')
}
