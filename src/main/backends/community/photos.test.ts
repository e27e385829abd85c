import { afterEach, describe, expect, it } from 'vitest'
import { format } from '@shared/messages'
import { cleanupTestApps, tinyJpeg } from '../../../../tests/support/main/test-app'
import { createFakeFirebase } from '../../../../tests/support/fake-firebase/fake-firebase'
import { aliceAndBob, cleanupCommunityApps, join, startCommunityApp, type CommunityApp } from '../../../../tests/support/main/community-app'
import { settingsLifetimeMs } from './community-settings'

afterEach(async () => {
  await cleanupCommunityApps()
  await cleanupTestApps()
})

const colours = ['#ff0000', '#00ff00', '#0000ff', '#ffff00']
async function uploads(app: CommunityApp, n: number) {
  const list = []
  for (let i = 0; i < n; i++) list.push(await app.call('images:add', { requestId: `r${i}`, purpose: 'post', bytes: await tinyJpeg(colours[i % colours.length]) }))
  return list
}

describe('a post\'s photos in community mode (decision 031)', () => {
  it('postImg is the cover, morePhotos and photoAlts the rest; another copy mirrors every photo with its 설명; an edit that drops a photo removes its file', async () => {
    const { fake, a, b } = await aliceAndBob()
    const [one, two, three] = await uploads(a, 3)
    const post = await a.call('posts:create', {
      photos: [{ uploadId: one!.uploadId, alt: ' 바다\n풍경 ' }, { uploadId: two!.uploadId, alt: '' }, { uploadId: three!.uploadId, alt: '하늘' }],
      text: '세 장',
      layout: 'Top'
    })
    const doc = fake.data.posts()[post.id]!
    expect(doc.morePhotos).toHaveLength(2)
    expect(doc.photoAlts).toEqual(['바다 풍경', '', '하늘'])
    expect(post.photos.map((p) => p.alt)).toEqual(['바다 풍경', '', '하늘'])
    expect(fake.data.files().filter((f) => f.startsWith('postImg/'))).toHaveLength(3)

    await b.settle()
    const seen = await b.call('posts:get', { id: post.id })
    expect(seen.photos.map((p) => p.alt)).toEqual(['바다 풍경', '', '하늘'])
    expect(new Set(seen.photos.map((p) => p.image.id)).size).toBe(3)

    // Reordered, the middle photo dropped, one 설명 changed.
    const [cover, , last] = post.photos
    const edited = await a.call('posts:update', {
      id: post.id,
      photos: [{ imageId: last!.image.id, alt: '하늘' }, { imageId: cover!.image.id, alt: '바다' }],
      text: '두 장',
      layout: 'Top'
    })
    expect(edited.photos.map((p) => [p.image.id, p.alt])).toEqual([[last!.image.id, '하늘'], [cover!.image.id, '바다']])
    const after = fake.data.posts()[post.id]!
    expect(after.postImg).toBe(doc.morePhotos![1])
    expect(after.morePhotos).toEqual([doc.postImg])
    expect(after.photoAlts).toEqual(['하늘', '바다'])
    expect(fake.data.files().filter((f) => f.startsWith('postImg/'))).toHaveLength(2)
    await b.settle()
    expect((await b.call('posts:get', { id: post.id })).photos.map((p) => p.alt)).toEqual(['하늘', '바다'])
  })

  it('requireAltText: the editor learns it, the save naming the photo without a 설명 is refused before any write; read once per lifetime, never for a visitor', async () => {
    const fake = createFakeFirebase()
    const a = await startCommunityApp(fake, { countReads: true })
    expect(await a.call('posts:photoRules')).toEqual({ requireAltText: false })
    expect(a.reads!.counts.calls.communitySettings).toBeUndefined()

    await join(a, 'alice', { nickname: '앨리스' })
    fake.webApp.setCommunitySettings({ requireAltText: true })
    expect(await a.call('posts:photoRules')).toEqual({ requireAltText: true })
    expect(await a.call('posts:photoRules')).toEqual({ requireAltText: true })
    expect(a.reads!.counts.docs.communitySettings).toBe(1)

    const [one, two] = await uploads(a, 2)
    const before = Object.keys(fake.data.posts()).length
    const refused = await a.refused('posts:create', { photos: [{ uploadId: one!.uploadId, alt: '바다' }, { uploadId: two!.uploadId, alt: '  ' }], text: '글', layout: 'Top' })
    expect(refused).toEqual({ code: 'photoAltRequired', field: 'photoAlt1', message: format.photoAltMissing(2) })
    expect(Object.keys(fake.data.posts())).toHaveLength(before)
    const post = await a.call('posts:create', { photos: [{ uploadId: one!.uploadId, alt: '바다' }, { uploadId: two!.uploadId, alt: '하늘' }], text: '글', layout: 'Top' })
    expect(fake.data.posts()[post.id]!.photoAlts).toEqual(['바다', '하늘'])
    expect(a.reads!.counts.docs.communitySettings).toBe(1)

    // Turned off: seen once the lifetime is over.
    fake.webApp.setCommunitySettings({ requireAltText: false })
    a.clock.advance(settingsLifetimeMs)
    expect(await a.call('posts:photoRules')).toEqual({ requireAltText: false })
    expect(a.reads!.counts.docs.communitySettings).toBe(2)
  })

  it('turned on after it was read: the rules refuse a write carrying photoAlts, and the refusal still names the photo', async () => {
    const { fake, a } = await aliceAndBob()
    expect(await a.call('posts:photoRules')).toEqual({ requireAltText: false })
    fake.webApp.setCommunitySettings({ requireAltText: true })
    const [one, two] = await uploads(a, 2)
    const refused = await a.refused('posts:create', { photos: [{ uploadId: one!.uploadId, alt: '' }, { uploadId: two!.uploadId, alt: '강' }], text: '글', layout: 'Top' })
    expect(refused).toMatchObject({ code: 'photoAltRequired', message: format.photoAltMissing(1) })
    expect(await a.call('posts:photoRules')).toEqual({ requireAltText: true })
    // The photos were released for the next try.
    const post = await a.call('posts:create', { photos: [{ uploadId: one!.uploadId, alt: '고양이' }, { uploadId: two!.uploadId, alt: '강' }], text: '글', layout: 'Top' })
    expect(post.photos.map((p) => p.alt)).toEqual(['고양이', '강'])
  })

  it('an edit under requireAltText names the photo; an edit of the text alone passes', async () => {
    const { fake, a } = await aliceAndBob()
    const [one] = await uploads(a, 1)
    const post = await a.call('posts:create', { photos: [{ uploadId: one!.uploadId, alt: '' }], text: '글', layout: 'Top' })
    fake.webApp.setCommunitySettings({ requireAltText: true })
    a.clock.advance(settingsLifetimeMs)
    expect(await a.call('posts:update', { id: post.id, text: '글만 고침', layout: 'Top' })).toMatchObject({ text: '글만 고침' })
    const [extra] = await uploads(a, 1)
    const refused = await a.refused('posts:update', { id: post.id, photos: [{ imageId: post.photos[0]!.image.id, alt: '고양이' }, { uploadId: extra!.uploadId, alt: '' }], text: '글', layout: 'Top' })
    expect(refused).toMatchObject({ code: 'photoAltRequired', message: format.photoAltMissing(2) })
  })
})
