import { readdir } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { messages } from '@shared/messages'
import { webDate } from '../../firebase/mapping'
import { cleanupTestApps, tinyJpeg } from '../../../../tests/support/main/test-app'
import { createFakeFirebase, type FakeFirebase } from '../../../../tests/support/fake-firebase/fake-firebase'
import { aliceAndBob, cleanupCommunityApps, join as joinCommunity, startCommunityApp, webAppPost, write, type CommunityApp } from '../../../../tests/support/main/community-app'
import { databaseOf } from '../../store/handle'

afterEach(async () => {
  await cleanupCommunityApps()
  await cleanupTestApps()
})

const local = (y: number, m: number, d: number, h = 0, min = 0) => new Date(y, m - 1, d, h, min).getTime()

describe('community posts', () => {
  it('a new post: the photo through the pipeline into Storage, the document in the web app\'s shape plus createdAt', async () => {
    const { fake, a, aliceUid } = await aliceAndBob()
    const progress: number[] = []
    const upload = await a.call('images:add', { requestId: 'r1', purpose: 'post', bytes: await tinyJpeg() })
    for (const e of a.eventsOf('images:progress')) progress.push(e.progress)
    expect(progress.at(-1)).toBe(1)
    expect(progress.some((p) => p > 0 && p < 1)).toBe(true)
    const storageFiles = fake.data.files().filter((f) => f.startsWith('postImg/'))
    expect(storageFiles).toEqual([expect.stringMatching(/^postImg\/\d+_[0-9a-f]{6}$/)])

    const post = await a.call('posts:create', { photos: [{ uploadId: upload.uploadId, alt: '' }], text: '  첫 글  ', layout: 'Left' })
    expect(post).toMatchObject({ text: '첫 글', layout: 'Left', mine: true, likeCount: 0, author: { nickname: '앨리스' } })
    const doc = fake.data.posts()[post.id]!
    expect(doc).toEqual({
      postedBy: 'alice@example.com',
      posted_uid: aliceUid,
      nickname: '앨리스',
      profileImg: '',
      postImg: expect.stringContaining(encodeURIComponent(storageFiles[0]!)),
      postTxt: '첫 글',
      postDate: webDate(post.createdAt),
      likedBy: [],
      layout: 'Left',
      createdAt: expect.any(Number)
    })
    expect((await a.call('posts:feed', {})).posts.map((p) => p.id)).toEqual([post.id])
  })

  it('others see it through their feed listener, with posts:changed', async () => {
    const { a, b } = await aliceAndBob()
    const post = await write(a, '밥 보세요')
    await b.settle()
    expect(b.eventsOf('posts:changed').some((e) => e.feed)).toBe(true)
    const feed = await b.call('posts:feed', {})
    expect(feed.posts.map((p) => [p.id, p.text, p.mine, p.author.nickname])).toEqual([[post.id, '밥 보세요', false, '앨리스']])
    // Nobody else's email reaches the renderer.
    expect(JSON.stringify(feed)).not.toContain('alice@example.com')
  })

  it('only the author edits or deletes; main refuses before asking Firebase', async () => {
    const { fake, a, b } = await aliceAndBob()
    const post = await write(a)
    await b.settle()
    const before = fake.data.posts()
    expect(await b.refused('posts:update', { id: post.id, text: '바꿈', layout: 'Top' })).toEqual({ code: 'onlyAuthorEdit', message: messages.onlyAuthorEdit })
    expect(await b.refused('posts:delete', { id: post.id })).toMatchObject({ code: 'onlyAuthorEdit' })
    await b.call('auth:logout')
    expect(await b.refused('posts:delete', { id: post.id })).toMatchObject({ code: 'onlyAuthorEdit' })
    expect(await b.refused('posts:create', { photos: [], text: 'x', layout: 'Top' })).toMatchObject({ code: 'loginFirstWrite' })
    expect(fake.data.posts()).toEqual(before)
  })

  it('an edit sends only the edit fields; a new photo replaces the old one, whose Storage file and cache go', async () => {
    const { fake, a, b } = await aliceAndBob()
    const post = await write(a, '처음', 'Top')
    const oldFile = fake.data.files().find((f) => f.startsWith('postImg/'))!
    const oldDoc = fake.data.posts()[post.id]!
    const textOnly = await a.call('posts:update', { id: post.id, text: '고침', layout: 'Right' })
    expect(textOnly).toMatchObject({ text: '고침', layout: 'Right', photos: post.photos })
    expect(fake.data.posts()[post.id]).toEqual({ ...oldDoc, postTxt: '고침', layout: 'Right' })

    const upload = await a.call('images:add', { requestId: 'r2', purpose: 'post', bytes: await tinyJpeg('#00ff00') })
    const edited = await a.call('posts:update', { id: post.id, photos: [{ uploadId: upload.uploadId, alt: '' }], text: '고침', layout: 'Right' })
    expect(edited.photos[0]!.image.id).toBe(upload.image.id)
    expect(fake.data.files()).not.toContain(oldFile)
    expect(fake.data.posts()[post.id]!.postImg).not.toBe(oldDoc.postImg)
    for (const v of post.photos[0]!.image.variants) expect(existsSync(join(a.magpie.imagesDir, v.url.slice('/media/'.length)))).toBe(false)
    await b.settle()
    expect(await b.call('posts:get', { id: post.id })).toMatchObject({ text: '고침', layout: 'Right' })
  })

  it('a delete removes the document, its photo, and the post with its comments and alerts from every mirror', async () => {
    const { fake, a, b } = await aliceAndBob()
    const post = await write(a)
    await b.settle()
    await b.call('comments:add', { postId: post.id, text: '멋져요' })
    await b.call('likes:set', { postId: post.id, liked: true })
    await a.settle()
    expect((await a.call('alerts:list')).count).toBe(2)

    expect(await a.call('posts:delete', { id: post.id })).toEqual({ id: post.id })
    expect(fake.data.posts()[post.id]).toBeUndefined()
    expect(fake.data.files().filter((f) => f.startsWith('postImg/'))).toEqual([])
    expect((await a.call('alerts:list')).count).toBe(0)
    await b.settle()
    expect((await b.call('posts:feed', {})).posts).toEqual([])
    expect(await b.refused('posts:get', { id: post.id })).toMatchObject({ code: 'notFound' })
  })

  it('a double submit saves one post: the first save claimed the photo', async () => {
    const { fake, a } = await aliceAndBob()
    const upload = await a.call('images:add', { requestId: 'r', purpose: 'post', bytes: await tinyJpeg() })
    const input = { photos: [{ uploadId: upload.uploadId, alt: '' }], text: '한 번만', layout: 'Top' as const }
    const results = await Promise.all([a.magpie.dispatch('posts:create', input), a.magpie.dispatch('posts:create', input)])
    expect(results.filter((r) => r.ok)).toHaveLength(1)
    expect(results.find((r) => !r.ok)).toMatchObject({ error: { code: 'imageExpired' } })
    expect(Object.values(fake.data.posts()).map((p) => p.postTxt)).toEqual(['한 번만'])
  })

  it('checks text, layout and photo as local mode does', async () => {
    const { fake, a } = await aliceAndBob()
    const upload = await a.call('images:add', { requestId: 'r', purpose: 'post', bytes: await tinyJpeg() })
    expect(await a.refused('posts:create', { photos: [{ uploadId: upload.uploadId, alt: '' }], text: '   ', layout: 'Top' })).toMatchObject({ code: 'postTextRequired' })
    expect(await a.refused('posts:create', { photos: [], text: '글', layout: 'Top' })).toMatchObject({ code: 'postImageRequired' })
    expect(await a.refused('posts:create', { photos: [{ uploadId: 'someone-elses', alt: '' }], text: '글', layout: 'Top' })).toMatchObject({ code: 'postImageRequired' })
    expect(Object.keys(fake.data.posts())).toEqual([])
  })

  it('shows the web app\'s posts (no createdAt, string postDate) in date order among Magpie\'s', async () => {
    const fake = createFakeFirebase()
    const web = { uid: 'web-uid', email: 'web@example.com', nickname: '웹' }
    fake.webApp.addPost(webAppPost(web, { postTxt: '오래된 웹 글', postDate: '2025. 3. 9. 14:05' }), 'webOld')
    fake.webApp.addPost(webAppPost(web, { postTxt: '최근 웹 글', postDate: '2026. 1. 1. 8:30' }), 'webNew')
    fake.webApp.addPost({ ...webAppPost(web, { postTxt: '까치 글' }), createdAt: local(2025, 10, 1) }, 'magpie1')
    const app = await startCommunityApp(fake)
    const feed = await app.call('posts:feed', {})
    expect(feed.posts.map((p) => p.text)).toEqual(['최근 웹 글', '까치 글', '오래된 웹 글'])
    expect(feed.posts[0]!.createdAt).toBe(local(2026, 1, 1, 8, 30))
    expect(feed.posts.every((p) => p.author.nickname === '웹' && !p.mine)).toBe(true)
  })

  it('a Magpie edit of a post its author wrote in the web app gives it createdAt (its own time, once): other copies’ ordered feeds have it in its place', async () => {
    const fake = createFakeFirebase()
    const first = await startCommunityApp(fake)
    const alice = await joinCommunity(first, 'alice', { nickname: '앨리스' })
    const author = { uid: fake.data.accounts().find((acc) => acc.email === alice.email)!.uid, email: alice.email, nickname: '앨리스' }
    fake.webApp.addPost({ ...webAppPost(author, { postTxt: '나중 까치 글' }), createdAt: local(2025, 7, 1) }, 'later')
    fake.webApp.addPost(webAppPost(author, { postTxt: '웹 글', postDate: '2025. 6. 1. 오전 10:00' }), 'web1')
    fake.webApp.addPost({ ...webAppPost(author, { postTxt: '먼저 까치 글' }), createdAt: local(2025, 5, 1) }, 'earlier')
    // A copy that connects now finds the web post by its scan, and alice edits it there.
    const editor = await startCommunityApp(fake)
    await editor.call('auth:login', { email: alice.email, password: alice.password })
    await editor.call('posts:update', { id: 'web1', text: '웹 글 고침', layout: 'Left' })
    expect(fake.data.posts().web1!.createdAt).toBe(local(2025, 6, 1, 10, 0))
    // Once: a second edit leaves it.
    await editor.call('posts:update', { id: 'web1', text: '웹 글 또 고침', layout: 'Left' })
    expect(fake.data.posts().web1!.createdAt).toBe(local(2025, 6, 1, 10, 0))
    // The server's ordered feed — what every other copy pages and listens to — has it between the two.
    expect(fake.orderedPostIds()).toEqual(['later', 'web1', 'earlier'])
  })

  it('a post the web app dated in another form is edited without createdAt (the rules could not check its day)', async () => {
    const fake = createFakeFirebase()
    const first = await startCommunityApp(fake)
    const alice = await joinCommunity(first, 'alice', { nickname: '앨리스' })
    const author = { uid: fake.data.accounts().find((acc) => acc.email === alice.email)!.uid, email: alice.email, nickname: '앨리스' }
    fake.webApp.addPost(webAppPost(author, { postTxt: '영어 날짜 글', postDate: '6/1/2025, 10:00 AM' }), 'web2')
    const editor = await startCommunityApp(fake)
    await editor.call('auth:login', { email: alice.email, password: alice.password })
    await editor.call('posts:update', { id: 'web2', text: '고침', layout: 'Top' })
    expect(fake.data.posts().web2).toMatchObject({ postTxt: '고침' })
    expect(fake.data.posts().web2).not.toHaveProperty('createdAt')
  })

  it('the legacy scan runs once, at the first connect; later starts find what the web app wrote meanwhile by its postDate, and a post it deleted goes when its page is shown', async () => {
    const fake = createFakeFirebase()
    const web = { uid: 'web-uid', email: 'web@example.com', nickname: '웹' }
    fake.webApp.addPost(webAppPost(web, { postTxt: 'a', postDate: '2025. 6. 1. 오전 10:00' }), 'webA')
    const first = await startCommunityApp(fake, { countReads: true })
    await first.settle()
    expect(first.reads!.counts.calls.legacyPostsScan).toBe(1)
    await first.close()

    // Three days with every copy closed: the web app writes one post a day later and deletes the old one.
    const written = first.clock.t + 24 * 60 * 60 * 1000
    fake.webApp.addPost(webAppPost(web, { postTxt: 'b', postDate: webDate(written) }), 'webB')
    fake.webApp.deletePost('webA')
    first.clock.advance(3 * 24 * 60 * 60 * 1000)
    const later = await startCommunityApp(fake, { dataDir: first.dataDir, profileDir: first.profileDir, clock: first.clock, countReads: true })
    await later.settle()
    expect(later.reads!.counts.calls.legacyPostsScan).toBeUndefined()
    // The days between the mark and now, read once by their text: a query per month they fall in at most.
    expect(later.reads!.counts.calls.postsStamped).toBeGreaterThan(0)
    expect(later.reads!.counts.calls.postsStamped).toBeLessThanOrEqual(4)
    expect((await later.call('posts:feed', {})).posts.map((p) => p.text)).toEqual(['b', 'a'])
    // Shown, the page's listener finds the deleted one gone.
    await later.settle()
    expect((await later.call('posts:feed', {})).posts.map((p) => p.text)).toEqual(['b'])
    expect(later.reads!.total()).toBeLessThan(20)
  })

  it('a start resumes from the mark the last one left: no scan and no count of the collection, however long the app was closed', async () => {
    const fake = createFakeFirebase()
    const web = { uid: 'web-uid', email: 'web@example.com', nickname: '웹' }
    for (let i = 0; i < 300; i++) fake.webApp.addPost(webAppPost(web, { postTxt: `옛 글 ${i}`, postDate: '2025. 6. 1. 오전 10:00' }))
    const first = await startCommunityApp(fake, { countReads: true })
    await first.settle()
    await first.close()
    for (const away of [60_000, 24 * 60 * 60 * 1000, 40 * 24 * 60 * 60 * 1000]) {
      first.clock.advance(away)
      const again = await startCommunityApp(fake, { dataDir: first.dataDir, profileDir: first.profileDir, clock: first.clock, countReads: true })
      await again.settle()
      expect(again.reads!.counts.calls.legacyPostsScan, `away ${away} ms`).toBeUndefined()
      // Nothing was written: each query found nothing, billed a read each.
      expect(again.reads!.counts.docs.postsStamped ?? 0).toBe(again.reads!.counts.calls.postsStamped ?? 0)
      await again.close()
    }
  })

  it('pages the feed from Firestore below what the mirror knows, and drops posts deleted on the server', async () => {
    const fake = createFakeFirebase()
    const web = { uid: 'web-uid', email: 'web@example.com', nickname: '웹' }
    for (let i = 0; i < 25; i++) fake.webApp.addPost({ ...webAppPost(web, { postTxt: `글 ${i}` }), createdAt: local(2026, 1, 1) + i * 60_000 }, `p${String(i).padStart(2, '0')}`)
    const app = await startCommunityApp(fake)
    const first = await app.call('posts:feed', {})
    expect(first.posts.map((p) => p.text)).toEqual(Array.from({ length: 10 }, (_, i) => `글 ${24 - i}`))
    fake.webApp.deletePost('p12')
    const second = await app.call('posts:feed', { cursor: first.nextCursor })
    expect(second.posts.map((p) => p.text)).toEqual(['글 14', '글 13', '글 11', '글 10', '글 9', '글 8', '글 7', '글 6', '글 5', '글 4'])
    const third = await app.call('posts:feed', { cursor: second.nextCursor })
    expect(third.posts.map((p) => p.text)).toEqual(['글 3', '글 2', '글 1', '글 0'])
    expect(third.nextCursor).toBeNull()
  })

  it('caches a post\'s photo through the pipeline: placeholder first, variants once downloaded', async () => {
    const fake = createFakeFirebase()
    const web = { uid: 'web-uid', email: 'web@example.com', nickname: '웹' }
    const url = fake.webApp.uploadFile('postImg/1700000000000', await tinyJpeg('#123456', 200, 100))
    fake.webApp.addPost(webAppPost(web, { postImg: url, postDate: '2026. 1. 1. 10:00' }), 'webPhoto')
    const app = await startCommunityApp(fake)
    const [post] = (await app.call('posts:feed', {})).posts
    expect(post!.photos[0]!.image).toMatchObject({ width: 200, height: 100 })
    expect(post!.photos[0]!.image.variants.length).toBeGreaterThan(0)
    for (const v of post!.photos[0]!.image.variants) expect(existsSync(join(app.magpie.imagesDir, v.url.slice('/media/'.length)))).toBe(true)
    expect(app.eventsOf('posts:changed').some((e) => e.postIds.includes('webPhoto'))).toBe(true)
  })

  it('a photo Storage could not serve while Firestore answered waits for the network to come back, not retried in a loop', async () => {
    const fake = createFakeFirebase()
    const web = { uid: 'web-uid', email: 'web@example.com', nickname: '웹' }
    const url = fake.webApp.uploadFile('postImg/1700000000000', await tinyJpeg('#654321', 200, 100))
    // An older web app post, which only the scan brings (a post of the days being written also
    // comes from its day's listener, and each new copy of a post is a reason to try its photo again).
    fake.webApp.addPost(webAppPost(web, { postImg: url, postDate: '2025. 6. 1. 10:00' }), 'webPhoto')
    fake.failNext('files.download', 'offline')
    const app = await startCommunityApp(fake)
    await app.settle()
    // Nothing asks again while the app counts as online: no file, however long it waits.
    await new Promise((resolve) => setTimeout(resolve, 50))
    await app.settle()
    expect(existsSync(app.magpie.imagesDir) ? await readdir(app.magpie.imagesDir, { recursive: true }) : []).toEqual([])
    fake.setOnline(false, app.ports())
    fake.setOnline(true, app.ports())
    await app.settle()
    expect((await app.call('posts:get', { id: 'webPhoto' })).photos[0]!.image.variants.length).toBeGreaterThan(0)
  })

  it('keeps the image cache within its bound: the least recently shown lose their files and keep the placeholder', async () => {
    const fake = createFakeFirebase()
    const web = { uid: 'web-uid', email: 'web@example.com', nickname: '웹' }
    for (let i = 0; i < 4; i++) {
      const url = fake.webApp.uploadFile(`postImg/17${i}`, await tinyJpeg(`#${i}0${i}0${i}0`, 400, 300))
      fake.webApp.addPost(webAppPost(web, { postImg: url, postDate: `2026. 1. ${i + 1}. 10:00` }), `w${i}`)
    }
    const app = await startCommunityApp(fake, { imageCacheBytes: 1 })
    const cached = (databaseOf(app.mirror()).prepare('SELECT count(*) AS n FROM images WHERE cached_bytes > 0').get() as { n: number }).n
    expect(cached).toBe(1)
    const posts = (await app.call('posts:feed', {})).posts
    expect(posts.filter((p) => p.photos[0]!.image.variants.length === 0).length).toBe(3)
    expect(posts.every((p) => p.photos[0]!.image.width === 400 || p.photos[0]!.image.variants.length === 0)).toBe(true)
  })
})

const day = 24 * 60 * 60 * 1000

/** Runs `before` while the save's write is on its way to the server, and `after` once the server has it. */
function duringWrite(app: CommunityApp, method: 'addPost' | 'updatePost', meanwhile: { before?: () => unknown; after?: () => unknown }): void {
  const docs = app.ports().docs as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>
  const write = docs[method]!.bind(docs)
  docs[method] = async (...args) => {
    await meanwhile.before?.()
    const result = await write(...args)
    await meanwhile.after?.()
    return result
  }
}

/** The mirror's next transaction fails as on a full disk (nothing written). */
function failNextMirrorWrite(app: CommunityApp): void {
  const mirror = app.mirror()
  const transaction = mirror.transaction.bind(mirror)
  let armed = true
  mirror.transaction = ((fn: () => unknown) => {
    if (!armed) return transaction(fn)
    armed = false
    return Promise.reject(Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' }))
  }) as typeof mirror.transaction
}

const sweep = (app: CommunityApp) => app.magpie.community()!.services.images.sweep()
/** Whether Storage still holds the file at this download URL. */
const inStorage = (fake: FakeFirebase, url: string) => fake.data.files().some((path) => url.includes(encodeURIComponent(path)))
const mirrorRow = (app: CommunityApp, postId: string) =>
  databaseOf(app.mirror()).prepare('SELECT p.text, p.image_id AS imageId, i.attached FROM posts p JOIN images i ON i.id = p.image_id WHERE p.id = ?').get(postId) as
    | { text: string; imageId: string; attached: number }
    | undefined

describe('a save the server took always gets its mirror row and keeps its photo', () => {
  it('the upload lifetime running out while the write is on its way: the new post and the edit keep their photos, and later sweeps leave them', async () => {
    const { fake, a } = await aliceAndBob()
    const first = await a.call('images:add', { requestId: 'r1', purpose: 'post', bytes: await tinyJpeg() })
    a.clock.advance(day - 1_000)
    duringWrite(a, 'addPost', { before: () => a.clock.advance(2_000) })
    const post = await a.call('posts:create', { photos: [{ uploadId: first.uploadId, alt: '' }], text: '늦은 저장', layout: 'Top' })
    expect(post.photos[0]!.image.id).toBe(first.image.id)
    expect(mirrorRow(a, post.id)).toEqual({ text: '늦은 저장', imageId: first.image.id, attached: 1 })

    const second = await a.call('images:add', { requestId: 'r2', purpose: 'post', bytes: await tinyJpeg('#00ff00') })
    a.clock.advance(day - 1_000)
    duringWrite(a, 'updatePost', { before: () => a.clock.advance(2_000) })
    const edited = await a.call('posts:update', { id: post.id, photos: [{ uploadId: second.uploadId, alt: '' }], text: '늦은 수정', layout: 'Top' })
    expect(edited.photos[0]!.image.id).toBe(second.image.id)

    a.clock.advance(2 * day)
    expect(await sweep(a)).toBe(0)
    expect(inStorage(fake, fake.data.posts()[post.id]!.postImg as string)).toBe(true)
    const [shown] = (await a.call('posts:feed', {})).posts
    expect(shown).toMatchObject({ id: post.id, text: '늦은 수정', photos: [{ image: { id: second.image.id } }] })
    for (const v of shown!.photos[0]!.image.variants) expect(existsSync(join(a.magpie.imagesDir, v.url.slice('/media/'.length)))).toBe(true)
  })

  it('the sweep running while the write is on its way takes the abandoned uploads and leaves the ones the saves claimed', async () => {
    const { fake, a } = await aliceAndBob()
    const post = await write(a, '처음')
    const forPost = await a.call('images:add', { requestId: 'r1', purpose: 'post', bytes: await tinyJpeg('#0000ff') })
    const abandoned = await a.call('images:add', { requestId: 'r2', purpose: 'post', bytes: await tinyJpeg('#ff0000') })
    a.clock.advance(day - 1_000)
    const forEdit = await a.call('images:add', { requestId: 'r3', purpose: 'post', bytes: await tinyJpeg('#00ff00') })
    const abandonedLater = await a.call('images:add', { requestId: 'r4', purpose: 'post', bytes: await tinyJpeg('#ffff00') })
    const files = fake.data.files()
    const swept: number[] = []
    duringWrite(a, 'addPost', { before: async () => (a.clock.advance(2_000), swept.push(await sweep(a))) })
    duringWrite(a, 'updatePost', { before: async () => (a.clock.advance(day), swept.push(await sweep(a))) })
    const created = await a.call('posts:create', { photos: [{ uploadId: forPost.uploadId, alt: '' }], text: '새 글', layout: 'Top' })
    const edited = await a.call('posts:update', { id: post.id, photos: [{ uploadId: forEdit.uploadId, alt: '' }], text: '고침', layout: 'Top' })
    expect(swept).toEqual([1, 1])
    // The two abandoned uploads' files and the edit's old photo.
    expect(files.filter((f) => !fake.data.files().includes(f))).toHaveLength(3)
    for (const [view, upload] of [[created, forPost], [edited, forEdit]] as const) {
      expect(view.photos[0]!.image.id).toBe(upload.image.id)
      expect(inStorage(fake, fake.data.posts()[view.id]!.postImg as string)).toBe(true)
      expect(mirrorRow(a, view.id)).toMatchObject({ imageId: upload.image.id, attached: 1 })
    }
    for (const gone of [abandoned, abandonedLater]) {
      expect(await a.refused('posts:create', { photos: [{ uploadId: gone.uploadId, alt: '' }], text: '버린 사진', layout: 'Top' })).toMatchObject({ code: 'postImageRequired' })
    }
  })

  it('a write the server refused releases the claimed photo for the next try', async () => {
    const { fake, a } = await aliceAndBob()
    const upload = await a.call('images:add', { requestId: 'r', purpose: 'post', bytes: await tinyJpeg() })
    fake.failNext('docs.addPost', 'offline')
    expect(await a.refused('posts:create', { photos: [{ uploadId: upload.uploadId, alt: '' }], text: '다시', layout: 'Top' })).toMatchObject({ code: 'offlineWrite' })
    expect(Object.keys(fake.data.posts())).toEqual([])
    expect((await a.call('posts:create', { photos: [{ uploadId: upload.uploadId, alt: '' }], text: '다시', layout: 'Top' })).photos[0]!.image.id).toBe(upload.image.id)
  })

  it('a mirror write failing after the server took the post: the store\'s message, then the post from its snapshot; its photo is the post\'s, never reused or swept', async () => {
    const { fake, a } = await aliceAndBob()
    const upload = await a.call('images:add', { requestId: 'r', purpose: 'post', bytes: await tinyJpeg() })
    duringWrite(a, 'addPost', { after: () => failNextMirrorWrite(a) })
    expect(await a.refused('posts:create', { photos: [{ uploadId: upload.uploadId, alt: '' }], text: '서버에만', layout: 'Top' })).toEqual({ code: 'diskFull', message: messages.diskFull })
    const [id] = Object.keys(fake.data.posts())
    await a.settle()
    // The feed listener's snapshot, before any read of the feed.
    expect(mirrorRow(a, id!)).toEqual({ text: '서버에만', imageId: upload.image.id, attached: 1 })
    expect(await a.refused('posts:create', { photos: [{ uploadId: upload.uploadId, alt: '' }], text: '두 번째', layout: 'Top' })).toMatchObject({ code: 'imageExpired' })
    expect(Object.values(fake.data.posts()).map((p) => p.postTxt)).toEqual(['서버에만'])

    a.clock.advance(2 * day)
    expect(await sweep(a)).toBe(0)
    expect(inStorage(fake, fake.data.posts()[id!]!.postImg as string)).toBe(true)
    const [shown] = (await a.call('posts:feed', {})).posts
    expect(shown).toMatchObject({ id, mine: true, photos: [{ image: { id: upload.image.id } }] })
    expect(shown!.photos[0]!.image.variants.length).toBeGreaterThan(0)
  })

  it('a mirror that takes no posts for a while (the snapshot fails too): the saved post shows at the next feed read', async () => {
    const { fake, a } = await aliceAndBob()
    const upload = await a.call('images:add', { requestId: 'r', purpose: 'post', bytes: await tinyJpeg() })
    const db = databaseOf(a.mirror())
    db.exec("CREATE TEMP TRIGGER no_posts BEFORE INSERT ON posts BEGIN SELECT RAISE(ABORT, 'no posts'); END")
    expect(await a.refused('posts:create', { photos: [{ uploadId: upload.uploadId, alt: '' }], text: '늦게 보임', layout: 'Top' })).toMatchObject({ code: 'serverError' })
    await a.settle()
    const [id] = Object.keys(fake.data.posts())
    expect(mirrorRow(a, id!)).toBeUndefined()
    db.exec('DROP TRIGGER no_posts')
    expect((await a.call('posts:feed', {})).posts).toMatchObject([{ id, text: '늦게 보임', mine: true, photos: [{ image: { id: upload.image.id } }] }])
    expect(mirrorRow(a, id!)).toMatchObject({ attached: 1 })
  })

  it('an edit whose mirror write fails after the server took it: the post\'s snapshot brings the new text and photo, and the sweep leaves that photo', async () => {
    const { fake, a } = await aliceAndBob()
    const post = await write(a, '처음')
    const upload = await a.call('images:add', { requestId: 'r', purpose: 'post', bytes: await tinyJpeg('#00ff00') })
    duringWrite(a, 'updatePost', { after: () => failNextMirrorWrite(a) })
    expect(await a.refused('posts:update', { id: post.id, photos: [{ uploadId: upload.uploadId, alt: '' }], text: '고침', layout: 'Top' })).toMatchObject({ code: 'diskFull' })
    await a.settle()
    expect(mirrorRow(a, post.id)).toEqual({ text: '고침', imageId: upload.image.id, attached: 1 })
    a.clock.advance(2 * day)
    expect(await sweep(a)).toBe(0)
    expect(inStorage(fake, fake.data.posts()[post.id]!.postImg as string)).toBe(true)
    expect(await a.call('posts:get', { id: post.id })).toMatchObject({ text: '고침', photos: [{ image: { id: upload.image.id } }] })
  })
})
