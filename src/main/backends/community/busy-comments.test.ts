import { afterEach, describe, expect, it, vi } from 'vitest'
import type { CommentView } from '@shared/types'
import { parseWebDate, webDate } from '../../firebase/mapping'
import { cleanupTestApps, createClock } from '../../../../tests/support/main/test-app'
import { createFakeFirebase } from '../../../../tests/support/fake-firebase/fake-firebase'
import { cleanupCommunityApps, startCommunityApp, startProjectApp, webAppPost, type CommunityApp } from '../../../../tests/support/main/community-app'
import { FirebasePortError, type ConnectFirebase } from '../../firebase/ports'
import { databaseOf } from '../../store/handle'
import { followCommentsMax } from './feed-window'
import { openCheckMs } from './open-post'

afterEach(async () => {
  vi.useRealTimers()
  await cleanupCommunityApps()
  await cleanupTestApps()
})

const author = { uid: 'author-uid', email: 'author@example.com', nickname: '작가' }

/**
 * A busy post's comments over two days and in every form a day's text takes: ko-KR 오전/오후 (the
 * hour after midnight and after noon sort last in their half), Magpie's older 24-hour form, and a
 * few the next month.
 */
function busyProject() {
  const fake = createFakeFirebase()
  const post = fake.webApp.addPost({ ...webAppPost(author, { postTxt: '인기 글', postDate: '2026. 1. 30. 오후 11:00' }), createdAt: Date.UTC(2026, 0, 30, 14) }, 'busy')
  const times = ['오전 12:05', '오전 01:00', '오전 09:30', '오전 11:59', '오후 12:00', '오후 12:30', '오후 01:00', '오후 11:59', '08:15', '13:45']
  let n = 0
  const add = (stamp: string) => fake.webApp.addComment({ post_id: post, comment: `댓글 ${n++}`, comment_by: 'reader@example.com', comment_nick: '독자', comment_time: stamp })
  for (const day of ['2026. 1. 30.', '2026. 1. 31.']) for (let i = 0; i < 130; i++) add(`${day} ${times[i % times.length]}`)
  for (let i = 0; i < 5; i++) add(`2026. 2. 3. 오후 0${i + 1}:00`)
  return { fake, post }
}

/** Every comment in the order the mirror shows them (local mode's: time, then id). */
function expectedOrder(fake: ReturnType<typeof createFakeFirebase>, post: string): string[] {
  return Object.entries(fake.data.comments())
    .filter(([, c]) => c.post_id === post)
    .map(([id, c]) => ({ id, at: parseWebDate(c.comment_time)! }))
    .sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map((c) => c.id)
}

async function allPages(app: CommunityApp, post: string): Promise<{ first: CommentView[]; all: CommentView[] }> {
  let page = await app.call('comments:list', { postId: post })
  const first = page.comments
  const all = [...page.comments]
  while (page.nextCursor) {
    page = await app.call('comments:list', { postId: post, cursor: page.nextCursor })
    all.push(...page.comments)
  }
  return { first, all }
}

describe(`a busy post (over ${followCommentsMax} comments): read a page at a time on the server`, () => {
  it('shows its first page after reading a few dozen comments, pages through all of them in time order, and never listens to them all', async () => {
    const { fake, post } = busyProject()
    const expected = expectedOrder(fake, post)
    expect(expected.length).toBeGreaterThan(followCommentsMax)
    const app = await startCommunityApp(fake, { countReads: true, clock: createClock(Date.UTC(2026, 2, 1)) })
    await app.call('posts:get', { id: post })

    const reads = () => app.reads!.total()
    const before = reads()
    const first = await app.call('comments:list', { postId: post })
    expect(first.comments.map((c) => c.id)).toEqual(expected.slice(0, 20))
    expect(reads() - before).toBeLessThan(100)

    const { all } = await allPages(app, post)
    expect(all.map((c) => c.id)).toEqual(expected)
    expect(app.reads!.counts.calls.watchComments).toBeUndefined()
    expect((await app.call('posts:get', { id: post })).commentCount).toBe(expected.length)
  })

  it('a comment written while it is open moves the count within a minute, and the last page then shows it', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    const { fake, post } = busyProject()
    const clock = createClock(Date.UTC(2026, 2, 1, 3))
    const app = await startCommunityApp(fake, { clock })
    await app.call('posts:get', { id: post })
    await allPages(app, post)
    const count = (await app.call('posts:get', { id: post })).commentCount
    const added = fake.webApp.addComment({ post_id: post, comment: '방금', comment_by: 'reader@example.com', comment_nick: '독자', comment_time: webDate(clock.t) })
    vi.advanceTimersByTime(openCheckMs)
    await app.settle()
    expect((await app.call('posts:get', { id: post })).commentCount).toBe(count + 1)
    const { all } = await allPages(app, post)
    expect(all.at(-1)!.id).toBe(added)
    expect(all).toHaveLength(count + 1)
  })

  it('a comment deleted since the last time it was open is gone when it is opened again', async () => {
    const { fake, post } = busyProject()
    const first = await startCommunityApp(fake, { clock: createClock(Date.UTC(2026, 2, 1)) })
    await first.call('posts:get', { id: post })
    const shown = (await first.call('comments:list', { postId: post })).comments
    await first.close()
    fake.webApp.deleteComment(shown[0]!.id)
    const again = await startCommunityApp(fake, { dataDir: first.dataDir, profileDir: first.profileDir, clock: first.clock })
    const page = await again.call('comments:list', { postId: post })
    expect(page.comments.map((c) => c.id)).not.toContain(shown[0]!.id)
    expect(page.comments[0]!.id).toBe(shown[1]!.id)
  })
})

describe('a project without the comments index (firebase/firestore.indexes.json not deployed)', () => {
  it("reads the open post's comments whole instead: a busy one, and one resumed from the mirror", async () => {
    const { fake, post } = busyProject()
    const quiet = fake.webApp.addPost({ ...webAppPost(author, { postTxt: '조용한 글', postDate: '2026. 1. 29. 오전 10:00' }), createdAt: Date.UTC(2026, 0, 29, 1) }, 'quiet')
    fake.webApp.addComment({ post_id: quiet, comment: '하나', comment_by: 'reader@example.com', comment_nick: '독자', comment_time: '2026. 1. 29. 오전 11:00' })
    // As Firestore answers a query whose composite index is missing.
    const connect: ConnectFirebase = async (config, emulators) => {
      const ports = await fake.connect(config, emulators)
      ports.docs.postCommentsStamped = async () => {
        throw new FirebasePortError('unknown', 'failed-precondition: the query requires an index')
      }
      ports.docs.watchPostCommentsStamped = (_postId, _range, _onDocs, onError) => {
        queueMicrotask(() => onError(new FirebasePortError('unknown', 'failed-precondition: the query requires an index')))
        return () => {}
      }
      return ports
    }
    const clock = createClock(Date.UTC(2026, 2, 1))
    const first = await startCommunityApp(fake, { clock })
    await first.call('posts:get', { id: quiet })
    expect((await first.call('comments:list', { postId: quiet })).comments).toHaveLength(1)
    await first.close()
    fake.webApp.addComment({ post_id: quiet, comment: '둘', comment_by: 'reader@example.com', comment_nick: '독자', comment_time: '2026. 2. 1. 오전 11:00' })

    const app = await startProjectApp({ connect, idle: fake.idle }, { dataDir: first.dataDir, profileDir: first.profileDir, clock })
    await app.call('posts:get', { id: post })
    const page = await app.call('comments:list', { postId: post })
    expect(page.comments.map((c) => c.id)).toEqual(expectedOrder(fake, post).slice(0, 20))
    await app.call('posts:get', { id: quiet })
    expect((await app.call('comments:list', { postId: quiet })).comments.map((c) => c.text)).toEqual(['하나', '둘'])
  })
})

describe('a flood of comments on an open post', () => {
  it(`switches it to pages read on the server once it passes ${followCommentsMax}: no snapshot of the flood is written whole`, async () => {
    const fake = createFakeFirebase()
    const post = fake.webApp.addPost({ ...webAppPost(author, { postTxt: '조용한 글', postDate: '2026. 1. 30. 오후 11:00' }), createdAt: Date.UTC(2026, 0, 30, 14) }, 'quiet')
    const add = (n: number) => fake.webApp.addComment({ post_id: post, comment: `댓글 ${n}`, comment_by: 'flood@example.com', comment_nick: '홍수', comment_time: `2026. 1. 31. 오전 ${String((n % 11) + 1).padStart(2, '0')}:00` })
    for (let n = 0; n < 3; n++) add(n)
    const app = await startCommunityApp(fake, { countReads: true, clock: createClock(Date.UTC(2026, 2, 1)) })
    await app.call('posts:get', { id: post })
    expect((await app.call('comments:list', { postId: post })).comments).toHaveLength(3)

    for (let n = 3; n < followCommentsMax + 100; n++) add(n)
    await app.settle()
    const mirrored = databaseOf(app.mirror()).prepare('SELECT count(*) FROM comments WHERE post_id = ?').pluck().get(post) as number
    expect(mirrored).toBeLessThan(followCommentsMax)
    expect((await app.call('posts:get', { id: post })).commentCount).toBe(followCommentsMax + 100)
    const { all } = await allPages(app, post)
    expect(all.map((c) => c.id)).toEqual(expectedOrder(fake, post))
  })
})

describe('an open post resumed from the mirror, or paged, stays exact', () => {
  it('a comment deleted and another written while closed: the comments written since it was whole are read, the count then disagrees, and every comment is read', async () => {
    const fake = createFakeFirebase()
    const post = fake.webApp.addPost({ ...webAppPost(author, { postTxt: '글', postDate: '2026. 2. 27. 오전 10:00' }), createdAt: Date.UTC(2026, 1, 27, 1) }, 'p')
    const add = (text: string, at: number) =>
      fake.webApp.addComment({ post_id: post, comment: text, comment_by: 'reader@example.com', comment_nick: '독자', comment_time: webDate(at) })
    const clock = createClock(Date.UTC(2026, 2, 1, 3))
    const one = add('하나', clock.t - 3_600_000)
    add('둘', clock.t - 3_000_000)
    const first = await startCommunityApp(fake, { clock })
    await first.call('posts:get', { id: post })
    expect((await first.call('comments:list', { postId: post })).comments.map((c) => c.text)).toEqual(['하나', '둘'])
    await first.close()

    // A day later: one deleted, one written; a card count the next day agrees with the mirror's two.
    clock.advance(24 * 3_600_000)
    fake.webApp.deleteComment(one)
    add('새 댓글', clock.t)
    clock.advance(24 * 3_600_000)
    const again = await startCommunityApp(fake, { dataDir: first.dataDir, profileDir: first.profileDir, clock })
    await again.call('posts:feed', {})
    await again.settle()
    await again.call('posts:get', { id: post })
    expect((await again.call('comments:list', { postId: post })).comments.map((c) => c.text)).toEqual(['둘', '새 댓글'])
  })

  it('a busy post whose date cannot be read is read whole rather than shown empty', async () => {
    const { fake, post } = busyProject()
    fake.webApp.updatePost(post, { postDate: '언젠가' })
    const app = await startCommunityApp(fake, { clock: createClock(Date.UTC(2026, 2, 1)) })
    await app.call('posts:get', { id: post })
    const { all } = await allPages(app, post)
    expect(all).toHaveLength(expectedOrder(fake, post).length)
  })
})
