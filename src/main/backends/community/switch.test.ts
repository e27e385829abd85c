import { afterEach, describe, expect, it } from 'vitest'
import { messages } from '@shared/messages'
import { cleanupTestApps, storeSnapshot, tinyJpeg } from '../../../../tests/support/main/test-app'
import { createFakeFirebase } from '../../../../tests/support/fake-firebase/fake-firebase'
import { cleanupCommunityApps, join as signUp, startCommunityApp, testCommunity, write } from '../../../../tests/support/main/community-app'

afterEach(async () => {
  await cleanupCommunityApps()
  await cleanupTestApps()
})

describe('switching between the local store and a community', () => {
  it('goes to the community and back without a restart; the local store is never touched', async () => {
    const fake = createFakeFirebase()
    const app = await startCommunityApp(fake, { community: null })
    expect(app.magpie.backend.status()).toEqual({ mode: 'local' })
    const local = await signUp(app, 'localuser', { nickname: '로컬' })
    const localPost = await write(app, '이 컴퓨터의 글')
    const localBefore = storeSnapshot(app.magpie.store)
    const localImages = app.magpie.imagesDir

    await app.magpie.backend.use(testCommunity)
    expect(app.magpie.backend.status()).toEqual({ mode: 'community', projectId: testCommunity.projectId, online: true })
    expect(app.eventsOf('connection:changed').at(-1)).toEqual(app.magpie.backend.status())
    expect(app.eventsOf('session:changed').at(-1)).toEqual({ user: null })
    expect(app.magpie.imagesDir).not.toBe(localImages)
    // Calls now go to the community: its (empty) feed, its accounts.
    expect((await app.call('posts:feed', {})).posts).toEqual([])
    const member = await signUp(app, 'member', { nickname: '회원' })
    const communityPost = await write(app, '커뮤니티 글')
    expect(Object.keys(fake.data.posts())).toEqual([communityPost.id])
    expect(storeSnapshot(app.magpie.store)).toEqual(localBefore)

    await app.magpie.backend.use(null)
    expect(app.magpie.backend.status()).toEqual({ mode: 'local' })
    expect(app.eventsOf('connection:changed').at(-1)).toEqual({ mode: 'local' })
    expect(app.eventsOf('session:changed').at(-1)).toMatchObject({ user: { id: local.user.id, nickname: '로컬' } })
    expect(app.magpie.imagesDir).toBe(localImages)
    expect((await app.call('posts:feed', {})).posts.map((p) => p.id)).toEqual([localPost.id])
    expect(storeSnapshot(app.magpie.store)).toEqual(localBefore)

    // Back again: the community's sign-in and mirror were kept.
    await app.magpie.backend.use(testCommunity)
    await app.settle()
    expect((await app.call('auth:session')).user).toMatchObject({ id: member.user.id, nickname: '회원' })
    expect((await app.call('posts:feed', {})).posts.map((p) => p.id)).toEqual([communityPost.id])
  })

  it('the badge and notifications follow the running backend; alerts from before the switch pop nothing', async () => {
    const fake = createFakeFirebase()
    const other = await startCommunityApp(fake)
    await signUp(other, 'bob', { nickname: '밥' })

    const app = await startCommunityApp(fake, { community: null })
    const localAlice = await signUp(app, 'alice', { nickname: '앨리스' })
    const localPost = await write(app)
    // A local alert, written by another account on this computer.
    await app.call('auth:logout')
    await signUp(app, 'carol')
    await app.call('likes:set', { postId: localPost.id, liked: true })
    await app.call('auth:logout')
    await app.call('auth:login', { email: localAlice.email, password: localAlice.password })
    expect(app.desktop.recording.badge).toBe(1)

    await app.magpie.backend.use(testCommunity)
    expect(app.desktop.recording.badge).toBe(0)
    await signUp(app, 'alice', { nickname: '앨리스' })
    const post = await write(app, '커뮤니티 글')
    await other.settle()
    await other.call('comments:add', { postId: post.id, text: '밥이에요' })
    await app.settle()
    expect(app.desktop.recording.badge).toBe(1)
    expect(app.desktop.recording.notifications.map((n) => n.body)).toEqual(['밥님이 회원님의 게시글에 댓글을 남겼어요'])

    await app.magpie.backend.use(null)
    expect(app.desktop.recording.badge).toBe(1)
    await other.call('comments:add', { postId: post.id, text: '또 밥이에요' })
    await other.settle()
    // The community is not running: its alert reaches no notification here.
    expect(app.desktop.recording.notifications).toHaveLength(1)

    await app.magpie.backend.use(testCommunity)
    await app.settle()
    // Two comment alerts on one post: one row on the badge.
    expect(app.desktop.recording.badge).toBe(1)
    // Both community alerts existed before this switch: counted, not announced again.
    expect(app.desktop.recording.notifications).toHaveLength(1)
  })

  it('a project that refuses the connection leaves the running backend as it was (connectRefused)', async () => {
    const fake = createFakeFirebase()
    const app = await startCommunityApp(fake, { community: null })
    await signUp(app, 'alice')
    fake.failNext('connect', 'invalid-config')
    await expect(app.magpie.backend.use(testCommunity)).rejects.toMatchObject({ code: 'connectRefused', message: messages.connectRefused })
    expect(app.magpie.backend.status()).toEqual({ mode: 'local' })
    expect((await app.call('auth:session')).user).toMatchObject({ email: 'alice@example.com' })
    expect(await app.call('images:add', { requestId: 'r', purpose: 'post', bytes: await tinyJpeg() })).toMatchObject({ uploadId: expect.any(String) })
  })

  it('starts on the local store when the saved community cannot be opened at all', async () => {
    const fake = createFakeFirebase()
    fake.failNext('connect', 'unknown')
    const app = await startCommunityApp(fake)
    expect(app.magpie.backend.status()).toEqual({ mode: 'local' })
    expect((await app.call('posts:feed', {})).posts).toEqual([])
  })
})
