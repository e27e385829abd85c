import { describe, expect, it } from 'vitest'
import sharp from 'sharp'
import { badgeLabel, renderBadgeIcon } from './badge-icon'

const baseIcon = () => sharp({ create: { width: 64, height: 64, channels: 4, background: '#222222ff' } }).png().toBuffer()

async function pixels(png: Buffer) {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
  return { data, info }
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

    // The badge sits in the top-right corner, in red; the plain icon has no red there.
    const at = (img: typeof plain, x: number, y: number) => [...img.data.subarray((y * img.info.width + x) * 4, (y * img.info.width + x) * 4 + 3)]
    const isRed = ([r, g, b]: number[]) => r! > 180 && g! < 120 && b! < 120
    const corner = (img: typeof plain) => {
      let red = 0
      for (let y = 0; y < 16; y++) for (let x = 16; x < 32; x++) if (isRed(at(img, x, y))) red++
      return red
    }
    expect(corner(plain)).toBe(0)
    expect(corner(five)).toBeGreaterThan(20)
  })

  it('at 0 is just the icon, resized', async () => {
    const base = await baseIcon()
    const expected = await pixels(await sharp(base).resize(32, 32).png().toBuffer())
    expect((await pixels(await renderBadgeIcon(base, 0))).data.equals(expected.data)).toBe(true)
  })
})
