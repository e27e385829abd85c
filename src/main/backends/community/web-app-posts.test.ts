import { afterEach, describe, expect, it, vi } from 'vitest'
import webDates from '../../../../tests/support/fixtures/web-dates.json'
import { webDate } from '../../firebase/mapping'
import { webDays } from '../../firebase/web-stamps'
import { cleanupTestApps, createClock, signUp, tinyJpeg } from '../../../../tests/support/main/test-app'
import { createFakeFirebase } from '../../../../tests/support/fake-firebase/fake-firebase'
import { cleanupCommunityApps, startCommunityApp, webAppPost, type CommunityApp } from '../../../../tests/support/main/community-app'
import { dayCheckMs } from './sync-stamps'
import { rescanCheckMs } from './sync'

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
    // The two days' ranges, ko-KR's and every other locale's form (49 ranges), in two queries of up to 30.
    expect(app.reads!.counts.calls.watchPostsStamped).toBe(2)
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
    // Three days' ranges (79) in three new queries.
    expect(app.reads!.counts.calls.watchPostsStamped).toBe(5)

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
    expect(app.reads!.counts.calls.watchPostsStamped).toBe(7)
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

/** What Chromium writes as the web app's postDate, per locale, zone and moment (tests/support/fixtures/web-dates.mjs). */
interface WrittenDate {
  locale: string
  timeZone: string
  at: number
  wallClock: number[]
  text: string
}
const written = (webDates as { dates: WrittenDate[] }).dates
/** A zone of the fixture whose wall clock is this computer's (a date is read as this computer's wall clock), else UTC. */
const zone =
  [...new Set(written.map((d) => d.timeZone))].find((z) =>
    written
      .filter((d) => d.timeZone === z)
      .every((d) => {
        const local = new Date(d.at)
        return [local.getFullYear(), local.getMonth() + 1, local.getDate(), local.getHours(), local.getMinutes()].join() === d.wallClock.join()
      })
  ) ?? 'UTC'
const writtenAt = (iso: string, locales: string[]): WrittenDate[] =>
  locales.map((locale) => written.find((d) => d.locale === locale && d.at === Date.parse(iso) && d.timeZone === zone)!)

const localOf = ([y, m, d, h, min]: number[]): number => new Date(y!, m! - 1, d!, h!, min!).getTime()
const ids = (posts: { id: string }[]): string[] => posts.map((p) => p.id)

/** Every post of the feed, newest first, from the mirror and the pages it asks for. */
async function wholeFeed(app: CommunityApp) {
  const posts: Awaited<ReturnType<typeof feed>> = []
  let cursor: string | null | undefined
  do {
    const page = await app.call('posts:feed', cursor ? { cursor } : {})
    posts.push(...page.posts)
    cursor = page.nextCursor
  } while (cursor)
  return posts
}

describe("every browser's dates (issue 31): a post written in the web app in any locale after the first connect", () => {
  it('is found live and after a restart, ordered by when it was written', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    const fake = createFakeFirebase()
    const morning = writtenAt('2026-11-26T04:53:00Z', ['en-US', 'de-DE', 'ar-EG', 'th-TH', 'fa-IR', 'hi-IN'])
    const afternoon = writtenAt('2026-11-26T13:53:00Z', ['en-GB', 'fr-FR', 'ja-JP', 'zh-CN', 'bn-BD', 'ar-SA'])
    const whileClosed = writtenAt('2026-11-26T13:53:00Z', ['ru-RU', 'zh-TW', 'en-CA', 'fr-CA', 'id-ID', 'bg-BG'])
    // A Magpie post between the two (the ordered feed's), so the order is by time, not by arrival.
    const between = Date.UTC(2026, 10, 26, 9)
    fake.webApp.addPost({ ...webAppPost(magpie, { postTxt: '까치 글', postDate: webDate(between) }), createdAt: between }, 'magpie')
    const clock = createClock(Date.parse('2026-11-26T04:53:20Z'))
    let app = await startCommunityApp(fake, { clock })
    await app.settle()
    const write = (dates: WrittenDate[]) => dates.map((d) => fake.webApp.addPost(webAppPost(web, { postTxt: `${d.locale} ${d.text}`, postDate: d.text }), `${d.locale}-${d.at}`))

    // Written now, as each browser writes it: shown live (no scan runs after the first connect).
    const events = app.eventsOf('posts:changed').length
    write(morning)
    await app.settle()
    expect(changedSince(app, events)).toEqual(expect.arrayContaining(morning.map((d) => `${d.locale}-${d.at}`)))

    // Nine hours on: the day check follows the days written now, and the afternoon's posts come too.
    clock.t = Date.parse('2026-11-26T13:53:20Z')
    vi.advanceTimersByTime(dayCheckMs)
    await app.settle()
    write(afternoon)
    await app.settle()
    const byTime = (dates: WrittenDate[]) => [...dates].sort((a, b) => localOf(b.wallClock) - localOf(a.wallClock)).map((d) => `${d.locale}-${d.at}`)
    let shown = await wholeFeed(app)
    expect(ids(shown).slice(0, afternoon.length).sort()).toEqual(byTime(afternoon).sort())
    expect(ids(shown).slice(afternoon.length)).toEqual(['magpie', ...ids(shown).slice(afternoon.length + 1)])
    expect(ids(shown).slice(afternoon.length + 1).sort()).toEqual(byTime(morning).sort())
    // Each at the time its text says (read as this computer's wall clock, as a ko-KR date is), or,
    // found within its own minute, when it came (as a ko-KR one is).
    for (const d of [...morning, ...afternoon]) {
      const at = shown.find((p) => p.id === `${d.locale}-${d.at}`)!.createdAt
      expect(at - localOf(d.wallClock)).toBeGreaterThanOrEqual(0)
      expect(at - localOf(d.wallClock)).toBeLessThan(60_000)
    }

    // Closed, then written meanwhile: the next start finds them by their day, without a scan.
    await app.close()
    write(whileClosed)
    clock.t += 10 * 60_000
    app = await startCommunityApp(fake, { clock, dataDir: app.dataDir, profileDir: app.profileDir, countReads: true })
    await app.settle()
    shown = await wholeFeed(app)
    expect(ids(shown)).toEqual(expect.arrayContaining([...morning, ...afternoon, ...whileClosed].map((d) => `${d.locale}-${d.at}`)))
    expect(app.reads!.counts.calls.legacyPostsScan ?? 0).toBe(0)
    expect(ids(shown).indexOf('magpie')).toBe(afternoon.length + whileClosed.length)
  })
})

describe('old posts without createdAt that arrive after the first connect (issue 31: a restore, an import)', () => {
  it('are found at a start a day on once the operator says so (npm run community -- rescan), and only then scanned for', async () => {
    const fake = createFakeFirebase()
    const clock = createClock(Date.UTC(2026, 10, 29, 9))
    let app = await startCommunityApp(fake, { clock })
    await signUp(app, 'reader')
    await app.settle()
    // Restored: written now, dated last year, in two browsers' forms (no day's range holds them).
    const restored = writtenAt('2026-03-05T11:59:00Z', ['ko-KR', 'de-DE']).map((d) => fake.webApp.addPost(webAppPost(web, { postTxt: `복원 ${d.locale}`, postDate: d.text }), `restored-${d.locale}`))
    await app.settle()
    expect(ids(await wholeFeed(app))).not.toEqual(expect.arrayContaining(restored))

    // A start within a day of the last look reads nothing more; a day on, settings/community once, and scans nothing.
    await app.close()
    clock.advance(hour)
    app = await startCommunityApp(fake, { clock, dataDir: app.dataDir, profileDir: app.profileDir, countReads: true })
    await app.settle()
    expect(app.reads!.counts.calls.communitySettings ?? 0).toBe(0)
    await app.close()
    clock.advance(rescanCheckMs)
    app = await startCommunityApp(fake, { clock, dataDir: app.dataDir, profileDir: app.profileDir, countReads: true })
    await app.settle()
    expect(app.reads!.counts.calls.legacyPostsScan ?? 0).toBe(0)
    expect(app.reads!.counts.calls.communitySettings).toBe(1)

    // npm run community -- rescan: the next start a day on scans once, and places them by their dates.
    fake.webApp.setCommunitySettings({ postsRescanAt: clock.t })
    await app.close()
    clock.advance(rescanCheckMs)
    app = await startCommunityApp(fake, { clock, dataDir: app.dataDir, profileDir: app.profileDir, countReads: true })
    await app.settle()
    expect(app.reads!.counts.calls.legacyPostsScan).toBeGreaterThan(0)
    const shown = await wholeFeed(app)
    expect(ids(shown)).toEqual(expect.arrayContaining(restored))
    expect(shown.find((p) => p.id === 'restored-de-DE')!.createdAt).toBe(localOf(writtenAt('2026-03-05T11:59:00Z', ['de-DE'])[0]!.wallClock))

    // Scanned for that mark: a start a day after does not scan again.
    await app.close()
    clock.advance(rescanCheckMs)
    app = await startCommunityApp(fake, { clock, dataDir: app.dataDir, profileDir: app.profileDir, countReads: true })
    await app.settle()
    expect(app.reads!.counts.calls.legacyPostsScan ?? 0).toBe(0)
  })
})
