import { afterEach, describe, expect, it } from 'vitest'
import { limits } from '@shared/limits'
import { messages } from '@shared/messages'
import { createClock, cleanupTestApps, logIn, signUp, tinyJpeg, uploadImage } from '../../../tests/support/main/test-app'
import { createFakeFirebase, type FakeFirebase } from '../../../tests/support/fake-firebase/fake-firebase'
import { cleanupCommunityApps, startCommunityApp, testCommunity, type CommunityApp, type CommunityAppOptions } from '../../../tests/support/main/community-app'
import { uploadLifetimeMs } from './post-rules'

/** 임시 저장 글 (docs/decisions/039-drafts.md): the same in both backends, through dispatch as the renderer calls. */
afterEach(async () => {
  await cleanupCommunityApps()
  await cleanupTestApps()
})

const modes = [
  ['local store', null],
  ['community (fake Firebase)', testCommunity]
] as const

for (const [mode, community] of modes) {
  describe(`drafts in the ${mode}`, () => {
    let fake: FakeFirebase
    const start = (options: CommunityAppOptions = {}) => {
      fake ??= createFakeFirebase()
      return startCommunityApp(fake, { community, ...options })
    }
    const sweep = (app: CommunityApp) => (community ? app.magpie.community()!.services.images.sweep() : app.magpie.services.images.sweep())
    afterEach(() => {
      fake = undefined as unknown as FakeFirebase
    })

    it('keeps text, layout, photos in order and their 사진 설명 across a restart, for their writer only', async () => {
      const app = await start()
      const writer = await signUp(app, 'writer')
      const first = await uploadImage(app, await tinyJpeg('#aa0000'))
      const second = await uploadImage(app, await tinyJpeg('#00aa00'))
      const saved = await app.call('drafts:save', {
        id: null,
        text: '  쓰다 만 글  ',
        layout: 'Right',
        photos: [
          { uploadId: second.uploadId, alt: '두 번째\n사진' },
          { uploadId: first.uploadId, alt: '' }
        ]
      })
      expect(saved).toMatchObject({ text: '쓰다 만 글', layout: 'Right' })
      expect(saved.photos.map((p) => [p.uploadId, p.alt])).toEqual([
        [second.uploadId, '두 번째 사진'],
        [first.uploadId, '']
      ])
      await app.close()

      const again = await start({ dataDir: app.dataDir, profileDir: app.profileDir })
      if ((await again.call('auth:session')).user === null) await logIn(again, writer)
      expect(await again.call('drafts:list')).toEqual([saved])

      await signUp(again, 'someone')
      expect(await again.call('drafts:list')).toEqual([])
      expect((await again.refused('drafts:delete', { id: saved.id })).code).toBe('draftNotFound')
      expect((await again.refused('drafts:save', { id: saved.id, text: '남의 것', layout: 'Top', photos: [] })).code).toBe('draftNotFound')
    })

    it('keeps a draft\'s photos past the day an upload lasts, and posting it deletes the draft', async () => {
      const clock = createClock()
      const app = await start({ clock })
      await signUp(app, 'slow')
      const upload = await uploadImage(app)
      const loose = await uploadImage(app, await tinyJpeg('#123456'))
      const draft = await app.call('drafts:save', { id: null, text: '내일 마저 쓸 글', layout: 'Top', photos: [{ uploadId: upload.uploadId, alt: '바다' }] })
      clock.advance(uploadLifetimeMs * 2)
      // The loose upload goes; the draft's stays, and can still be saved over and posted.
      expect(await sweep(app)).toBe(1)
      const again = await app.call('drafts:save', { id: draft.id, text: '이틀 뒤에 마저 쓴 글', layout: 'Left', photos: [{ uploadId: upload.uploadId, alt: '바다' }] })
      expect(again.id).toBe(draft.id)
      expect((await app.refused('drafts:save', { id: null, text: '', layout: 'Top', photos: [{ uploadId: loose.uploadId, alt: '' }] })).code).toBe('imageExpired')
      const post = await app.call('posts:create', { photos: [{ uploadId: upload.uploadId, alt: '바다' }], text: again.text, layout: again.layout, draftId: draft.id })
      expect(post.photos[0]!.image.id).toBe(upload.image.id)
      expect(await app.call('drafts:list')).toEqual([])
      if (community) {
        await app.settle()
        expect(Object.values(fake.data.posts()).map((p) => p.postTxt)).toContain('이틀 뒤에 마저 쓴 글')
      }
    })

    it('refuses what a post would refuse, an empty draft, and one past the cap, each with its message', async () => {
      const app = await start()
      await signUp(app, 'many')
      const refused = (input: unknown) => app.refused('drafts:save', input)
      expect(await refused({ id: null, text: '   ', layout: 'Top', photos: [] })).toMatchObject({ code: 'draftEmpty', message: messages.draftEmpty })
      expect((await refused({ id: null, text: '가'.repeat(limits.postTextMax + 1), layout: 'Top', photos: [] })).code).toBe('postTextTooLong')
      expect((await refused({ id: null, text: '글', layout: 'Diagonal', photos: [] })).code).toBe('layoutInvalid')
      const upload = await uploadImage(app)
      expect((await refused({ id: null, text: '', layout: 'Top', photos: [{ uploadId: upload.uploadId, alt: '' }, { uploadId: upload.uploadId, alt: '' }] })).code).toBe('photoDuplicate')
      expect((await refused({ id: null, text: '', layout: 'Top', photos: [{ uploadId: upload.uploadId, alt: '가'.repeat(limits.photoAltMax + 1) }] })).code).toBe('photoAltTooLong')
      expect((await refused({ id: null, text: '', layout: 'Top', photos: Array.from({ length: limits.photosMax + 1 }, (_, i) => ({ uploadId: `u${i}`, alt: '' })) })).code).toBe('photosTooMany')
      expect((await refused({ id: null, text: '', layout: 'Top', photos: [{ uploadId: 'no-such-upload', alt: '' }] })).code).toBe('imageExpired')

      for (let i = 0; i < limits.draftsMax; i++) await app.call('drafts:save', { id: null, text: `글 ${i}`, layout: 'Top', photos: [] })
      expect(await refused({ id: null, text: '하나 더', layout: 'Top', photos: [] })).toMatchObject({ code: 'draftsTooMany', message: messages.draftsTooMany })
      const list = await app.call('drafts:list')
      expect(list).toHaveLength(limits.draftsMax)
      // Last changed first; saving over one at the cap is fine.
      expect(list[0]!.text).toBe(`글 ${limits.draftsMax - 1}`)
      await app.call('drafts:save', { id: list.at(-1)!.id, text: '다시 고친 글', layout: 'Top', photos: [] })
      expect((await app.call('drafts:list'))[0]!.text).toBe('다시 고친 글')
      const left = await app.call('drafts:delete', { id: list[0]!.id })
      expect(left).toHaveLength(limits.draftsMax - 1)
    })

    if (community) {
      it('sends nothing to the community: no document, no Storage file beyond the chosen photo\'s', async () => {
        const app = await start()
        await signUp(app, 'private')
        // A photo goes to Storage as it is chosen (images:add), as for any post; the draft adds nothing.
        const upload = await uploadImage(app)
        await app.settle()
        const files = fake.data.files()
        const users = fake.data.users()
        await app.call('drafts:save', { id: null, text: '나만 보는 글', layout: 'Top', photos: [{ uploadId: upload.uploadId, alt: '' }] })
        await app.settle()
        expect(fake.data.posts()).toEqual({})
        expect(fake.data.files()).toEqual(files)
        expect(fake.data.users()).toEqual(users)
      })
    }
  })
}

describe('drafts over IPC: every field checked before the service runs', () => {
  it('refuses a malformed payload on each field with invalidRequest, changing nothing', async () => {
    const app = await startCommunityApp(createFakeFirebase(), { community: null })
    await signUp(app, 'shapes')
    const upload = await uploadImage(app)
    const good = { id: null, text: '글', layout: 'Top', photos: [{ uploadId: upload.uploadId, alt: '' }] }
    const bad: unknown[] = [
      undefined,
      { ...good, id: 7 },
      { ...good, id: '' },
      { ...good, id: 'x'.repeat(101) },
      { ...good, text: null },
      { ...good, text: 'x'.repeat(100_001) },
      { ...good, photos: 'all' },
      { ...good, photos: [{ uploadId: upload.uploadId }] },
      { ...good, photos: [{ uploadId: upload.uploadId, alt: 3 }] },
      { ...good, photos: [{ uploadId: '', alt: '' }] },
      { ...good, photos: [{ uploadId: upload.uploadId, alt: '', name: 'photo.jpg', type: 'image/jpeg' }] },
      { ...good, photos: Array.from({ length: 101 }, (_, i) => ({ uploadId: `u${i}`, alt: '' })) },
      { ...good, extra: true }
    ]
    for (const input of bad) expect({ input, code: (await app.refused('drafts:save', input)).code }).toEqual({ input, code: 'invalidRequest' })
    // A layout that is not one of the three (or none) is the user's rule, with its own message.
    expect((await app.refused('drafts:save', { ...good, layout: 'Diagonal' })).code).toBe('layoutInvalid')
    expect((await app.refused('drafts:save', { id: null, text: '글', photos: [] })).code).toBe('layoutInvalid')
    for (const input of [{}, { id: 3 }, { id: 'd', more: 1 }, null]) expect((await app.refused('drafts:delete', input)).code).toBe('invalidRequest')
    expect((await app.refused('drafts:list', { all: true })).code).toBe('invalidRequest')
    expect((await app.refused('posts:create', { photos: [], text: '글', layout: 'Top', draftId: 5 })).code).toBe('invalidRequest')
    expect(await app.call('drafts:list')).toEqual([])
  })
})

describe('drafts per place', () => {
  it('a local draft stays in the local store; a community has its own list', async () => {
    const fake = createFakeFirebase()
    const app = await startCommunityApp(fake, { community: null })
    const person = await signUp(app, 'local')
    const local = await app.call('drafts:save', { id: null, text: '이 컴퓨터의 임시 글', layout: 'Top', photos: [] })

    await app.magpie.backend.use(testCommunity)
    await signUp(app, 'member')
    expect(await app.call('drafts:list')).toEqual([])
    await app.call('drafts:save', { id: null, text: '커뮤니티의 임시 글', layout: 'Top', photos: [] })

    await app.magpie.backend.use(null)
    await logIn(app, person)
    expect(await app.call('drafts:list')).toEqual([local])
  })
})
