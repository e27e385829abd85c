import { readFileSync } from 'node:fs'
import { describe, it, expect } from 'vitest'
import sharp, { type Sharp } from 'sharp'
import { thumbHashToApproximateAspectRatio, thumbHashToRGBA } from 'thumbhash'
import type { ErrorCode } from '@shared/ipc/contract'
import { AppError } from '../../errors'
import type { ProcessedImage } from '../image-protocol'
import { processImage, targetWidths } from './pipeline'

// The corpus is generated here so no binary fixtures live in the repository — except HEIC,
// which sharp cannot encode: tests/support/fixtures/photo.heic (see the README there).

/** 96×64, left half red, right half blue, EXIF with GPS and an iPhone's Make/Model; 855 bytes. */
const heic = (): Buffer => readFileSync(new URL('../../../../tests/support/fixtures/photo.heic', import.meta.url))

/** The fixture with its declared size (the ispe box) rewritten, as a decoder bomb would claim. */
function withDeclaredSize(bytes: Buffer, width: number, height: number): Buffer {
  const copy = Buffer.from(bytes)
  const at = copy.indexOf('ispe', 0, 'latin1')
  expect(at).toBeGreaterThan(0)
  // 'ispe', then version and flags (4 bytes), then width and height.
  copy.writeUInt32BE(width, at + 8)
  copy.writeUInt32BE(height, at + 12)
  return copy
}

const solid = (width: number, height: number, background = '#3a7bd5'): Sharp =>
  sharp({ create: { width, height, channels: 3, background } })

/** Random pixels, so encoders cannot compress the image away and truncation lands mid-scan. */
const noisy = (width: number, height: number): Sharp =>
  sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })

/** Left half red, right half blue: shows where the left edge ends up after rotation. */
const halves = async (width: number, height: number): Promise<Sharp> => {
  const blue = await solid(width / 2, height, '#0000ff').png().toBuffer()
  return solid(width, height, '#ff0000').composite([{ input: blue, left: width / 2, top: 0 }])
}

async function refusalOf(bytes: Uint8Array): Promise<ErrorCode> {
  try {
    await processImage(bytes)
  } catch (error) {
    expect(error).toBeInstanceOf(AppError)
    return (error as AppError).code
  }
  throw new Error('processImage accepted the input')
}

async function pixelAt(webp: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(webp).raw().toBuffer({ resolveWithObject: true })
  const offset = (y * info.width + x) * info.channels
  return [...data.subarray(offset, offset + info.channels)]
}

async function expectCleanWebp(image: ProcessedImage): Promise<void> {
  for (const variant of image.variants) {
    const meta = await sharp(variant.data).metadata()
    expect(meta.format).toBe('webp')
    expect([meta.width, meta.height]).toEqual([variant.width, variant.height])
    expect(meta.exif).toBeUndefined()
    expect(meta.xmp).toBeUndefined()
    expect(meta.icc).toBeUndefined()
    expect(meta.orientation).toBeUndefined()
    expect(meta.pages ?? 1).toBe(1)
  }
}

describe('processImage accepts', () => {
  it('a JPEG with GPS and orientation 6: rotated, every metadata block stripped', async () => {
    const input = await (await halves(800, 400))
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExifMerge({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '37/1 33/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '126/1 58/1 0/1' } })
      .toBuffer()
    const inputMeta = await sharp(input).metadata()
    expect(inputMeta.orientation).toBe(6)
    expect(inputMeta.exif?.toString('latin1')).toContain('N\0')

    const image = await processImage(input)
    expect([image.width, image.height]).toEqual([400, 800])
    expect(image.variants.map((v) => [v.width, v.height])).toEqual([[320, 640], [400, 800]])
    await expectCleanWebp(image)
    // Orientation 6 turns the left (red) edge to the top.
    const [top, bottom] = await Promise.all([pixelAt(image.variants[0]!.data, 160, 20), pixelAt(image.variants[0]!.data, 160, 620)])
    expect(top[0]).toBeGreaterThan(200)
    expect(top[2]).toBeLessThan(60)
    expect(bottom[2]).toBeGreaterThan(200)
    expect(bottom[0]).toBeLessThan(60)
  })

  it('a PNG, keeping its transparency', async () => {
    const input = await sharp({ create: { width: 400, height: 300, channels: 4, background: { r: 0, g: 128, b: 0, alpha: 0.5 } } })
      .png()
      .toBuffer()
    const image = await processImage(input)
    expect(image.variants.map((v) => v.width)).toEqual([320, 400])
    await expectCleanWebp(image)
    expect((await sharp(image.variants[0]!.data).metadata()).hasAlpha).toBe(true)
  })

  it('a WebP', async () => {
    const image = await processImage(await solid(700, 500).webp().toBuffer())
    expect([image.width, image.height]).toEqual([700, 500])
    expect(image.variants.map((v) => v.width)).toEqual([320, 640, 700])
    await expectCleanWebp(image)
  })

  it('only the first frame of an animated GIF', async () => {
    const frame = (background: string) =>
      sharp({ create: { width: 60, height: 40, channels: 4, background } }).raw().toBuffer()
    const frames = Buffer.concat([await frame('#ff0000'), await frame('#0000ff')])
    const input = await sharp(frames, { raw: { width: 60, height: 80, channels: 4, pageHeight: 40 } }).gif().toBuffer()
    expect((await sharp(input).metadata()).pages).toBe(2)

    const image = await processImage(input)
    expect([image.width, image.height]).toEqual([60, 40])
    expect(image.variants.map((v) => [v.width, v.height])).toEqual([[60, 40]])
    await expectCleanWebp(image)
    const [r, , b] = await pixelAt(image.variants[0]!.data, 30, 20)
    expect(r).toBeGreaterThan(200)
    expect(b).toBeLessThan(60)
  })

  it.runIf(sharp.format.heif.output.buffer)('an AVIF', async () => {
    const image = await processImage(await solid(400, 200).avif().toBuffer())
    expect([image.width, image.height]).toEqual([400, 200])
    await expectCleanWebp(image)
  })

  it('an iPhone HEIC (HEVC, which libvips cannot decode): same size, pixels kept, GPS and every block stripped', async () => {
    const input = heic()
    const inputMeta = await sharp(input).metadata()
    expect([inputMeta.format, inputMeta.compression]).toEqual(['heif', 'hevc'])
    expect(inputMeta.exif).toBeDefined()
    await expect(sharp(input).raw().toBuffer()).rejects.toThrow()
    const image = await processImage(input)
    expect([image.width, image.height]).toEqual([96, 64])
    expect(image.variants.map((v) => [v.width, v.height])).toEqual([[96, 64]])
    await expectCleanWebp(image)
    for (const variant of image.variants) expect(variant.data.includes(Buffer.from('iPhone'))).toBe(false)
    const [lr, , lb] = await pixelAt(image.variants[0]!.data, 10, 32)
    const [rr, , rb] = await pixelAt(image.variants[0]!.data, 86, 32)
    expect(lr).toBeGreaterThan(180)
    expect(lb).toBeLessThan(80)
    expect(rb).toBeGreaterThan(180)
    expect(rr).toBeLessThan(80)
  })

  it('a small image as one variant of its own width, never upscaled', async () => {
    const image = await processImage(await solid(200, 100).jpeg().toBuffer())
    expect(image.variants.map((v) => [v.width, v.height])).toEqual([[200, 100]])
  })

  it('a large image as every standard width in ascending order and itself, reporting progress up to 1', async () => {
    const progress: number[] = []
    const image = await processImage(await noisy(2000, 1000).jpeg().toBuffer(), { onProgress: (f) => progress.push(f) })
    expect([image.width, image.height]).toEqual([2000, 1000])
    expect(image.variants.map((v) => [v.width, v.height])).toEqual([
      [320, 160],
      [640, 320],
      [1080, 540],
      [1600, 800],
      [2000, 1000]
    ])
    await expectCleanWebp(image)
    expect(progress.length).toBeGreaterThan(2)
    expect(progress).toEqual([...progress].sort((a, b) => a - b))
    expect(progress.every((f) => f > 0 && f <= 1)).toBe(true)
    expect(progress.at(-1)).toBe(1)
  })

  it('a 6000×800 panorama kept at 4096 px wide (worth zooming), its ratio unchanged', async () => {
    const image = await processImage(await solid(6000, 800).jpeg().toBuffer())
    expect([image.width, image.height]).toEqual([6000, 800])
    expect(image.variants.map((v) => v.width)).toEqual([320, 640, 1080, 1600, 4096])
    const largest = image.variants.at(-1)!
    expect(largest.width).toBeGreaterThanOrEqual(4000)
    expect(largest.width / largest.height).toBeCloseTo(6000 / 800, 1)
    await expectCleanWebp(image)
  })

  it('a tall 800×6000 photo bounded by its long side, never wider than it was', async () => {
    const image = await processImage(await solid(800, 6000).jpeg().toBuffer())
    const largest = image.variants.at(-1)!
    expect(largest.height).toBeLessThanOrEqual(4096)
    expect(largest.height).toBeGreaterThanOrEqual(4090)
    expect(largest.width / largest.height).toBeCloseTo(800 / 6000, 2)
    expect(image.variants.map((v) => v.width)).toEqual([320, largest.width])
  })

  it('a phone’s 12 MP photo kept at a 4K screen’s pixels at most', () => {
    const widths = targetWidths(4032, 3024)
    const largest = widths.at(-1)!
    expect(largest).toBeGreaterThan(3300)
    expect(largest * Math.round((largest * 3024) / 4032)).toBeLessThanOrEqual(3840 * 2160)
    expect(widths.slice(0, -1)).toEqual([320, 640, 1080, 1600])
  })

  it('pure noise at the pixel bound: its largest variant (what community mode uploads) far under Storage’s 10 MB', async () => {
    const image = await processImage(await noisy(3840, 2160).jpeg({ quality: 95 }).toBuffer())
    expect(image.variants.at(-1)!.width).toBe(3840)
    expect(image.variants.at(-1)!.data.byteLength).toBeLessThan(8 * 1024 * 1024)
  }, 30_000)

  it('with a ThumbHash placeholder that decodes to the image colour and shape', async () => {
    const image = await processImage(await solid(600, 300, '#ff0000').png().toBuffer())
    const hash = Buffer.from(image.placeholder, 'base64')
    const decoded = thumbHashToRGBA(hash)
    expect(decoded.w).toBeGreaterThan(decoded.h)
    expect(thumbHashToApproximateAspectRatio(hash)).toBeCloseTo(2, 0)
    expect(decoded.rgba[0]).toBeGreaterThan(200)
    expect(decoded.rgba[2]).toBeLessThan(60)
  })
})

describe('processImage refuses', () => {
  it('a HEIC declaring more pixels than allowed, before decoding any (a decoder bomb)', async () => {
    expect(await refusalOf(withDeclaredSize(heic(), 20_000, 20_000))).toBe('imageTooManyPixels')
  })

  it('a HEIC whose coded picture is cut off', async () => {
    const whole = heic()
    expect(await refusalOf(whole.subarray(0, whole.length - 200))).toBe('imageUnsupported')
  })

  it('an SVG with a script, though sharp could render it', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(1)</script><rect width="100" height="100"/></svg>'
    )
    expect((await sharp(svg).metadata()).format).toBe('svg')
    expect(await refusalOf(svg)).toBe('imageUnsupported')
  })

  it('a TIFF, though sharp could decode it', async () => {
    expect(await refusalOf(await solid(100, 100).tiff().toBuffer())).toBe('imageUnsupported')
  })

  it('plain text', async () => {
    expect(await refusalOf(Buffer.from('hello'))).toBe('imageUnsupported')
  })

  it('an empty buffer', async () => {
    expect(await refusalOf(new Uint8Array(0))).toBe('imageUnsupported')
  })

  it('an HTML/JPEG polyglot', async () => {
    const jpeg = await solid(100, 100).jpeg().toBuffer()
    const polyglot = Buffer.concat([Buffer.from('<html><script>alert(1)</script></html>'), jpeg])
    expect(await refusalOf(polyglot)).toBe('imageUnsupported')
  })

  it('an ISO-BMFF file that is not HEIF (an MP4 header)', async () => {
    const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom\0\0\x02\0isomiso2'), Buffer.alloc(64)])
    expect(await refusalOf(mp4)).toBe('imageUnsupported')
  })

  it('a truncated JPEG', async () => {
    const jpeg = await noisy(800, 600).jpeg().toBuffer()
    expect(await refusalOf(jpeg.subarray(0, Math.floor(jpeg.length * 0.6)))).toBe('imageUnsupported')
  })

  it('a pixel flood: a small PNG of 50 megapixels', async () => {
    const flood = await solid(10_000, 5_000, '#ffffff').png({ compressionLevel: 9 }).toBuffer()
    expect(flood.length).toBeLessThan(1024 * 1024)
    expect(await refusalOf(flood)).toBe('imageTooManyPixels')
  }, 30_000)

  it('more than 10 MiB, before decoding', async () => {
    const big = Buffer.alloc(11 * 1024 * 1024)
    big.set([0xff, 0xd8, 0xff])
    expect(await refusalOf(big)).toBe('imageTooLarge')
  })
})

// Hostile files beyond the basics (ASVS V5.2): each is refused, or re-encoded with nothing of it left.
describe('processImage against hostile files', () => {
  const contains = (haystack: Buffer, needle: string) => haystack.includes(Buffer.from(needle, 'latin1'))

  it('re-encodes a GIF with a script appended after its trailer, dropping the script', async () => {
    const gif = await solid(120, 80).gif().toBuffer()
    const input = Buffer.concat([gif, Buffer.from('<script>alert(document.cookie)</script>', 'latin1')])
    const image = await processImage(input)
    await expectCleanWebp(image)
    for (const variant of image.variants) expect(contains(variant.data, 'script')).toBe(false)
  })

  it('refuses a decompression bomb: a tiny PNG claiming 400 megapixels, before decoding it', async () => {
    const { crc32, deflateSync } = await import('node:zlib')
    const chunk = (type: string, data: Buffer) => {
      const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
      const length = Buffer.alloc(4)
      length.writeUInt32BE(data.length)
      const crc = Buffer.alloc(4)
      crc.writeUInt32BE(crc32(body))
      return Buffer.concat([length, body, crc])
    }
    const header = Buffer.alloc(13)
    header.writeUInt32BE(20_000, 0)
    header.writeUInt32BE(20_000, 4)
    header.set([8, 2, 0, 0, 0], 8) // 8-bit RGB
    // A few kilobytes of zeros that would inflate to 1.2 GB of pixels.
    const bomb = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(Buffer.alloc(4 * 1024 * 1024), { level: 9 })),
      chunk('IEND', Buffer.alloc(0))
    ])
    expect(bomb.length).toBeLessThan(64 * 1024)
    expect(await refusalOf(bomb)).toBe('imageTooManyPixels')
  })

  it('drops an embedded EXIF thumbnail (which could show the uncropped original)', async () => {
    const thumbnail = await solid(64, 48, '#ff00ff').jpeg().toBuffer()
    // APP1 "Exif": a little-endian TIFF with an empty IFD0 and an IFD1 pointing at the thumbnail.
    const tiff = Buffer.alloc(8 + 6 + 2 + 2 * 12 + 4)
    tiff.write('II*\0', 0, 'latin1')
    tiff.writeUInt32LE(8, 4)
    tiff.writeUInt16LE(0, 8) // IFD0: no entries
    tiff.writeUInt32LE(14, 10) // next IFD (IFD1) at 14
    tiff.writeUInt16LE(2, 14)
    const entry = (at: number, tag: number, value: number) => {
      tiff.writeUInt16LE(tag, at)
      tiff.writeUInt16LE(4, at + 2) // LONG
      tiff.writeUInt32LE(1, at + 4)
      tiff.writeUInt32LE(value, at + 8)
    }
    entry(16, 0x0201, tiff.length) // JPEGInterchangeFormat: right after this structure
    entry(28, 0x0202, thumbnail.length)
    tiff.writeUInt32LE(0, 40)
    const exif = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff, thumbnail])
    const segment = Buffer.alloc(4)
    segment.writeUInt16BE(0xffe1, 0)
    segment.writeUInt16BE(exif.length + 2, 2)
    const photo = await solid(800, 600, '#20a060').jpeg().toBuffer()
    const input = Buffer.concat([photo.subarray(0, 2), segment, exif, photo.subarray(2)])
    expect(input.indexOf(thumbnail)).toBeGreaterThan(0)
    expect((await sharp(input).metadata()).exif).toBeDefined()

    const image = await processImage(input)
    await expectCleanWebp(image)
    for (const variant of image.variants) {
      expect(variant.data.includes(thumbnail.subarray(0, 64))).toBe(false)
      expect(contains(variant.data, 'Exif')).toBe(false)
    }
  })
})
