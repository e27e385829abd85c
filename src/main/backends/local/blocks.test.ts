import { afterEach, describe, expect, it } from 'vitest'
import { messages } from '@shared/messages'
import { cleanupTestApps, createPost, logIn, signUp, startApp } from '../../../../tests/support/main/test-app'
import { databaseOf } from '../../store/handle'

afterEach(cleanupTestApps)

/** Alice writes a post; Bob likes it and comments on it; Carol comments too. Alice is signed in at the end. */
async function aliceBobCarol() {
  const app = await startApp()
  const alice = await signUp(app, 'alice', { nickname: '앨리스' })
  const post = await createPost(app, '앨리스의 글')
  await app.call('auth:logout')
  const bob = await signUp(app, 'bob', { nickname: '밥' })
  const bobPost = await createPost(app, '밥의 글')
  await app.call('likes:set', { postId: post.id, liked: true })
  const bobComment = await app.call('comments:add', { postId: post.id, text: '밥의 댓글' })
  await app.call('auth:logout')
  const carol = await signUp(app, 'carol', { nickname: '캐롤' })
  await app.call('comments:add', { postId: post.id, text: '캐롤의 댓글' })
  await app.call('auth:logout')
  await logIn(app, alice)
  return { app, alice, bob, carol, post, bobPost, bobComment }
}

describe('blocking (local store)', () => {
  it('hides the person everywhere the blocker looks, and counts agree with what is listed', async () => {
    const { app, bob, post, bobPost } = await aliceBobCarol()
    expect((await app.call('alerts:list')).count).toBe(2)
    const list = await app.call('blocks:set', { personId: bob.user.id, blocked: true })
    expect(list).toEqual([{ id: expect.any(String), person: { id: bob.user.id, nickname: '밥', avatar: null }, blocked: true, muted: false }])
    expect(await app.call('blocks:list')).toEqual(list)

    const feed = await app.call('posts:feed', {})
    expect(feed.posts.map((p) => p.id)).toEqual([post.id])
    expect(feed.posts[0]!.commentCount).toBe(1)
    expect((await app.call('posts:get', { id: post.id })).commentCount).toBe(1)
    expect((await app.call('comments:list', { postId: post.id })).comments.map((c) => c.text)).toEqual(['캐롤의 댓글'])
    expect(await app.refused('posts:get', { id: bobPost.id })).toEqual({ code: 'postHidden', message: messages.postHidden })
    expect((await app.call('posts:find', { query: '밥' })).positions).toEqual([])
    // Nor does the top bar's search find them or their posts (core/search.ts's hidden authors).
    const found = await app.call('search:query', { query: '밥' })
    expect([found.posts.map((p) => p.id), found.people.map((p) => p.id)]).toEqual([[], []])
    // Bob's like and comment alerts are gone: the list and every count agree.
    const alerts = await app.call('alerts:list')
    expect(alerts.alerts.map((a) => a.actor.nickname)).toEqual(['캐롤'])
    expect([alerts.count, alerts.unseen]).toEqual([1, 1])
  })

  it('refuses the blocked person\'s comment and like on the blocker\'s posts with a message that does not say why; others and unlikes pass', async () => {
    const { app, alice, bob, carol, post } = await aliceBobCarol()
    await app.call('blocks:set', { personId: bob.user.id, blocked: true })
    await app.call('auth:logout')
    await logIn(app, bob)
    expect(await app.refused('comments:add', { postId: post.id, text: '또 왔어요' })).toEqual({ code: 'commentNotAllowed', message: messages.commentNotAllowed })
    expect(await app.call('likes:set', { postId: post.id, liked: false })).toMatchObject({ likedByMe: false })
    expect(await app.refused('likes:set', { postId: post.id, liked: true })).toEqual({ code: 'likeNotAllowed', message: messages.likeNotAllowed })
    // The blocked person still sees the post (they are not told).
    expect(await app.call('posts:get', { id: post.id })).toMatchObject({ id: post.id, commentCount: 2 })
    await app.call('auth:logout')
    await logIn(app, carol)
    await app.call('comments:add', { postId: post.id, text: '캐롤 또' })
    await app.call('auth:logout')
    await logIn(app, alice)
    expect((await app.call('alerts:list')).alerts.every((a) => a.actor.nickname === '캐롤')).toBe(true)
  })

  it('mutes: hides without refusing, and the person\'s new alerts are never made; unmuting shows them again', async () => {
    const { app, alice, bob, post } = await aliceBobCarol()
    await app.call('blocks:set', { personId: bob.user.id, muted: true })
    await app.call('auth:logout')
    await logIn(app, bob)
    await app.call('comments:add', { postId: post.id, text: '숨겨진 댓글' })
    await app.call('auth:logout')
    await logIn(app, alice)
    expect((await app.call('alerts:list')).alerts.map((a) => a.actor.nickname)).toEqual(['캐롤'])
    expect((await app.call('comments:list', { postId: post.id })).comments).toHaveLength(1)
    const [entry] = await app.call('blocks:list')
    // Undone from the settings list by the entry's id.
    expect(await app.call('blocks:set', { personId: entry!.id, muted: false })).toEqual([])
    expect((await app.call('comments:list', { postId: post.id })).comments).toHaveLength(3)
    expect((await app.call('posts:feed', {})).posts).toHaveLength(2)
  })

  it('refuses oneself and a person that does not exist', async () => {
    const { app, alice } = await aliceBobCarol()
    expect((await app.refused('blocks:set', { personId: alice.user.id, blocked: true })).code).toBe('cannotControlSelf')
    expect((await app.refused('blocks:set', { personId: 'nobody', blocked: true })).code).toBe('personNotFound')
  })

  it('holds on the account as well as the email (decision 048): a person whose email changed in the store stays hidden', async () => {
    const { app, bob, post } = await aliceBobCarol()
    await app.call('blocks:set', { personId: bob.user.id, muted: true })
    // Local mode offers no email change; the store keeps the account's id with the mute all the same.
    databaseOf(app.store).prepare('UPDATE users SET email = ? WHERE id = ?').run('bob.moved@example.com', bob.user.id)
    expect((await app.call('posts:feed', {})).posts.map((p) => p.id)).toEqual([post.id])
    expect((await app.call('comments:list', { postId: post.id })).comments.map((c) => c.text)).toEqual(['캐롤의 댓글'])
    expect((await app.call('posts:get', { id: post.id })).commentCount).toBe(1)
    expect((await app.call('search:query', { query: '밥' })).people).toEqual([])
  })
})
