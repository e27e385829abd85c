import { afterEach, describe, expect, it, vi } from 'vitest'
import { webDate } from '../../firebase/mapping'
import { webDays } from '../../firebase/web-stamps'
import { cleanupTestApps, createClock, tinyJpeg } from '../../../../tests/support/main/test-app'
import { createFakeFirebase } from '../../../../tests/support/fake-firebase/fake-firebase'
import { cleanupCommunityApps, startCommunityApp, webAppPost, type CommunityApp } from '../../../../tests/support/main/community-app'
import { dayCheckMs } from './sync-stamps'

afterEach(async () => {
  vi.useRealTimers()
  await cleanupCommunityApps()
  await cleanupTestApps()
})

const web = { uid: 'web-uid', email: 'web@example.com', nickname: '웹' }
const magpie = { uid: 'magpie-uid', email: 'magpie@example.com', nickname: '까치' }
const start = Date.UTC(2026, 0, 1, 9, 0, 0)
const hour = 60 * 60 * 1000

/** The first page of the feed, from the mirror alone (no page is fetched for it). */
const feed = async (app: CommunityApp) => (await app.call('posts:feed', {})).posts

/** Every post id a posts:changed event named since `from`. */
const changedSince = (app: CommunityApp, from: number): string[] => app.eventsOf('posts:changed').slice(from).flatMap((e) => e.postIds)

describe("the web app's posts, live in an open Magpie (issue 21, defect 1)", () => {
  it('a post written in the web app (no createdAt, a ko-KR postDate of now) appears in the open feed in its place by time, photo included, without any scan', async () => {
    const fake = createFakeFirebase()
    // Half a minute into 09:00: the web app's postDate says 09:00, to the minute.
    const at = start + 30_000
    fake.webApp.addPost({ ...webAppPost(magpie, { postTxt: '세 시간 전', postDate: webDate(at - 3 * hour) }), createdAt: at - 3 * hour }, 'm3')
    fake.webApp.addPost({ ...webAppPost(magpie, { postTxt: '한 시간 전', postDate: webDate(at - hour) }), createdAt: at - hour }, 'm1')
    // Written in Magpie earlier in the same minute.
    fake.webApp.addPost({ ...webAppPost(magpie, { postTxt: '조금 전', postDate: webDate(at - 20_000) }), createdAt: at - 20_000 }, 'm0')
    const app = await startCommunityApp(fake, { countReads: true, clock: createClock(at) })
    await app.settle()
    const scans = app.reads!.counts.calls.legacyPostsScan ?? 0
    const pages = app.reads!.counts.calls.postsPage ?? 0
    expect((await feed(app)).map((p) => p.id)).toEqual(['m0', 'm1', 'm3'])
    const events = app.eventsOf('posts:changed').length

    // As Write.js does: the photo uploaded, then addDoc of the post fields with the date of now.
    const url = fake.webApp.uploadFile('postImg/1767258000000', await tinyJpeg('#336699', 320, 200))
    const now = app.clock.t
    fake.webApp.addPost(webAppPost(web, { postTxt: '웹에서 방금', postImg: url, postDate: webDate(now) }), 'webNow')
    // And one its writer dated two hours ago (between the two Magpie posts).
    fake.webApp.addPost(webAppPost(web, { postTxt: '웹에서 두 시간 전', postDate: webDate(now - 2 * hour) }), 'webEarlier')
    await app.settle()

    expect(changedSince(app, events)).toEqual(expect.arrayContaining(['webNow', 'webEarlier']))
    const shown = await feed(app)
    // The post of this very minute is placed when it came (above the Magpie post of earlier in the minute).
    expect(shown.map((p) => p.id)).toEqual(['webNow', 'm0', 'm1', 'webEarlier', 'm3'])
    const post = shown[0]!
    expect(post.text).toBe('웹에서 방금')
    expect(post.author.nickname).toBe('웹')
    expect(post.photos[0]!.image.width).toBe(320)
    expect(post.photos[0]!.image.variants.length).toBeGreaterThan(0)
    // Neither the legacy scan nor a page of the feed found it.
    expect(app.reads!.counts.calls.legacyPostsScan ?? 0).toBe(scans)
    expect(app.reads!.counts.calls.postsPage ?? 0).toBe(pages)
  })

  it("a web app edit and delete of such a post show in the open feed, each with its posts:changed event", async () => {
    const fake = createFakeFirebase()
    const app = await startCommunityApp(fake, { clock: createClock(start) })
    await app.settle()
    fake.webApp.addPost(webAppPost(web, { postTxt: '처음 글', postDate: webDate(app.clock.t) }), 'webPost')
    await app.settle()
    expect((await feed(app)).map((p) => [p.id, p.text])).toEqual([['webPost', '처음 글']])

    let events = app.eventsOf('posts:changed').length
    // As the web app's edit: the six edit fields, the rest as they were.
    fake.webApp.updatePost('webPost', { postTxt: '고친 글', layout: 'Left' })
    await app.settle()
    expect(changedSince(app, events)).toContain('webPost')
    expect((await feed(app)).map((p) => [p.id, p.text, p.layout])).toEqual([['webPost', '고친 글', 'Left']])

    events = app.eventsOf('posts:changed').length
    fake.webApp.deletePost('webPost')
    await app.settle()
    expect(changedSince(app, events)).toContain('webPost')
    expect(await feed(app)).toEqual([])
  })

  it('watches the days someone somewhere is writing, and moves on when a day starts or ends somewhere (UTC+14, UTC−12)', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    // 09:00 UTC: from UTC−12 (21:00 the day before) to UTC+14 (23:00): two days.
    expect(webDays(start)).toEqual(['2025. 12. 31.', '2026. 1. 1.'])
    const fake = createFakeFirebase()
    fake.webApp.addPost(webAppPost(web, { postTxt: '어제 글', postDate: '2025. 12. 31. 오후 11:00' }), 'yesterday')
    const app = await startCommunityApp(fake, { countReads: true, clock: createClock(start) })
    await app.settle()
    // One listener: the two days' ranges in one query.
    expect(app.reads!.counts.calls.watchPostsStamped).toBe(1)
    // Written at UTC+14, where 2 January has not begun yet at 09:00 UTC: nobody can write it now.
    fake.webApp.addPost(webAppPost(web, { postTxt: '내일 글', postDate: '2026. 1. 2. 오전 12:30' }), 'tomorrow')
    await app.settle()
    expect((await feed(app)).map((p) => p.id)).toEqual(['yesterday'])

    // 10:30 UTC: 00:30 on 2 January at UTC+14. The next check listens to the three days instead.
    app.clock.t = Date.UTC(2026, 0, 1, 10, 30)
    expect(webDays(app.clock.t)).toEqual(['2025. 12. 31.', '2026. 1. 1.', '2026. 1. 2.'])
    vi.advanceTimersByTime(dayCheckMs)
    await app.settle()
    expect((await feed(app)).map((p) => p.id)).toEqual(['tomorrow', 'yesterday'])
    expect(app.reads!.counts.calls.watchPostsStamped).toBe(2)

    // 12:30 UTC: 31 December has ended at UTC−12 too: the listener goes on with the two days left;
    // the page shown still follows both posts' documents (feed-window.ts), so both edits show.
    app.clock.t = Date.UTC(2026, 0, 1, 12, 30)
    expect(webDays(app.clock.t)).toEqual(['2026. 1. 1.', '2026. 1. 2.'])
    vi.advanceTimersByTime(dayCheckMs)
    await app.settle()
    fake.webApp.updatePost('yesterday', { postTxt: '어제 글, 고침' })
    fake.webApp.updatePost('tomorrow', { postTxt: '내일 글, 고침' })
    await app.settle()
    expect((await feed(app)).map((p) => p.text)).toEqual(['내일 글, 고침', '어제 글, 고침'])
    expect(app.reads!.counts.calls.watchPostsStamped).toBe(3)
  })

  it('a post written while the network was away shows when it comes back', async () => {
    const fake = createFakeFirebase()
    const app = await startCommunityApp(fake, { clock: createClock(start) })
    await app.settle()
    fake.setOnline(false, app.ports())
    fake.webApp.addPost(webAppPost(web, { postTxt: '오프라인 중', postDate: webDate(app.clock.t) }), 'whileOffline')
    await app.settle()
    expect(await feed(app)).toEqual([])
    fake.setOnline(true, app.ports())
    await app.settle()
    expect((await feed(app)).map((p) => p.id)).toEqual(['whileOffline'])
  })
})

describe('dates nobody could have written now (issue 22, item 1)', () => {
  it('a post dated in 9999, or in 1970, is placed when it was first seen: neither pinned above everything nor sunk under it for good', async () => {
    const fake = createFakeFirebase()
    fake.webApp.addPost(webAppPost(web, { postTxt: '영원히 위에', postDate: '9999. 12. 31. 오후 11:59' }), 'pinned')
    fake.webApp.addPost(webAppPost(web, { postTxt: '영원히 아래', postDate: '1970. 1. 1. 오전 12:00' }), 'sunk')
    fake.webApp.addPost(webAppPost(web, { postTxt: '작년 글', postDate: '2025. 3. 1. 오전 10:00' }), 'lastYear')
    fake.webApp.addPost({ ...webAppPost(magpie, { postTxt: '어제 글', postDate: webDate(start - 24 * hour) }), createdAt: start - 24 * hour }, 'yesterday')
    const clock = createClock(start)
    const app = await startCommunityApp(fake, { clock })
    await app.settle()
    const first = await feed(app)
    expect(first.slice(0, 2).map((p) => p.id).sort()).toEqual(['pinned', 'sunk'])
    expect(first.slice(2).map((p) => p.id)).toEqual(['yesterday', 'lastYear'])
    for (const post of first.slice(0, 2)) expect(post.createdAt).toBeGreaterThanOrEqual(start)

    // An hour on, a new post goes above them, as above any post of an hour ago.
    clock.advance(hour)
    fake.webApp.addPost({ ...webAppPost(magpie, { postTxt: '새 글', postDate: webDate(clock.t) }), createdAt: clock.t }, 'fresh')
    await app.settle()
    expect((await feed(app))[0]!.id).toBe('fresh')
  })

  it('a comment dated in 1970 (before its post) does not lead its post’s comments, nor one dated in 9999 close them for good', async () => {
    const fake = createFakeFirebase()
    const post = fake.webApp.addPost({ ...webAppPost(magpie, { postTxt: '글', postDate: webDate(start - hour) }), createdAt: start - hour }, 'p')
    const add = (text: string, stamp: string) => fake.webApp.addComment({ post_id: post, comment: text, comment_by: 'web@example.com', comment_nick: '웹', comment_time: stamp })
    add('먼저', webDate(start - 30 * 60_000))
    add('1970', '1970. 1. 1. 오전 12:00')
    add('9999', '9999. 12. 31. 오후 11:59')
    const clock = createClock(start)
    const app = await startCommunityApp(fake, { clock })
    await app.call('posts:get', { id: post })
    const shown = (await app.call('comments:list', { postId: post })).comments.map((c) => c.text)
    expect(shown[0]).toBe('먼저')
    expect(shown.slice(1).sort()).toEqual(['1970', '9999'])
    clock.advance(hour)
    fake.webApp.addComment({ post_id: post, comment: '나중', comment_by: 'web@example.com', comment_nick: '웹', comment_time: webDate(clock.t) })
    await app.settle()
    expect((await app.call('comments:list', { postId: post })).comments.map((c) => c.text).at(-1)).toBe('나중')
  })
})
