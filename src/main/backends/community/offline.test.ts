import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { messages } from '@shared/messages'
import { cleanupTestApps, storeSnapshot, tinyJpeg } from '../../../../tests/support/main/test-app'
import { aliceAndBob, cleanupCommunityApps, startCommunityApp, testCommunity, webAppPost, write } from '../../../../tests/support/main/community-app'

afterEach(async () => {
  await cleanupCommunityApps()
  await cleanupTestApps()
})

/** Alice has written two posts and Bob has commented; Alice's app is then closed. */
async function aliceWasHere() {
  const { fake, a, b, alice } = await aliceAndBob()
  const first = await write(a, '첫 글')
  const second = await write(a, '둘째 글')
  await b.settle()
  await b.call('comments:add', { postId: second.id, text: '좋아요' })
  await a.call('comments:list', { postId: second.id })
  await a.settle()
  await a.close()
  return { fake, a, b, alice, first, second }
}

describe('community mode offline', () => {
  it('closing now (Windows ending the session) closes the mirror store and the local store at once', async () => {
    const { a } = await aliceAndBob()
    const mirror = a.mirror()
    a.magpie.closeNow()
    expect(() => storeSnapshot(mirror)).toThrow(/not open/)
    expect(() => storeSnapshot(a.magpie.store)).toThrow(/not open/)
  })

  it('waking from sleep drops and reopens the connections, and the mirror catches up', async () => {
    const { fake, a, b } = await aliceAndBob()
    const before = fake.reconnects()
    const post = await write(b, '자는 동안 올라온 글')
    a.magpie.wake()
    expect(fake.reconnects()).toBe(before + 1)
    await a.settle()
    expect((await a.call('posts:feed', {})).posts.map((p) => p.id)).toContain(post.id)
  })

  it('starts offline on the mirrored feed, photos, comments and sign-in; status says offline', async () => {
    const { fake, a, alice, first, second } = await aliceWasHere()
    fake.setOnline(false)
    const app = await startCommunityApp(fake, { dataDir: a.dataDir, profileDir: a.profileDir })
    expect(app.magpie.backend.status()).toEqual({ mode: 'community', projectId: testCommunity.projectId, online: false })
    expect((await app.call('auth:session')).user).toMatchObject({ email: alice.email, nickname: '앨리스' })
    const feed = await app.call('posts:feed', {})
    expect(feed.posts.map((p) => p.id)).toEqual([second.id, first.id])
    for (const post of feed.posts) {
      expect(post.photos[0]!.image.variants.length).toBeGreaterThan(0)
      for (const v of post.photos[0]!.image.variants) expect(existsSync(join(app.magpie.imagesDir, v.url.slice('/media/'.length)))).toBe(true)
    }
    expect((await app.call('comments:list', { postId: second.id })).comments.map((c) => c.text)).toEqual(['좋아요'])
    expect((await app.call('alerts:list')).count).toBe(1)
    expect(app.desktop.recording.badge).toBe(1)
  })

  it('writing offline says so clearly and changes nothing anywhere; the chosen photo is kept for the retry', async () => {
    const { fake, a, first } = await aliceWasHere()
    const app = await startCommunityApp(fake, { dataDir: a.dataDir, profileDir: a.profileDir })
    const upload = await app.call('images:add', { requestId: 'r', purpose: 'post', bytes: await tinyJpeg() })
    fake.setOnline(false)
    const mirrorBefore = storeSnapshot(app.mirror())
    const projectBefore = { posts: fake.data.posts(), comments: fake.data.comments(), files: fake.data.files() }
    const offline = { code: 'offlineWrite', message: messages.offlineWrite }
    expect(await app.refused('posts:create', { photos: [{ uploadId: upload.uploadId, alt: '' }], text: '오프라인 글', layout: 'Top' })).toEqual(offline)
    expect(await app.refused('posts:update', { id: first.id, text: '고침', layout: 'Top' })).toEqual(offline)
    expect(await app.refused('posts:delete', { id: first.id })).toEqual(offline)
    expect(await app.refused('likes:set', { postId: first.id, liked: true })).toEqual(offline)
    expect(await app.refused('comments:add', { postId: first.id, text: '댓글' })).toEqual(offline)
    expect(await app.refused('images:add', { requestId: 'r2', purpose: 'post', bytes: await tinyJpeg() })).toEqual(offline)
    expect(await app.refused('alerts:clear')).toEqual(offline)
    expect(storeSnapshot(app.mirror())).toEqual(mirrorBefore)
    expect({ posts: fake.data.posts(), comments: fake.data.comments(), files: fake.data.files() }).toEqual(projectBefore)

    fake.setOnline(true)
    await app.settle()
    const post = await app.call('posts:create', { photos: [{ uploadId: upload.uploadId, alt: '' }], text: '오프라인 글', layout: 'Top' })
    expect(fake.data.posts()[post.id]).toMatchObject({ postTxt: '오프라인 글' })
  })

  it('coming back online resumes the listeners without a restart', async () => {
    const { fake, a, alice } = await aliceWasHere()
    const app = await startCommunityApp(fake, { dataDir: a.dataDir, profileDir: a.profileDir })
    fake.setOnline(false, app.ports())
    expect(app.eventsOf('connection:changed').at(-1)).toEqual({ mode: 'community', projectId: testCommunity.projectId, online: false })
    const uid = fake.data.accounts().find((acc) => acc.email === alice.email)!.uid
    // Alice's post from the web app, and a comment on it there with its alert.
    const webPost = fake.webApp.addPost({ ...webAppPost({ uid, email: alice.email, nickname: '앨리스' }), createdAt: Date.now() })
    fake.webApp.addComment({ post_id: webPost, comment: '웹에서 댓글', comment_by: 'w@example.com', comment_nick: '웹', comment_time: '2026. 1. 1. 10:00' })
    fake.webApp.pushAlert(uid, { date: '2026. 1. 1. 10:00', post_id: webPost, committed_by: '웹', alert_type: 'comment' })
    await app.settle()
    expect((await app.call('posts:feed', {})).posts.map((p) => p.id)).not.toContain(webPost)

    fake.setOnline(true, app.ports())
    await app.settle()
    expect(app.eventsOf('connection:changed').at(-1)).toEqual({ mode: 'community', projectId: testCommunity.projectId, online: true })
    expect((await app.call('posts:feed', {})).posts[0]!.id).toBe(webPost)
    // What arrived while offline is news: it is announced.
    expect(app.desktop.recording.notifications.map((n) => n.route)).toEqual([`/detail/${webPost}`])
    expect(app.desktop.recording.badge).toBe(2)
  })
})
