import { describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import sharp from 'sharp'
import { badgeLabel, renderBadgeIcon } from './badge-icon'

// sharp reads the results here as an independent PNG decoder; the product code has no sharp.
const baseIcon = () => sharp({ create: { width: 64, height: 64, channels: 4, background: '#222222ff' } }).png().toBuffer()
const trayIcon = readFileSync(new URL('../../../resources/tray.png', import.meta.url))

async function pixels(png: Buffer) {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
  return { data, info }
}
type Pixels = Awaited<ReturnType<typeof pixels>>

const at = (img: Pixels, x: number, y: number) => [...img.data.subarray((y * img.info.width + x) * 4, (y * img.info.width + x) * 4 + 4)]
const isRed = ([r, g, b]: number[]) => r! > 180 && g! < 120 && b! < 120
const isWhite = ([r, g, b]: number[]) => r! > 230 && g! > 230 && b! > 230
const count = (img: Pixels, test: (p: number[]) => boolean, x0: number, x1: number, y0: number, y1: number) => {
  let n = 0
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) if (test(at(img, x, y))) n++
  return n
}

describe('badgeLabel', () => {
  it('is empty at 0 (the badge is hidden), the count up to 99, then 99+', () => {
    expect(badgeLabel(0)).toBe('')
    expect(badgeLabel(-3)).toBe('')
    expect(badgeLabel(1)).toBe('1')
    expect(badgeLabel(5)).toBe('5')
    expect(badgeLabel(99)).toBe('99')
    expect(badgeLabel(100)).toBe('99+')
    expect(badgeLabel(120)).toBe('99+')
  })
})

describe('renderBadgeIcon', () => {
  it('returns a PNG of the asked size', async () => {
    const base = await baseIcon()
    for (const [count, size] of [[0, 32], [3, 32], [120, 16], [7, 48]] as const) {
      const meta = await sharp(await renderBadgeIcon(base, count, size)).metadata()
      expect([meta.format, meta.width, meta.height]).toEqual(['png', size, size])
    }
  })

  it('draws the count: a red badge appears at count > 0, and different counts look different', async () => {
    const base = await baseIcon()
    const plain = await pixels(await renderBadgeIcon(base, 0))
    const five = await pixels(await renderBadgeIcon(base, 5))
    const many = await pixels(await renderBadgeIcon(base, 120))
    expect(five.data.equals(plain.data)).toBe(false)
    expect(many.data.equals(five.data)).toBe(false)

    // The badge sits in the top-right corner, in red; the plain icon has no red there, nor below the badge.
    expect(count(plain, isRed, 16, 32, 0, 16)).toBe(0)
    expect(count(five, isRed, 16, 32, 0, 16)).toBeGreaterThan(20)
    expect(count(five, isRed, 0, 32, 20, 32)).toBe(0)
  })

  it('writes the digits in white inside the red badge, each digit its own shape, at 32 px', async () => {
    const drawn = await Promise.all(Array.from({ length: 10 }, async (_, n) => pixels(await renderBadgeIcon(trayIcon, n === 0 ? 10 : n))))
    for (const img of drawn) {
      // Stroke pixels: solid white, enough of them to read, and only where the badge is.
      expect(count(img, isWhite, 12, 32, 0, 18)).toBeGreaterThan(12)
      expect(count(img, isRed, 12, 32, 0, 18)).toBeGreaterThan(40)
    }
    const shapes = new Set(drawn.slice(1).map((img) => img.data.toString('base64')))
    expect(shapes.size).toBe(9)
  })

  it('at 0 is just the icon: the same pixels when it is already that size', async () => {
    const base = await sharp({ create: { width: 32, height: 32, channels: 4, background: '#00000000', noise: { type: 'gaussian', mean: 128, sigma: 50 } } })
      .png()
      .toBuffer()
    const expected = await pixels(base)
    expect((await pixels(await renderBadgeIcon(base, 0))).data.equals(expected.data)).toBe(true)
  })

  it('at 0, resized by averaging: a two-colour icon halves into the same two colours', async () => {
    const left = await sharp({ create: { width: 32, height: 64, channels: 4, background: '#ff0000ff' } }).png().toBuffer()
    const base = await sharp({ create: { width: 64, height: 64, channels: 4, background: '#0000ffff' } })
      .composite([{ input: left, left: 0, top: 0 }])
      .png()
      .toBuffer()
    const small = await pixels(await renderBadgeIcon(base, 0, 16))
    expect(at(small, 0, 8)).toEqual([255, 0, 0, 255])
    expect(at(small, 15, 8)).toEqual([0, 0, 255, 255])
  })
})
