import { afterEach, describe, expect, it } from 'vitest'
import { messages } from '@shared/messages'
import { cleanupTestApps, createPost, logIn, signUp, startApp, storeSnapshot, tinyJpeg } from '../../../../tests/support/main/test-app'

afterEach(cleanupTestApps)

/**
 * Alice writes two posts; Bob likes both and comments on the first; Carol likes the second.
 * Alice ends up signed in with 4 alerts.
 */
async function aliceWithAlerts() {
  const app = await startApp()
  const alice = await signUp(app, 'alice', { nickname: '앨리스' })
  const first = await createPost(app, '첫 글')
  const second = await createPost(app, '둘째 글')
  await app.call('auth:logout')
  const bob = await signUp(app, 'bob', { nickname: '밥', profileImage: await tinyJpeg('#0077ff') })
  await app.call('likes:set', { postId: first.id, liked: true })
  await app.call('likes:set', { postId: second.id, liked: true })
  await app.call('comments:add', { postId: first.id, text: '좋아요' })
  await app.call('auth:logout')
  const carol = await signUp(app, 'carol', { nickname: '캐럴' })
  await app.call('likes:set', { postId: second.id, liked: true })
  await app.call('auth:logout')
  await logIn(app, alice)
  return { app, alice, bob, carol, first, second }
}

describe('alerts', () => {
  it('list the user’s alerts newest first, a post’s likes grouped, with actor, post photo and Korean text, and count them', async () => {
    const { app, bob, carol, first, second } = await aliceWithAlerts()
    const list = await app.call('alerts:list')
    // Counted as the list shows them: three rows (four alerts), all unread.
    expect(list.count).toBe(3)
    expect(list.unseen).toBe(3)
    expect(list.alerts.map((a) => [a.type, a.postId, a.actor.id, a.others, a.seen, a.text, a.postWords, a.commentWords])).toEqual([
      ['like', second.id, carol.user.id, 1, false, '캐럴님 외 1명이 회원님의 게시글을 좋아해요', '둘째 글', null],
      ['comment', first.id, bob.user.id, 0, false, '밥님이 회원님의 게시글에 댓글을 남겼어요', '첫 글', '좋아요'],
      ['like', first.id, bob.user.id, 0, false, '밥님이 회원님의 게시글을 좋아해요', '첫 글', null]
    ])
    const comments = await app.call('comments:list', { postId: first.id, cursor: null })
    expect(list.alerts.map((a) => a.commentId)).toEqual([null, comments.comments[0]!.id, null])
    expect(list.alerts[1]!.actor).toEqual({ id: bob.user.id, nickname: '밥', avatar: bob.user.avatar })
    expect(list.alerts[1]!.postImage).toEqual(first.photos[0]!.image)
    const times = list.alerts.map((a) => a.createdAt)
    expect(times).toEqual([...times].sort((a, b) => b - a))
    expect(app.desktop.recording.badge).toBe(3)
  })

  it("a grouped comment row shows its newest comment's first words, one line, trimmed; each row names its post", async () => {
    const { app, alice, first } = await aliceWithAlerts()
    await app.call('auth:logout')
    await signUp(app, 'dave', { nickname: '데이브' })
    const long = `줄바꿈\n다음   ${'가'.repeat(40)}👨‍👩‍👧‍👦끝`
    await app.call('comments:add', { postId: first.id, text: long })
    await app.call('auth:logout')
    await logIn(app, alice)
    const [row] = (await app.call('alerts:list')).alerts
    expect([row!.text, row!.postWords, row!.commentWords]).toEqual([
      '데이브님 외 1명이 회원님의 게시글에 댓글을 남겼어요',
      '첫 글',
      `줄바꿈 다음 ${'가'.repeat(33)}…`
    ])
  })

  it('belong to their user only: the actors have none', async () => {
    const { app, bob } = await aliceWithAlerts()
    await app.call('auth:logout')
    await logIn(app, bob)
    expect(await app.call('alerts:list')).toEqual({ alerts: [], count: 0, unseen: 0 })
    expect(app.desktop.recording.badge).toBe(0)
  })

  it('need a signed-in user', async () => {
    const { app } = await aliceWithAlerts()
    await app.call('auth:logout')
    const before = storeSnapshot(app.store)
    for (const [channel, input] of [['alerts:list'], ['alerts:clear'], ['alerts:delete', { id: 'x' }], ['alerts:markSeen', { through: { createdAt: 0, id: 'x' } }]] as const) {
      expect(await app.refused(channel, input)).toEqual({ code: 'loginRequired', message: messages.loginRequired })
    }
    expect(storeSnapshot(app.store)).toEqual(before)
  })

  it('can be deleted row by row by their user (a grouped row with all its alerts), updating the count and the badge', async () => {
    const { app } = await aliceWithAlerts()
    const [newest, ...rest] = (await app.call('alerts:list')).alerts
    const after = await app.call('alerts:delete', { id: newest!.id })
    expect(after.count).toBe(2)
    expect(after.alerts).toEqual(rest)
    expect(app.desktop.recording.badge).toBe(2)
    expect(app.eventsOf('alerts:changed').at(-1)).toEqual({ count: 2, newest: null })
  })

  it('deleting a row keeps an alert that joined it after the list was shown', async () => {
    const { app, alice, first } = await aliceWithAlerts()
    const shown = (await app.call('alerts:list')).alerts.find((a) => a.type === 'like' && a.postId === first.id)!
    await app.call('auth:logout')
    await signUp(app, 'dave', { nickname: '데이브' })
    await app.call('likes:set', { postId: first.id, liked: true })
    await app.call('auth:logout')
    await logIn(app, alice)
    const after = await app.call('alerts:delete', { id: shown.id })
    const row = after.alerts.find((a) => a.type === 'like' && a.postId === first.id)
    expect([row?.text, row?.others, row?.seen]).toEqual(['데이브님이 회원님의 게시글을 좋아해요', 0, false])
  })

  it('count unread, not total: seeing the list takes the badge to 0, the alerts stay listed', async () => {
    const { app } = await aliceWithAlerts()
    const list = await app.call('alerts:list')
    const seen = await app.call('alerts:markSeen', { through: { createdAt: list.alerts[0]!.createdAt, id: list.alerts[0]!.id } })
    expect([seen.count, seen.unseen]).toEqual([3, 0])
    expect(seen.alerts.map((a) => [a.id, a.seen])).toEqual(list.alerts.map((a) => [a.id, true]))
    expect(app.desktop.recording.badge).toBe(0)
    expect(app.eventsOf('alerts:changed').at(-1)).toEqual({ count: 0, newest: null })
    // Seeing again changes nothing; the rows stay until deleted.
    expect(await app.call('alerts:markSeen', { through: { createdAt: list.alerts[0]!.createdAt, id: list.alerts[0]!.id } })).toEqual(seen)
  })

  it('an alert newer than the list that was seen stays unread, and makes its row unread again', async () => {
    const { app, alice, second } = await aliceWithAlerts()
    const list = await app.call('alerts:list')
    await app.call('auth:logout')
    await signUp(app, 'dave', { nickname: '데이브' })
    await app.call('likes:set', { postId: second.id, liked: true })
    await app.call('auth:logout')
    await logIn(app, alice)
    const seen = await app.call('alerts:markSeen', { through: { createdAt: list.alerts[0]!.createdAt, id: list.alerts[0]!.id } })
    expect(seen.unseen).toBe(1)
    expect(app.desktop.recording.badge).toBe(1)
    expect(seen.alerts.map((a) => [a.text, a.seen])).toEqual([
      ['데이브님 외 2명이 회원님의 게시글을 좋아해요', false],
      ['밥님이 회원님의 게시글에 댓글을 남겼어요', true],
      ['밥님이 회원님의 게시글을 좋아해요', true]
    ])
  })

  it('of someone else cannot be deleted: refused, nothing changes', async () => {
    const { app, bob } = await aliceWithAlerts()
    const target = (await app.call('alerts:list')).alerts[0]!
    await app.call('auth:logout')
    await logIn(app, bob)
    const before = storeSnapshot(app.store)
    expect(await app.refused('alerts:delete', { id: target.id })).toEqual({ code: 'invalidRequest', message: messages.invalidRequest })
    expect(storeSnapshot(app.store)).toEqual(before)
  })

  it('already gone (a double click, or its post deleted meanwhile) counts as deleted', async () => {
    const { app } = await aliceWithAlerts()
    const [first] = (await app.call('alerts:list')).alerts
    const once = await app.call('alerts:delete', { id: first!.id })
    const twice = await app.call('alerts:delete', { id: first!.id })
    expect(twice).toEqual(once)
    expect(twice.alerts.map((a) => a.id)).not.toContain(first!.id)
  })

  it('can all be cleared at once, leaving other people’s alerts alone', async () => {
    const { app, alice, bob } = await aliceWithAlerts()
    await app.call('auth:logout')
    await logIn(app, bob)
    const bobsPost = await createPost(app, '밥의 글')
    await app.call('auth:logout')
    await logIn(app, alice)
    await app.call('comments:add', { postId: bobsPost.id, text: '앨리스 다녀감' })

    expect(await app.call('alerts:clear')).toEqual({ alerts: [], count: 0, unseen: 0 })
    expect(app.desktop.recording.badge).toBe(0)
    expect(await app.call('alerts:list')).toEqual({ alerts: [], count: 0, unseen: 0 })
    await app.call('auth:logout')
    await logIn(app, bob)
    expect((await app.call('alerts:list')).count).toBe(1)
  })

  it('of a deleted post disappear', async () => {
    const { app, first, second } = await aliceWithAlerts()
    await app.call('posts:delete', { id: second.id })
    const list = await app.call('alerts:list')
    expect(list.count).toBe(2)
    expect(list.alerts.every((a) => a.postId === first.id)).toBe(true)
    expect(app.desktop.recording.badge).toBe(2)
  })
})
