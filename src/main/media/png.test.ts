import { describe, expect, it } from 'vitest'
import sharp from 'sharp'
import { decodePng, encodePng } from './png'

const noise = (channels: 1 | 2 | 3 | 4) =>
  sharp({ create: { width: 23, height: 17, channels: channels === 1 || channels === 2 ? 3 : channels, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })

/** sharp's RGBA of a PNG, as the reference decoder. */
async function reference(png: Buffer): Promise<Uint8Array> {
  return new Uint8Array(await sharp(png).ensureAlpha().raw().toBuffer())
}

describe('decodePng', () => {
  it('agrees with libvips on RGBA, RGB, grey, grey+alpha, palette and 16-bit PNGs (every filter type)', async () => {
    const rgba = await noise(4).png({ compressionLevel: 9, adaptiveFiltering: true }).toBuffer()
    const cases = [
      rgba,
      await noise(3).png({ adaptiveFiltering: true }).toBuffer(),
      await noise(3).greyscale().png().toBuffer(),
      await sharp(rgba).greyscale().png().toBuffer(),
      await noise(3).png({ palette: true, colours: 16 }).toBuffer(),
      await sharp(rgba).png({ palette: true, colours: 4 }).toBuffer(),
      await noise(4).toColourspace('rgb16').png().toBuffer()
    ]
    for (const png of cases) {
      const decoded = decodePng(png)
      expect([decoded.width, decoded.height]).toEqual([23, 17])
      expect(Buffer.from(decoded.data).equals(Buffer.from(await reference(png)))).toBe(true)
    }
  })

  it('refuses what is not a PNG', () => {
    expect(() => decodePng(Buffer.from('GIF89a'))).toThrow()
  })
})

describe('encodePng', () => {
  it('writes a PNG libvips reads back to the same pixels', async () => {
    const data = new Uint8Array(7 * 5 * 4).map((_, i) => (i * 37) % 256)
    const png = encodePng({ width: 7, height: 5, data })
    expect((await sharp(png).metadata()).format).toBe('png')
    expect(Buffer.from(await reference(png)).equals(Buffer.from(data))).toBe(true)
  })
})
