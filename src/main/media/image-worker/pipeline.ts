import sharp, { type Sharp, type SharpOptions } from 'sharp'
import { rgbaToThumbHash } from 'thumbhash'
import { limits } from '@shared/limits'
import { AppError } from '../../errors'
import type { ProcessedImage, ProcessedVariant } from '../image-protocol'
import { decodeHeic } from './heic'

export interface ProcessImageOptions {
  onProgress?: (fraction: number) => void
}

/** The widths cards and lists draw from (srcset); each is made only when smaller than the largest variant. */
const variantWidths = [320, 640, 1080, 1600] as const
/**
 * The largest variant is the photo as kept: what the viewer zooms into, and in community mode
 * the file uploaded to Storage. Bounded by its long side, so a 6000×800 panorama keeps 4096 px
 * of width, and by a 4K screen's pixels, so a 12 MP photo stays under a megabyte or so and even
 * pure noise stays well under Storage's 10 MB rule (docs/decisions/032-photo-viewer.md).
 */
const largestMaxSide = 4096
const largestMaxPixels = 3840 * 2160
const webpQuality = 80
/** Effort 2 halves encode time against the default 4 for ~3% larger files (measured on a 12 MP photo). */
const webpEffort = 2
/** The largest variant of a big photo: effort 0 encodes 8 MP in 150 ms instead of 250 ms, for 3% more bytes (decision 032). */
const bigEffort = 0
const bigPixels = 2_000_000
/** ThumbHash accepts at most 100×100 pixels. */
const placeholderMaxSide = 100

/** Formats as named by sharp's metadata().format; AVIF and HEIC both decode through libheif as 'heif'. */
type SniffedFormat = 'jpeg' | 'png' | 'webp' | 'gif' | 'heif'

const inputOptions: SharpOptions = {
  limitInputPixels: limits.imageMaxPixels,
  // 'error' refuses truncated and corrupt pixel data while tolerating the harmless warnings many cameras produce.
  failOn: 'error',
  autoOrient: true,
  // Only the first frame of an animated GIF/WebP.
  pages: 1
}

/**
 * Turns untrusted upload bytes into size variants and a placeholder. The type is decided from the
 * bytes alone; anything that is not a raster photo format (SVG with scripts, HTML polyglots, PDF…) is refused.
 */
export async function processImage(bytes: Uint8Array, options: ProcessImageOptions = {}): Promise<ProcessedImage> {
  if (bytes.byteLength > limits.imageMaxBytes) throw new AppError('imageTooLarge')
  const format = sniffFormat(bytes)
  if (!format) throw new AppError('imageUnsupported')

  try {
    let input = sharp(bytes, inputOptions)
    const meta = await input.metadata()
    // libvips picks its loader by its own sniffing; both must agree so no other loader ever parses the bytes.
    if (meta.format !== format) throw new AppError('imageUnsupported')
    let { width, height } = meta.autoOrient
    if (meta.compression === 'hevc') {
      // An iPhone's HEIC: libvips reads the container but cannot decode HEVC. The pixels,
      // already upright, go on through the same pipeline (and so lose every metadata block).
      const raw = await decodeHeic(bytes, meta)
      input = sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: 4 }, limitInputPixels: limits.imageMaxPixels })
      width = raw.width
      height = raw.height
    }
    const widths = targetWidths(width, height)
    const totalSteps = widths.length + 2
    let doneSteps = 0
    const step = (): void => options.onProgress?.(++doneSteps / totalSteps)

    // Decode once, straight at the largest variant's size so JPEG/WebP can shrink on load;
    // every smaller variant is resized from these pixels instead of decoding again.
    const base = await input
      .resize({ width: widths[widths.length - 1] })
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true })
    step()
    const fromBase = (): Sharp =>
      sharp(base.data, { raw: { width: base.info.width, height: base.info.height, channels: base.info.channels } })

    const [placeholder, variants] = await Promise.all([
      placeholderOf(fromBase()).finally(step),
      Promise.all(
        widths.map(async (w): Promise<ProcessedVariant> => {
          const largest = w === base.info.width
          const pipeline = largest ? fromBase() : fromBase().resize({ width: w })
          const effort = largest && base.info.width * base.info.height > bigPixels ? bigEffort : webpEffort
          // No EXIF/XMP/ICC in the output: sharp strips metadata unless asked to keep it, and the pixels are already sRGB.
          const { data, info } = await pipeline.webp({ quality: webpQuality, effort }).toBuffer({ resolveWithObject: true })
          step()
          return { width: info.width, height: info.height, data }
        })
      )
    ])
    return { width, height, placeholder, variants }
  } catch (error) {
    throw toAppError(error)
  }
}

/** A stored variant (WebP written by processImage) as a square PNG: a notification's icon. */
export async function iconPng(bytes: Uint8Array, size: number): Promise<Buffer> {
  return sharp(bytes, inputOptions).resize(size, size).png().toBuffer()
}

/**
 * The standard widths below the largest variant, then the largest: the source itself when it fits
 * the long-side and pixel bounds, else the source scaled down to fit them. Never upscaled.
 */
export function targetWidths(sourceWidth: number, sourceHeight: number): number[] {
  const scale = Math.min(1, largestMaxSide / Math.max(sourceWidth, sourceHeight), Math.sqrt(largestMaxPixels / (sourceWidth * sourceHeight)))
  const largest = Math.max(1, Math.floor(sourceWidth * scale))
  return [...variantWidths.filter((w) => w < largest), largest]
}

async function placeholderOf(image: Sharp): Promise<string> {
  const { data, info } = await image
    .resize(placeholderMaxSide, placeholderMaxSide, { fit: 'inside', withoutEnlargement: true })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
  return Buffer.from(rgbaToThumbHash(info.width, info.height, data)).toString('base64')
}

function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error
  if (error instanceof Error && /pixel limit/i.test(error.message)) return new AppError('imageTooManyPixels')
  return new AppError('imageUnsupported')
}

const startsWith = (bytes: Uint8Array, offset: number, signature: readonly number[] | string): boolean => {
  const expected = typeof signature === 'string' ? [...signature].map((c) => c.charCodeAt(0)) : signature
  return bytes.length >= offset + expected.length && expected.every((b, i) => bytes[offset + i] === b)
}

/** ISO-BMFF brands of HEIF still images (AVIF included). */
const heifBrands = new Set(['avif', 'avis', 'heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'hevm', 'hevs', 'mif1', 'msf1'])

/** Identifies the format from the file signature at offset 0; an image hidden after other content does not count. */
function sniffFormat(bytes: Uint8Array): SniffedFormat | null {
  if (startsWith(bytes, 0, [0xff, 0xd8, 0xff])) return 'jpeg'
  if (startsWith(bytes, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png'
  if (startsWith(bytes, 0, 'GIF87a') || startsWith(bytes, 0, 'GIF89a')) return 'gif'
  if (startsWith(bytes, 0, 'RIFF') && startsWith(bytes, 8, 'WEBP')) return 'webp'
  if (startsWith(bytes, 4, 'ftyp')) return hasHeifBrand(bytes) ? 'heif' : null
  return null
}

/** Reads the major and compatible brands of the leading ftyp box. */
function hasHeifBrand(bytes: Uint8Array): boolean {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const boxSize = bytes.length >= 4 ? view.getUint32(0) : 0
  const end = Math.min(boxSize, bytes.length)
  const brandAt = (offset: number): string => String.fromCharCode(...bytes.subarray(offset, offset + 4))
  // Major brand at 8, minor version at 12, then compatible brands.
  for (let offset = 8; offset + 4 <= end; offset += offset === 8 ? 8 : 4) {
    if (heifBrands.has(brandAt(offset))) return true
  }
  return false
}
