import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanupTestApps, createPost, signUp, startApp, tinyJpeg } from '../../../tests/support/main/test-app'

afterEach(cleanupTestApps)

const soon = { timeout: 2000, interval: 20 }

/**
 * Two running copies of the app on one store: Alice's (in the background) and Bob's.
 * Alice has written a post.
 */
async function twoCopies(options: { bobAvatar?: boolean } = {}) {
  const a = await startApp()
  const alice = await signUp(a, 'alice', { nickname: '앨리스' })
  const post = await createPost(a, '앨리스의 글')
  const b = await startApp({ dataDir: a.dataDir, clock: a.clock })
  const bob = await signUp(b, 'bob', { nickname: '밥', profileImage: options.bobAvatar ? await tinyJpeg('#ffcc00', 200, 200) : undefined })
  a.desktop.setFocused(false)
  return { a, b, alice, bob, post }
}

describe('live alerts in another running copy', () => {
  it('a like shows a native notification with the Korean text, opening the post, and updates the badge', async () => {
    const { a, b, post } = await twoCopies({ bobAvatar: true })
    await b.call('likes:set', { postId: post.id, liked: true })

    await vi.waitFor(() => expect(a.desktop.recording.notifications).toHaveLength(1), soon)
    expect(a.desktop.recording.notifications[0]).toMatchObject({
      title: '까치',
      body: '밥님이 회원님의 게시글을 좋아해요',
      hasIcon: true,
      route: `/detail/${post.id}`
    })
    expect(a.desktop.recording.badge).toBe(1)
    const alert = (await a.call('alerts:list')).alerts[0]!
    expect(a.eventsOf('alerts:changed')).toContainEqual({ count: 1, newest: { id: alert.id, type: 'like', postId: post.id } })
    expect(a.eventsOf('posts:changed')).toContainEqual({ postIds: [post.id], feed: false })
    // Bob's own copy tells Bob nothing: the alert is not his.
    expect(b.desktop.recording.notifications).toEqual([])
    expect(b.desktop.recording.badge).toBe(0)
  })

  it('a comment shows its own notification text with its first words, and the badge counts both', async () => {
    const { a, b, post } = await twoCopies()
    await b.call('likes:set', { postId: post.id, liked: true })
    const comment = await b.call('comments:add', { postId: post.id, text: '멋져요' })

    await vi.waitFor(() => expect(a.desktop.recording.notifications).toHaveLength(2), soon)
    expect(a.desktop.recording.notifications.map((n) => [n.title, n.body, n.route, n.hasIcon])).toEqual([
      ['까치', '밥님이 회원님의 게시글을 좋아해요', `/detail/${post.id}`, false],
      ['까치', '밥님이 댓글을 남겼어요: 멋져요', `/detail/${post.id}?comment=${comment.id}`, false]
    ])
    await vi.waitFor(() => expect(a.desktop.recording.badge).toBe(2), soon)
  })

  it('clicking a notification brings the window forward on the post', async () => {
    const { a, b, post } = await twoCopies()
    const comment = await b.call('comments:add', { postId: post.id, text: '안녕하세요' })
    await vi.waitFor(() => expect(a.desktop.recording.notifications).toHaveLength(1), soon)
    // At the comment, as its row in the alerts page opens it.
    expect(a.desktop.click(0)).toBe(`/detail/${post.id}?comment=${comment.id}`)
    expect(a.desktop.recording.navigations).toEqual([`/detail/${post.id}?comment=${comment.id}`])
    expect(a.desktop.recording.focused).toBe(true)
    expect(a.desktop.click(5)).toBeNull()
  })

  it('while the window is focused: no notification, but the badge still updates', async () => {
    const { a, b, post } = await twoCopies()
    a.desktop.setFocused(true)
    await b.call('likes:set', { postId: post.id, liked: true })
    await b.call('comments:add', { postId: post.id, text: '보고 있죠?' })
    await vi.waitFor(() => expect(a.desktop.recording.badge).toBe(2), soon)
    await vi.waitFor(() => expect(a.eventsOf('alerts:changed').at(-1)?.count).toBe(2), soon)
    expect(a.desktop.recording.notifications).toEqual([])
  })

  it('an unlike takes the badge back down without a notification', async () => {
    const { a, b, post } = await twoCopies()
    await b.call('likes:set', { postId: post.id, liked: true })
    await vi.waitFor(() => expect(a.desktop.recording.badge).toBe(1), soon)
    await b.call('likes:set', { postId: post.id, liked: false })
    await vi.waitFor(() => expect(a.desktop.recording.badge).toBe(0), soon)
    expect(a.desktop.recording.notifications).toHaveLength(1)
    expect(a.eventsOf('alerts:changed').at(-1)).toEqual({ count: 0, newest: null })
  })

  it('alerts that existed before the copy started show on the badge but never as notifications', async () => {
    const { a, b, post } = await twoCopies()
    a.close()
    await b.call('likes:set', { postId: post.id, liked: true })
    await b.call('comments:add', { postId: post.id, text: '자리 비우셨네요' })

    const again = await startApp({ dataDir: a.dataDir, profileDir: a.profileDir })
    expect(again.desktop.recording.badge).toBe(2)
    await b.call('comments:add', { postId: post.id, text: '돌아오셨네요' })
    await vi.waitFor(() => expect(again.desktop.recording.notifications).toHaveLength(1), soon)
    expect(again.desktop.recording.notifications[0]!.body).toBe('밥님이 댓글을 남겼어요: 돌아오셨네요')
    // The badge counts rows as the list shows them: the new comment joined the comment row.
    expect(again.desktop.recording.badge).toBe(2)
  })

  it('likes on one post from several people within a minute are one notification, its text following', async () => {
    const { a, b, post } = await twoCopies()
    // The recording keeps what the user reads; the port's calls also say which notification each replaces.
    const notify = vi.spyOn(a.desktop.port, 'notify')
    await b.call('likes:set', { postId: post.id, liked: true })
    await vi.waitFor(() => expect(a.desktop.recording.notifications).toHaveLength(1), soon)
    await b.call('auth:logout')
    await signUp(b, 'carol', { nickname: '캐럴' })
    await b.call('likes:set', { postId: post.id, liked: true })
    await vi.waitFor(() => expect(a.desktop.recording.notifications).toHaveLength(2), soon)
    const [first, second] = notify.mock.calls.map(([n]) => n)
    expect([first!.body, second!.body]).toEqual(['밥님이 회원님의 게시글을 좋아해요', '캐럴님 외 1명이 회원님의 게시글을 좋아해요'])
    // The second takes the first one's place: the same tag, an update.
    expect(second!.tag).toBe(first!.tag)
    expect([first!.update, second!.update]).toEqual([false, true])
    // The badge and the list count rows as the list shows them: one.
    await vi.waitFor(() => expect(a.desktop.recording.badge).toBe(1), soon)
    expect((await a.call('alerts:list')).count).toBe(1)
  })

  it('one person cannot flood someone\'s notifications; the list still shows every alert', async () => {
    const { a, b, post } = await twoCopies()
    for (let i = 1; i <= 6; i++) await b.call('comments:add', { postId: post.id, text: `도배 ${i}` })
    await vi.waitFor(() => expect(a.desktop.recording.notifications).toHaveLength(3), soon)
    // One row (the post's comments), showing the newest; the badge counts that row.
    const list = await a.call('alerts:list')
    expect([list.count, list.alerts.length, list.alerts[0]!.commentWords]).toEqual([1, 1, '도배 6'])
    expect(a.desktop.recording.badge).toBe(1)
  })

  it('seeing the alerts in one copy takes the badge down in every copy of that person', async () => {
    const { a, b, post } = await twoCopies()
    await b.call('likes:set', { postId: post.id, liked: true })
    const a2 = await startApp({ dataDir: a.dataDir, profileDir: a.profileDir, clock: a.clock })
    await vi.waitFor(() => expect(a.desktop.recording.badge).toBe(1), soon)
    expect(a2.desktop.recording.badge).toBe(1)
    const [row] = (await a2.call('alerts:list')).alerts
    await a2.call('alerts:markSeen', { through: { createdAt: row!.createdAt, id: row!.id } })
    expect(a2.desktop.recording.badge).toBe(0)
    await vi.waitFor(() => expect(a.desktop.recording.badge).toBe(0), soon)
    expect(a.eventsOf('alerts:changed').at(-1)).toEqual({ count: 0, newest: null })
  })

  it('a signed-out copy notifies nobody and shows no badge', async () => {
    const { a, b, post } = await twoCopies()
    await a.call('auth:logout')
    expect(a.desktop.recording.badge).toBe(0)
    await b.call('likes:set', { postId: post.id, liked: true })
    await vi.waitFor(() => expect(a.eventsOf('posts:changed')).toContainEqual({ postIds: [post.id], feed: false }), soon)
    expect(a.desktop.recording.notifications).toEqual([])
    expect(a.desktop.recording.badge).toBe(0)
  })

  it('new and removed posts from the other copy refresh the feed', async () => {
    const { a, b } = await twoCopies()
    const bobs = await createPost(b, '밥의 새 글')
    await vi.waitFor(() => expect(a.eventsOf('posts:changed')).toContainEqual({ postIds: [bobs.id], feed: true }), soon)
    expect((await a.call('posts:feed', {})).posts[0]!.id).toBe(bobs.id)
    const seen = a.eventsOf('posts:changed').length
    await b.call('posts:delete', { id: bobs.id })
    await vi.waitFor(() => expect(a.eventsOf('posts:changed').slice(seen)).toContainEqual({ postIds: [bobs.id], feed: true }), soon)
  })

  it('a comment written or deleted in the other copy reads the card shown again: its count follows (issue 34)', async () => {
    const { a, b, post } = await twoCopies()
    expect((await a.call('posts:feed', {})).posts.find((p) => p.id === post.id)?.commentCount).toBe(0)
    const seen = a.eventsOf('posts:changed').length
    const comment = await b.call('comments:add', { postId: post.id, text: '지금 봤어요' })
    await vi.waitFor(() => expect(a.eventsOf('posts:changed').slice(seen)).toContainEqual({ postIds: [post.id], feed: false }), soon)
    expect((await a.call('posts:feed', {})).posts.find((p) => p.id === post.id)?.commentCount).toBe(1)
    const again = a.eventsOf('posts:changed').length
    await b.call('comments:delete', { id: comment.id })
    await vi.waitFor(() => expect(a.eventsOf('posts:changed').slice(again)).toContainEqual({ postIds: [post.id], feed: false }), soon)
    expect((await a.call('posts:feed', {})).posts.find((p) => p.id === post.id)?.commentCount).toBe(0)
  })

  it('the badge follows the signed-in user of the copy', async () => {
    const { a, b, post, alice } = await twoCopies()
    await b.call('likes:set', { postId: post.id, liked: true })
    await vi.waitFor(() => expect(a.desktop.recording.badge).toBe(1), soon)
    await a.call('auth:logout')
    expect(a.desktop.recording.badge).toBe(0)
    await a.call('auth:login', { email: alice.email, password: alice.password })
    expect(a.desktop.recording.badge).toBe(1)
  })
})
