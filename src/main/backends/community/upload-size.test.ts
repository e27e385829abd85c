import sharp from 'sharp'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanupTestApps } from '../../../../tests/support/main/test-app'
import { aliceAndBob, cleanupCommunityApps } from '../../../../tests/support/main/community-app'
import { uploadVariant } from './images'

afterEach(async () => {
  await cleanupCommunityApps()
  await cleanupTestApps()
})

const record = (width: number, height: number, widths: number[]) => ({ id: 'i', width, height, placeholder: '', variants: widths.map((w) => ({ width: w, file: `${w}.webp` })) })

/** Decision 032: what goes to Storage is what the web app downloads on every view. */
describe('the photo uploaded to a community', () => {
  it('is the largest variant within a screen of pixels: 1600 px for an ordinary photo, the whole width of a panorama', () => {
    expect(uploadVariant(record(4000, 3000, [320, 640, 1080, 1600, 3325])).width).toBe(1600)
    expect(uploadVariant(record(6000, 800, [320, 640, 1080, 1600, 4096])).width).toBe(4096)
    expect(uploadVariant(record(1920, 1080, [320, 640, 1080, 1600, 1920])).width).toBe(1920)
    expect(uploadVariant(record(150, 100, [150])).width).toBe(150)
  })

  it('a 12 MP photo: the poster keeps its zoomable variant, Storage gets the 1600 px one', async () => {
    const { fake, a } = await aliceAndBob()
    const photo = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#4a7' } }).jpeg().toBuffer()
    const upload = await a.call('images:add', { requestId: 'r', purpose: 'post', bytes: photo })
    expect(upload.image.variants.at(-1)!.width).toBeGreaterThan(3000)
    const [path] = fake.data.files().filter((f) => f.startsWith('postImg/'))
    const stored = await sharp(fake.data.fileBytes(path!)!).metadata()
    expect([stored.width, stored.height]).toEqual([1600, 1200])
  })
})
