import { afterEach, describe, expect, it } from 'vitest'
import { messages } from '@shared/messages'
import {
  cleanupTestApps,
  createPost,
  insertUsers,
  logIn,
  signUp,
  startApp,
  startWriter,
  storeSnapshot,
  type TestApp
} from '../../../../tests/support/main/test-app'
import { databaseOf } from '../../store/handle'

afterEach(cleanupTestApps)

const likeAlerts = (app: TestApp, postId: string) =>
  databaseOf(app.store).prepare("SELECT user_id, actor_id FROM alerts WHERE post_id = ? AND type = 'like'").all(postId) as {
    user_id: string
    actor_id: string
  }[]
const likeRows = (app: TestApp, postId: string) =>
  (databaseOf(app.store).prepare('SELECT count(*) AS n FROM likes WHERE post_id = ?').get(postId) as { n: number }).n

/** Alice writes a post and signs out; Bob signs up and stays signed in. */
async function alicePostsBobReads() {
  const app = await startApp()
  const alice = await signUp(app, 'alice', { nickname: '앨리스' })
  const post = await createPost(app)
  await app.call('auth:logout')
  const bob = await signUp(app, 'bob', { nickname: '밥' })
  return { app, alice, bob, post }
}

describe('likes', () => {
  it('are a desired state: liking twice is one like, unliking twice is none', async () => {
    const { app, post } = await alicePostsBobReads()
    expect(await app.call('likes:set', { postId: post.id, liked: true })).toEqual({ postId: post.id, likeCount: 1, likedByMe: true })
    expect(await app.call('likes:set', { postId: post.id, liked: true })).toEqual({ postId: post.id, likeCount: 1, likedByMe: true })
    expect(likeRows(app, post.id)).toBe(1)
    expect(await app.call('posts:get', { id: post.id })).toMatchObject({ likeCount: 1, likedByMe: true })

    expect(await app.call('likes:set', { postId: post.id, liked: false })).toEqual({ postId: post.id, likeCount: 0, likedByMe: false })
    expect(await app.call('likes:set', { postId: post.id, liked: false })).toEqual({ postId: post.id, likeCount: 0, likedByMe: false })
    expect(likeRows(app, post.id)).toBe(0)
    expect(await app.call('posts:get', { id: post.id })).toMatchObject({ likeCount: 0, likedByMe: false })
  })

  it('need a signed-in user: loginFirstLike, and nothing changes', async () => {
    const { app, post } = await alicePostsBobReads()
    await app.call('auth:logout')
    const before = storeSnapshot(app.store)
    expect(await app.refused('likes:set', { postId: post.id, liked: true })).toEqual({
      code: 'loginFirstLike',
      message: messages.loginFirstLike
    })
    expect(storeSnapshot(app.store)).toEqual(before)
  })

  it('answer notFound for a post that does not exist', async () => {
    const { app } = await alicePostsBobReads()
    expect((await app.refused('likes:set', { postId: 'missing', liked: true })).code).toBe('notFound')
  })

  it('alert the author when someone else likes, and unliking takes the alert back', async () => {
    const { app, alice, bob, post } = await alicePostsBobReads()
    await app.call('likes:set', { postId: post.id, liked: true })
    expect(likeAlerts(app, post.id)).toEqual([{ user_id: alice.user.id, actor_id: bob.user.id }])
    await app.call('likes:set', { postId: post.id, liked: false })
    expect(likeAlerts(app, post.id)).toEqual([])
  })

  it('leave exactly one like alert after like, unlike, like (and like again)', async () => {
    const { app, alice, post } = await alicePostsBobReads()
    for (const liked of [true, false, true, true]) await app.call('likes:set', { postId: post.id, liked })
    expect(likeAlerts(app, post.id)).toHaveLength(1)
    await app.call('auth:logout')
    await logIn(app, alice)
    const alerts = await app.call('alerts:list')
    expect(alerts.count).toBe(1)
    expect(alerts.alerts[0]).toMatchObject({ type: 'like', postId: post.id, text: '밥님이 회원님의 게시글을 좋아해요' })
  })

  it('on one’s own post count, but alert nobody', async () => {
    const app = await startApp()
    await signUp(app, 'self')
    const post = await createPost(app)
    expect((await app.call('likes:set', { postId: post.id, liked: true })).likeCount).toBe(1)
    expect(likeAlerts(app, post.id)).toEqual([])
    expect((await app.call('alerts:list')).count).toBe(0)
  })

  it('from 200 people at once count exactly 200, with 200 alerts for the author', async () => {
    const { app, alice, post } = await alicePostsBobReads()
    const crowd = insertUsers(app.store, 200)
    const results = await Promise.all(crowd.map(async (userId) => app.magpie.services.likes.set(userId, post.id, true)))
    expect(results.every((r) => r.likedByMe)).toBe(true)
    expect(Math.max(...results.map((r) => r.likeCount))).toBe(200)
    expect(likeRows(app, post.id)).toBe(200)
    expect(app.store.posts.counts(post.id)?.likeCount).toBe(200)
    expect(likeAlerts(app, post.id).filter((a) => a.user_id === alice.user.id)).toHaveLength(200)
  })

  it('from 200 people in 4 processes writing at the same moment count exactly 200', async () => {
    const { app, alice, post } = await alicePostsBobReads()
    const crowd = insertUsers(app.store, 200)
    // Each process likes for 50 people, and every tenth person also likes through this process.
    const writers = [0, 1, 2, 3].map((i) => startWriter(app.dataDir, { action: 'like', postId: post.id, userIds: crowd.slice(i * 50, i * 50 + 50) }))
    await Promise.all(writers.map((w) => w.ready))
    writers.forEach((w) => w.go())
    for (const userId of crowd.filter((_, i) => i % 10 === 0)) await app.magpie.services.likes.set(userId, post.id, true)
    await Promise.all(writers.map((w) => w.done))

    expect(likeRows(app, post.id)).toBe(200)
    expect(app.store.posts.counts(post.id)?.likeCount).toBe(200)
    expect(likeAlerts(app, post.id).filter((a) => a.user_id === alice.user.id)).toHaveLength(200)
  }, 20_000)
})
