import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanupTestApps, createPost, signUp, startApp } from '../../../tests/support/main/test-app'

afterEach(cleanupTestApps)

const soon = { timeout: 2000, interval: 20 }

/** Alice's copy (in the background) and Bob's, on one store; Alice has written two posts. */
async function twoCopies() {
  const a = await startApp()
  await signUp(a, 'alice', { nickname: '앨리스' })
  const post = await createPost(a, '앨리스의 글')
  const other = await createPost(a, '앨리스의 다른 글')
  const b = await startApp({ dataDir: a.dataDir, clock: a.clock })
  await signUp(b, 'bob', { nickname: '밥' })
  a.desktop.setFocused(false)
  return { a, b, post, other }
}

/** Moves the shared clock forward to this local wall-clock time on 2 January 2026. */
const localTime = (hours: number, minutes = 0) => new Date(2026, 0, 2, hours, minutes).getTime()

describe('설정 → 알림 (local mode)', () => {
  it('likes off: a like is listed (marked) but neither counted nor popped up; comments still are; the badge follows at once', async () => {
    const { a, b, post, other } = await twoCopies()
    await b.call('likes:set', { postId: post.id, liked: true })
    await vi.waitFor(() => expect(a.desktop.recording.badge).toBe(1), soon)

    const { settings } = await a.call('notifications:set', { likes: false })
    expect(settings).toEqual({ likes: false, comments: true, popups: true, quietHours: null })
    await vi.waitFor(() => expect(a.desktop.recording.badge).toBe(0), soon)
    expect(a.eventsOf('alerts:changed').at(-1)).toEqual({ count: 0, newest: null })

    await b.call('likes:set', { postId: other.id, liked: true })
    await b.call('comments:add', { postId: other.id, text: '멋져요' })
    await vi.waitFor(() => expect(a.desktop.recording.badge).toBe(1), soon)
    await vi.waitFor(() => expect(a.desktop.recording.notifications.map((n) => n.body)).toEqual(['밥님이 회원님의 게시글을 좋아해요', '밥님이 댓글을 남겼어요: 멋져요']), soon)
    const list = await a.call('alerts:list')
    expect(list.alerts.map((row) => [row.type, row.postId, row.silenced])).toEqual([
      ['comment', other.id, false],
      ['like', other.id, true],
      ['like', post.id, true]
    ])
    expect([list.count, list.unseen]).toEqual([3, 1])
  })

  it('quiet hours 23:00–08:00: a comment at 23:30 counts on the badge but pops nothing; at 08:00 pop-ups are back', async () => {
    const { a, b, post } = await twoCopies()
    await a.call('notifications:set', { quietHours: { start: 23 * 60, end: 8 * 60 } })
    a.clock.t = localTime(23, 30)
    await b.call('comments:add', { postId: post.id, text: '늦은 밤 댓글' })
    await vi.waitFor(() => expect(a.desktop.recording.badge).toBe(1), soon)
    expect(a.eventsOf('alerts:changed').at(-1)?.count).toBe(1)

    a.clock.t = localTime(8, 0) + 24 * 60 * 60_000
    await b.call('likes:set', { postId: post.id, liked: true })
    await vi.waitFor(() => expect(a.desktop.recording.badge).toBe(2), soon)
    await vi.waitFor(() => expect(a.desktop.recording.notifications.map((n) => n.body)).toEqual(['밥님이 회원님의 게시글을 좋아해요']), soon)
  })

  it('a muted post: its alerts are listed (marked), not counted, not popped up; another post\'s are; turning it back on counts them', async () => {
    const { a, b, post, other } = await twoCopies()
    const view = await a.call('notifications:mutePost', { postId: post.id, muted: true })
    expect(view.mutedPosts.map((m) => [m.postId, m.postWords])).toEqual([[post.id, '앨리스의 글']])
    // Only one's own posts: Bob cannot mute Alice's.
    expect(await b.refused('notifications:mutePost', { postId: post.id, muted: true })).toMatchObject({ code: 'invalidRequest' })

    await b.call('likes:set', { postId: post.id, liked: true })
    await b.call('comments:add', { postId: post.id, text: '조용히' })
    await b.call('comments:add', { postId: other.id, text: '이건 알려요' })
    await vi.waitFor(() => expect(a.desktop.recording.notifications.map((n) => n.body)).toEqual(['밥님이 댓글을 남겼어요: 이건 알려요']), soon)
    await vi.waitFor(() => expect(a.desktop.recording.badge).toBe(1), soon)
    const list = await a.call('alerts:list')
    expect(list.alerts.map((row) => [row.postId, row.silenced])).toEqual([[other.id, false], [post.id, true], [post.id, true]])

    expect((await a.call('notifications:mutePost', { postId: post.id, muted: false })).mutedPosts).toEqual([])
    await vi.waitFor(() => expect(a.desktop.recording.badge).toBe(3), soon)
  })

  it('pop-ups off: the badge only', async () => {
    const { a, b, post } = await twoCopies()
    await a.call('notifications:set', { popups: false })
    await b.call('comments:add', { postId: post.id, text: '배지만' })
    await b.call('likes:set', { postId: post.id, liked: true })
    await vi.waitFor(() => expect(a.desktop.recording.badge).toBe(2), soon)
    expect(a.desktop.recording.notifications).toEqual([])
    // Kept per account: Bob's settings are his own.
    expect((await b.call('notifications:get')).settings.popups).toBe(true)
  })

  it('a muted post that is deleted leaves the list in 설정', async () => {
    const { a, post } = await twoCopies()
    await a.call('notifications:mutePost', { postId: post.id, muted: true })
    await a.call('posts:delete', { id: post.id })
    expect((await a.call('notifications:get')).mutedPosts).toEqual([])
  })
})
