import { afterEach, describe, expect, it } from 'vitest'
import { existsSync } from 'node:fs'
import { readdir, utimes, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { messages } from '@shared/messages'
import type { FeedPage, PostView } from '@shared/types'
import {
  cleanupTestApps,
  createClock,
  createPost,
  filesOf,
  imageFiles,
  logIn,
  signUp,
  startApp,
  storeSnapshot,
  tinyJpeg,
  uploadImage,
  type TestApp
} from '../../../../tests/support/main/test-app'
import { maxPendingUploads, uploadLifetimeMs } from './images'
import { databaseOf } from '../../store/handle'

afterEach(cleanupTestApps)

const count = (app: TestApp, table: string) => (databaseOf(app.store).prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n

/** Reads every page of the feed with the given page size. */
async function readWholeFeed(app: TestApp, limit: number): Promise<string[]> {
  const ids: string[] = []
  let cursor: string | null = null
  do {
    const page: FeedPage = await app.call('posts:feed', { cursor, limit })
    ids.push(...page.posts.map((p) => p.id))
    cursor = page.nextCursor
  } while (cursor)
  return ids
}

describe('creating a post', () => {
  it('stores the trimmed text, layout and photo, and shows it as mine at the top of the feed', async () => {
    const app = await startApp()
    const author = await signUp(app, 'writer', { nickname: '작가' })
    const upload = await uploadImage(app)
    const post = await app.call('posts:create', { photos: [{ uploadId: upload.uploadId, alt: '' }], text: '  첫 번째 글\n둘째 줄  ', layout: 'Left' })
    expect(post).toMatchObject({
      text: '첫 번째 글\n둘째 줄',
      layout: 'Left',
      photos: [{ image: upload.image }],
      author: { id: author.user.id, nickname: '작가', avatar: null },
      likeCount: 0,
      likedByMe: false,
      commentCount: 0,
      mine: true
    })
    expect(post.updatedAt).toBe(post.createdAt)
    expect(await app.call('posts:get', { id: post.id })).toEqual(post)
    expect((await app.call('posts:feed', {})).posts).toEqual([post])
    expect(app.eventsOf('posts:changed')).toContainEqual({ postIds: [post.id], feed: true })
  })

  it('reports the photo’s processing progress under the request id, up to 1', async () => {
    const app = await startApp()
    await signUp(app, 'uploader')
    await app.call('images:add', { requestId: 'req-42', purpose: 'post', bytes: await tinyJpeg('#123456', 800, 600) })
    const progress = app.eventsOf('images:progress')
    expect(progress.length).toBeGreaterThan(1)
    expect(progress.every((p) => p.requestId === 'req-42')).toBe(true)
    const fractions = progress.map((p) => p.progress)
    expect(fractions).toEqual([...fractions].sort((x, y) => x - y))
    expect(fractions.at(-1)).toBe(1)
  })

  it('refuses a file that is not a photo with imageUnsupported, storing nothing', async () => {
    const app = await startApp()
    await signUp(app, 'uploader')
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')
    expect(await app.refused('images:add', { requestId: 'r', purpose: 'post', bytes: svg })).toEqual({
      code: 'imageUnsupported',
      message: messages.imageUnsupported
    })
    expect(count(app, 'images')).toBe(0)
    expect(await imageFiles(app)).toEqual([])
  })

  it('accepts each layout', async () => {
    const app = await startApp()
    await signUp(app, 'layouts')
    for (const layout of ['Top', 'Right', 'Left'] as const) expect((await createPost(app, layout, layout)).layout).toBe(layout)
  })

  it('needs a signed-in user: loginFirstWrite, for the upload as for the post', async () => {
    const app = await startApp()
    await signUp(app, 'writer')
    const upload = await uploadImage(app)
    await app.call('auth:logout')
    const before = storeSnapshot(app.store)
    expect(await app.refused('posts:create', { photos: [{ uploadId: upload.uploadId, alt: '' }], text: '글', layout: 'Top' })).toEqual({
      code: 'loginFirstWrite',
      message: messages.loginFirstWrite
    })
    expect((await app.refused('images:add', { requestId: 'r', purpose: 'post', bytes: await tinyJpeg() })).code).toBe('loginFirstWrite')
    expect(storeSnapshot(app.store)).toEqual(before)
  })

  it('refuses blank text (postTextRequired) and text over 2,000 characters (postTextTooLong)', async () => {
    const app = await startApp()
    await signUp(app, 'writer')
    const upload = await uploadImage(app)
    for (const text of ['', '   ', ' \n\t ']) {
      expect(await app.refused('posts:create', { photos: [{ uploadId: upload.uploadId, alt: '' }], text, layout: 'Top' })).toEqual({
        code: 'postTextRequired',
        message: messages.postTextRequired,
        field: 'text'
      })
    }
    const tooLong = await app.refused('posts:create', { photos: [{ uploadId: upload.uploadId, alt: '' }], text: '가'.repeat(2001), layout: 'Top' })
    expect(tooLong).toEqual({ code: 'postTextTooLong', message: messages.postTextTooLong, field: 'text' })
    expect(count(app, 'posts')).toBe(0)
    // The refusals did not use up the photo, and 2,000 characters (counted after trimming) fit.
    const post = await app.call('posts:create', { photos: [{ uploadId: upload.uploadId, alt: '' }], text: ` ${'가'.repeat(2000)} `, layout: 'Top' })
    expect([...post.text]).toHaveLength(2000)
  })

  it('counts characters, not UTF-16 units: 2,000 emoji fit', async () => {
    const app = await startApp()
    await signUp(app, 'emoji')
    const upload = await uploadImage(app)
    const post = await app.call('posts:create', { photos: [{ uploadId: upload.uploadId, alt: '' }], text: '🐦'.repeat(2000), layout: 'Top' })
    expect(post.text).toBe('🐦'.repeat(2000))
  })

  it('refuses a layout other than Top, Right or Left with layoutInvalid', async () => {
    const app = await startApp()
    await signUp(app, 'writer')
    const upload = await uploadImage(app)
    for (const layout of ['Bottom', 'top', '']) {
      expect(await app.refused('posts:create', { photos: [{ uploadId: upload.uploadId, alt: '' }], text: '글', layout })).toEqual({
        code: 'layoutInvalid',
        message: messages.layoutInvalid,
        field: 'layout'
      })
    }
    expect(count(app, 'posts')).toBe(0)
  })

  it('refuses a post without a photo of the caller’s own with postImageRequired', async () => {
    const app = await startApp()
    const owner = await signUp(app, 'owner', { profileImage: await tinyJpeg() })
    const theirs = await uploadImage(app)
    const avatarId = (await app.call('auth:session')).user!.avatar!.id
    // Profile photos come only with the sign-up: images:add takes post photos.
    expect((await app.refused('images:add', { requestId: 'p', purpose: 'profile', bytes: await tinyJpeg() })).code).toBe('invalidRequest')
    await app.call('auth:logout')
    await signUp(app, 'thief')
    const refusals = [
      await app.refused('posts:create', { photos: [], text: '글', layout: 'Top' }),
      await app.refused('posts:create', { photos: [{ uploadId: 'no-such-upload', alt: '' }], text: '글', layout: 'Top' }),
      await app.refused('posts:create', { photos: [{ uploadId: theirs.uploadId, alt: '' }], text: '글', layout: 'Top' })
    ]
    const one = await uploadImage(app)
    expect(await app.refused('posts:create', { photos: [one, one].map((u) => ({ uploadId: u.uploadId, alt: '' })), text: '글', layout: 'Top' })).toMatchObject({ code: 'photoDuplicate' })
    const eleven = Array.from({ length: 11 }, (_, i) => ({ uploadId: `u-${i}`, alt: '' }))
    expect(await app.refused('posts:create', { photos: eleven, text: '글', layout: 'Top' })).toMatchObject({ code: 'photosTooMany' })
    expect(await app.refused('posts:create', { photos: [{ uploadId: one.uploadId, alt: '가'.repeat(1001) }], text: '글', layout: 'Top' })).toMatchObject({ code: 'photoAltTooLong' })
    for (const error of refusals) expect(error).toMatchObject({ code: 'postImageRequired', message: messages.postImageRequired })
    expect(count(app, 'posts')).toBe(0)

    // Nor may the owner use their profile photo as a post photo.
    await app.call('auth:logout')
    await logIn(app, owner)
    expect((await app.refused('posts:create', { photos: [{ uploadId: avatarId, alt: '' }], text: '글', layout: 'Top' })).code).toBe('postImageRequired')
    // …but the owner's own post upload still works: the thief's attempt did not take it.
    await app.call('posts:create', { photos: [{ uploadId: theirs.uploadId, alt: '' }], text: '내 사진', layout: 'Top' })
  })

  it('uses an upload once only: a second post with it gets imageExpired', async () => {
    const app = await startApp()
    await signUp(app, 'writer')
    const upload = await uploadImage(app)
    await app.call('posts:create', { photos: [{ uploadId: upload.uploadId, alt: '' }], text: '하나', layout: 'Top' })
    expect(await app.refused('posts:create', { photos: [{ uploadId: upload.uploadId, alt: '' }], text: '둘', layout: 'Top' })).toEqual({
      code: 'imageExpired',
      message: messages.imageExpired
    })
    expect(count(app, 'posts')).toBe(1)
  })

  it('refuses an upload older than a day with imageExpired', async () => {
    const clock = createClock()
    const app = await startApp({ clock })
    await signUp(app, 'slow')
    const upload = await uploadImage(app)
    clock.advance(uploadLifetimeMs + 1)
    expect((await app.refused('posts:create', { photos: [{ uploadId: upload.uploadId, alt: '' }], text: '늦은 글', layout: 'Top' })).code).toBe('imageExpired')
    expect(count(app, 'posts')).toBe(0)
  })

  it('sweeps uploads nobody saved within a day, rows and files, and keeps fresh ones', async () => {
    const clock = createClock()
    const app = await startApp({ clock })
    await signUp(app, 'sweeper')
    const stale = await uploadImage(app, await tinyJpeg('#111111'))
    const used = await createPost(app)
    clock.advance(uploadLifetimeMs / 2)
    const fresh = await uploadImage(app, await tinyJpeg('#222222'))
    clock.advance(uploadLifetimeMs / 2 + 1000)
    app.close()

    const restarted = await startApp({ dataDir: app.dataDir, profileDir: app.profileDir, clock })
    expect(await restarted.magpie.services.images.sweep()).toBe(1)
    const files = await imageFiles(restarted)
    expect(restarted.store.images.get(stale.uploadId)).toBeNull()
    for (const file of filesOf(stale.image)) expect(files).not.toContain(file)
    expect(restarted.store.images.get(fresh.uploadId)).not.toBeNull()
    for (const file of [...filesOf(fresh.image), ...filesOf(used.photos[0]!.image)]) expect(files).toContain(file)
    await restarted.call('posts:create', { photos: [{ uploadId: fresh.uploadId, alt: '' }], text: '아직 괜찮아요', layout: 'Top' })
  })

  it('removes image files no row names once they are an hour old, and nothing else', async () => {
    const app = await startApp()
    await signUp(app, 'orphans')
    const post = await createPost(app)
    const dir = app.magpie.imagesDir
    const old = new Date(Date.now() - 2 * 60 * 60 * 1000)
    const orphan = `${'a'.repeat(32)}.webp`
    const interrupted = `${'b'.repeat(32)}.webp.tmp`
    const young = `${'c'.repeat(32)}.webp`
    const foreign = 'notes.txt'
    for (const name of [orphan, interrupted, young, foreign]) await writeFile(join(dir, name), 'x')
    for (const name of [orphan, interrupted, foreign, ...filesOf(post.photos[0]!.image)]) await utimes(join(dir, name), old, old)

    expect(await app.magpie.services.images.sweepOrphans()).toBe(2)
    const left = await readdir(dir)
    expect(left).not.toContain(orphan)
    expect(left).not.toContain(interrupted)
    expect(left).toEqual(expect.arrayContaining([young, foreign, ...filesOf(post.photos[0]!.image)]))
  })

  it(`keeps at most ${maxPendingUploads} photos chosen but not saved: a new one takes the oldest's place, never a day's lockout`, async () => {
    const app = await startApp()
    const { user } = await signUp(app, 'hoarder')
    const bytes = await tinyJpeg()
    const chosen: string[] = []
    for (let i = 0; i < maxPendingUploads + 1; i++) chosen.push((await uploadImage(app, bytes)).uploadId)
    expect(app.store.images.pendingCount(user.id)).toBe(maxPendingUploads)
    // The oldest went (its files too): saving with it asks for the photo again; the newest saves.
    expect((await app.refused('posts:create', { photos: [{ uploadId: chosen[0]!, alt: '' }], text: '첫 사진', layout: 'Top' })).code).toBe('postImageRequired')
    await app.call('posts:create', { photos: [{ uploadId: chosen.at(-1)!, alt: '' }], text: '마지막 사진', layout: 'Top' })
  })

  it(`never holds more than ${maxPendingUploads} unsaved photos, however many are chosen at once`, async () => {
    const app = await startApp()
    const { user } = await signUp(app, 'burst')
    const bytes = await tinyJpeg()
    const results = await Promise.allSettled(Array.from({ length: maxPendingUploads + 4 }, () => uploadImage(app, bytes)))
    // Those beyond the cap in processing at once are refused for now (tooManyRequests), none beyond it is kept.
    expect(results.filter((r) => r.status === 'fulfilled').length).toBeGreaterThanOrEqual(maxPendingUploads)
    expect(app.store.images.pendingCount(user.id)).toBeLessThanOrEqual(maxPendingUploads)
    await uploadImage(app, bytes)
    expect(app.store.images.pendingCount(user.id)).toBe(maxPendingUploads)
  })
})

describe('the feed', () => {
  it('pages newest first with no duplicate or gap while new posts arrive between pages', async () => {
    const app = await startApp()
    await signUp(app, 'busy')
    const older: PostView[] = []
    for (let i = 0; i < 7; i++) older.push(await createPost(app, `글 ${i}`))
    const expected = older.map((p) => p.id).reverse()

    const seen: string[] = []
    let page = await app.call('posts:feed', { limit: 3 })
    seen.push(...page.posts.map((p) => p.id))
    const newer = [await createPost(app, '새 글 1')]
    page = await app.call('posts:feed', { cursor: page.nextCursor, limit: 3 })
    seen.push(...page.posts.map((p) => p.id))
    newer.push(await createPost(app, '새 글 2'), await createPost(app, '새 글 3'))
    page = await app.call('posts:feed', { cursor: page.nextCursor, limit: 3 })
    seen.push(...page.posts.map((p) => p.id))
    expect(page.nextCursor).toBeNull()
    expect(seen).toEqual(expected)

    // Starting over shows the new posts first.
    expect(await readWholeFeed(app, 4)).toEqual([...newer.map((p) => p.id).reverse(), ...expected])
  })

  it('orders posts written in the same millisecond by id, still without duplicates or gaps', async () => {
    const clock = createClock()
    const app = await startApp({ clock })
    await signUp(app, 'sametime')
    clock.step = 0
    const ids: string[] = []
    for (let i = 0; i < 7; i++) ids.push((await createPost(app, `동시 ${i}`)).id)
    const pages = await readWholeFeed(app, 2)
    expect(pages).toEqual([...ids].sort().reverse())
  })

  it('ends with a null cursor when the last page is exactly full', async () => {
    const app = await startApp()
    await signUp(app, 'exact')
    for (let i = 0; i < 4; i++) await createPost(app)
    const first = await app.call('posts:feed', { limit: 2 })
    const second = await app.call('posts:feed', { cursor: first.nextCursor, limit: 2 })
    expect(second.posts).toHaveLength(2)
    expect(second.nextCursor).toBeNull()
  })

  it('restarts at the first page when given a forged or altered cursor, without an error', async () => {
    const app = await startApp()
    await signUp(app, 'forger')
    for (let i = 0; i < 3; i++) await createPost(app)
    const first = await app.call('posts:feed', { limit: 2 })
    const forged = [
      'not a cursor',
      Buffer.from("1:x' OR 1=1 --").toString('base64url'),
      Buffer.from('-5:abc').toString('base64url'),
      Buffer.from(`1:${'a'.repeat(65)}`).toString('base64url'),
      Buffer.from(`${Buffer.from(first.nextCursor!, 'base64url').toString()}:more`).toString('base64url'),
      ''
    ]
    for (const cursor of forged) expect(await app.call('posts:feed', { cursor, limit: 2 })).toEqual(first)
  })

  it('shows 10 posts by default and never more than 50 a page', async () => {
    const app = await startApp()
    await signUp(app, 'prolific')
    for (let i = 0; i < 52; i++) await createPost(app, `글 ${i}`)
    expect((await app.call('posts:feed', {})).posts).toHaveLength(10)
    expect((await app.call('posts:feed', { limit: 50 })).posts).toHaveLength(50)
    // The service clamps whatever it is given; dispatch refuses absurd limits before it.
    const viewer = app.magpie.services.auth.currentUserId()
    expect(app.magpie.services.posts.feed(viewer, null, 1000).posts).toHaveLength(50)
    expect(app.magpie.services.posts.feed(viewer, null, 0).posts).toHaveLength(1)
    expect(app.magpie.services.posts.feed(viewer, null, 2.7).posts).toHaveLength(2)
    for (const limit of [0, 51, 2.5, -1]) expect((await app.refused('posts:feed', { limit })).code).toBe('invalidRequest')
  })

  it('is readable by a visitor, with nothing marked mine or liked', async () => {
    const app = await startApp()
    await signUp(app, 'author')
    const post = await createPost(app)
    await app.call('likes:set', { postId: post.id, liked: true })
    await app.call('auth:logout')
    const [seen] = (await app.call('posts:feed', {})).posts
    expect(seen).toMatchObject({ id: post.id, mine: false, likedByMe: false, likeCount: 1 })
    expect(await app.call('posts:get', { id: post.id })).toEqual(seen)
  })

  it('answers notFound for an unknown post', async () => {
    const app = await startApp()
    expect(await app.refused('posts:get', { id: 'missing' })).toEqual({ code: 'notFound', message: messages.notFound })
  })
})

describe('mine, likedByMe and the counts', () => {
  it('are each viewer’s own', async () => {
    const app = await startApp()
    const alice = await signUp(app, 'alice')
    const post = await createPost(app)
    await app.call('auth:logout')
    const bob = await signUp(app, 'bob')
    await app.call('likes:set', { postId: post.id, liked: true })
    await app.call('comments:add', { postId: post.id, text: '멋져요' })
    await app.call('comments:add', { postId: post.id, text: '또 봐요' })
    expect(await app.call('posts:get', { id: post.id })).toMatchObject({ mine: false, likedByMe: true, likeCount: 1, commentCount: 2 })

    await app.call('auth:logout')
    await logIn(app, alice)
    expect(await app.call('posts:get', { id: post.id })).toMatchObject({ mine: true, likedByMe: false, likeCount: 1, commentCount: 2 })
    await app.call('likes:set', { postId: post.id, liked: true })
    expect((await app.call('posts:feed', {})).posts[0]).toMatchObject({ mine: true, likedByMe: true, likeCount: 2, commentCount: 2 })
    expect(bob.user.id).not.toBe(alice.user.id)
  })
})

describe('editing a post', () => {
  it('lets the author change text and layout, keeping the photo and creation time', async () => {
    const clock = createClock()
    const app = await startApp({ clock })
    await signUp(app, 'editor')
    const post = await createPost(app, '처음 글', 'Top')
    clock.advance(60_000)
    const edited = await app.call('posts:update', { id: post.id, text: '  고친 글 ', layout: 'Right' })
    expect(edited).toMatchObject({ id: post.id, text: '고친 글', layout: 'Right', photos: post.photos, createdAt: post.createdAt })
    expect(edited.updatedAt).toBeGreaterThanOrEqual(post.createdAt + 60_000)
    expect(await app.call('posts:get', { id: post.id })).toEqual(edited)
    expect(app.eventsOf('posts:changed')).toContainEqual({ postIds: [post.id], feed: false })
  })

  it('replaces the photo and removes the old photo’s row and files from disk', async () => {
    const app = await startApp()
    await signUp(app, 'editor')
    const post = await createPost(app)
    const oldFiles = filesOf(post.photos[0]!.image)
    for (const file of oldFiles) expect(existsSync(join(app.magpie.imagesDir, file))).toBe(true)

    const replacement = await uploadImage(app, await tinyJpeg('#00aa00', 96, 64))
    const edited = await app.call('posts:update', { id: post.id, photos: [{ uploadId: replacement.uploadId, alt: '' }], text: post.text, layout: post.layout })
    expect(edited.photos[0]!.image).toEqual(replacement.image)
    for (const file of oldFiles) expect(existsSync(join(app.magpie.imagesDir, file))).toBe(false)
    for (const file of filesOf(replacement.image)) expect(existsSync(join(app.magpie.imagesDir, file))).toBe(true)
    expect(app.store.images.get(post.photos[0]!.image.id)).toBeNull()
    // The replacement is now in use and cannot be claimed again.
    expect((await app.refused('posts:create', { photos: [{ uploadId: replacement.uploadId, alt: '' }], text: '또', layout: 'Top' })).code).toBe('imageExpired')
  })

  it('keeps the post and its photo when the edit is refused', async () => {
    const app = await startApp()
    await signUp(app, 'editor')
    const post = await createPost(app)
    const replacement = await uploadImage(app)
    const before = storeSnapshot(app.store)
    const files = await imageFiles(app)
    expect((await app.refused('posts:update', { id: post.id, photos: [{ uploadId: replacement.uploadId, alt: '' }], text: ' ', layout: 'Top' })).code).toBe(
      'postTextRequired'
    )
    expect((await app.refused('posts:update', { id: post.id, text: '글', layout: 'Diagonal' })).code).toBe('layoutInvalid')
    expect((await app.refused('posts:update', { id: post.id, photos: [{ uploadId: 'someone-elses', alt: '' }], text: '글', layout: 'Top' })).code).toBe(
      'postImageRequired'
    )
    expect(storeSnapshot(app.store)).toEqual(before)
    expect(await imageFiles(app)).toEqual(files)
  })

  it('refuses anyone but the author, and visitors, with onlyAuthorEdit, changing nothing', async () => {
    const app = await startApp()
    await signUp(app, 'author')
    const post = await createPost(app)
    await app.call('auth:logout')
    const onlyAuthor = { code: 'onlyAuthorEdit', message: messages.onlyAuthorEdit }

    const before = storeSnapshot(app.store)
    const files = await imageFiles(app)
    expect(await app.refused('posts:update', { id: post.id, text: '방문자', layout: 'Top' })).toEqual(onlyAuthor)
    expect(await app.refused('posts:delete', { id: post.id })).toEqual(onlyAuthor)

    await signUp(app, 'intruder')
    const upload = await uploadImage(app)
    const withIntruder = storeSnapshot(app.store)
    expect(await app.refused('posts:update', { id: post.id, text: '내 글이다', layout: 'Left' })).toEqual(onlyAuthor)
    expect(await app.refused('posts:update', { id: post.id, photos: [{ uploadId: upload.uploadId, alt: '' }], text: '사진도', layout: 'Top' })).toEqual(onlyAuthor)
    expect(await app.refused('posts:delete', { id: post.id })).toEqual(onlyAuthor)
    expect(storeSnapshot(app.store)).toEqual(withIntruder)
    expect(withIntruder.posts).toEqual(before.posts)
    expect(await imageFiles(app)).toEqual(expect.arrayContaining(files))
    expect(await app.call('posts:get', { id: post.id })).toMatchObject({ text: post.text, layout: post.layout, photos: post.photos })
  })

  it('answers notFound for editing or deleting a post that does not exist', async () => {
    const app = await startApp()
    await signUp(app, 'author')
    expect((await app.refused('posts:update', { id: 'gone', text: '글', layout: 'Top' })).code).toBe('notFound')
    expect((await app.refused('posts:delete', { id: 'gone' })).code).toBe('notFound')
  })
})

describe('deleting a post', () => {
  it('removes it with its comments, likes, alerts and photo files, and leaves other posts alone', async () => {
    const app = await startApp()
    const alice = await signUp(app, 'alice')
    const doomed = await createPost(app, '지울 글')
    const kept = await createPost(app, '남길 글')
    await app.call('auth:logout')
    await signUp(app, 'bob')
    for (const post of [doomed, kept]) {
      await app.call('likes:set', { postId: post.id, liked: true })
      await app.call('comments:add', { postId: post.id, text: '좋아요!' })
    }
    await app.call('auth:logout')
    await logIn(app, alice)
    await app.call('comments:add', { postId: doomed.id, text: '고마워요' })
    expect((await app.call('alerts:list')).count).toBe(4)

    expect(await app.call('posts:delete', { id: doomed.id })).toEqual({ id: doomed.id })
    expect((await app.refused('posts:get', { id: doomed.id })).code).toBe('notFound')
    expect((await app.call('posts:feed', {})).posts.map((p) => p.id)).toEqual([kept.id])
    const left = (sql: string) => databaseOf(app.store).prepare(sql).all(doomed.id)
    expect(left('SELECT * FROM comments WHERE post_id = ?')).toEqual([])
    expect(left('SELECT * FROM likes WHERE post_id = ?')).toEqual([])
    expect(left('SELECT * FROM alerts WHERE post_id = ?')).toEqual([])
    expect(app.store.images.get(doomed.photos[0]!.image.id)).toBeNull()
    const files = await imageFiles(app)
    for (const file of filesOf(doomed.photos[0]!.image)) expect(files).not.toContain(file)
    for (const file of filesOf(kept.photos[0]!.image)) expect(files).toContain(file)

    const alerts = await app.call('alerts:list')
    expect(alerts.count).toBe(2)
    expect(alerts.alerts.every((a) => a.postId === kept.id)).toBe(true)
    expect(await app.call('posts:get', { id: kept.id })).toMatchObject({ likeCount: 1, commentCount: 1 })
    expect(app.eventsOf('posts:changed')).toContainEqual(expect.objectContaining({ feed: true, postIds: expect.arrayContaining([doomed.id]) }))
  })
})

describe('privacy', () => {
  it('never sends anyone’s email in the feed, a post, comments or alerts', async () => {
    const app = await startApp()
    const alice = await signUp(app, 'alice', { profileImage: await tinyJpeg('#aa00aa') })
    const post = await createPost(app, '공개 글')
    await app.call('comments:add', { postId: post.id, text: '작성자 댓글' })
    await app.call('auth:logout')
    const bob = await signUp(app, 'bob')
    await app.call('likes:set', { postId: post.id, liked: true })
    await app.call('comments:add', { postId: post.id, text: '방문자 댓글' })
    await app.call('auth:logout')
    await logIn(app, alice)

    const answers = [
      await app.call('posts:feed', {}),
      await app.call('posts:get', { id: post.id }),
      await app.call('comments:list', { postId: post.id }),
      await app.call('alerts:list'),
      app.events.filter((e) => e.event !== 'session:changed')
    ]
    const json = JSON.stringify(answers)
    expect(json).toContain('방문자 댓글') // the answers are the real ones…
    expect(json).not.toContain(alice.email) // …and carry no email, the viewer's own included
    expect(json).not.toContain(bob.email)
    expect(json.toLowerCase()).not.toContain('example.com')
  })
})

describe('find in the feed', () => {
  it('gives the places of the posts read so far whose text or author matches, ignoring case', async () => {
    const app = await startApp()
    await signUp(app, 'finder', { nickname: '하늘Kim' })
    const texts = ['부산 바다 사진', '산책', 'SEOUL 야경', '바다가 보여요', '마지막 글']
    for (const text of texts) await createPost(app, text)
    // Feed order is newest first: 마지막 글, 바다가 보여요, SEOUL 야경, 산책, 부산 바다 사진.
    const first = await app.call('posts:feed', { limit: 2 })
    const second = await app.call('posts:feed', { cursor: first.nextCursor, limit: 2 })

    // Read down to the second page: only the first four posts are looked at.
    expect(await app.call('posts:find', { query: '바다', through: second.nextCursor })).toEqual({ positions: [1] })
    expect(await app.call('posts:find', { query: '  seoul ', through: second.nextCursor })).toEqual({ positions: [2] })
    // The whole feed, once read to its end.
    expect(await app.call('posts:find', { query: '바다', through: null })).toEqual({ positions: [1, 4] })
    // The author's nickname matches every post of theirs.
    expect((await app.call('posts:find', { query: 'kIM' })).positions).toEqual([0, 1, 2, 3, 4])
    expect(await app.call('posts:find', { query: '   ' })).toEqual({ positions: [] })
    expect(await app.call('posts:find', { query: '없는 말' })).toEqual({ positions: [] })
  })

  it('refuses a query longer than the find bar takes, and a forged cursor looks no further than a real one could', async () => {
    const app = await startApp()
    await signUp(app, 'forger')
    await createPost(app, '하나')
    expect((await app.refused('posts:find', { query: 'x'.repeat(101) })).code).toBe('invalidRequest')
    expect(await app.call('posts:find', { query: '하나', through: 'not a cursor' })).toEqual({ positions: [0] })
  })
})
