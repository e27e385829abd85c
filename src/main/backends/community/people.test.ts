import { afterEach, describe, expect, it } from 'vitest'
import { cleanupTestApps, tinyJpeg } from '../../../../tests/support/main/test-app'
import { createFakeFirebase } from '../../../../tests/support/fake-firebase/fake-firebase'
import { aliceAndBob, cleanupCommunityApps, join, startCommunityApp, webAppPost, write } from '../../../../tests/support/main/community-app'

afterEach(async () => {
  await cleanupCommunityApps()
  await cleanupTestApps()
})

describe('person pages (community)', () => {
  it('writes each member\'s public face to profiles/{uid} (no email), joined once by the server', async () => {
    const { fake, aliceUid, bobUid } = await aliceAndBob()
    await fake.idle()
    const profiles = fake.data.profiles()
    expect(profiles[aliceUid]).toEqual({ nickname: '앨리스', photo: '', joined: expect.any(Number) })
    expect(profiles[bobUid]?.nickname).toBe('밥')
    expect(JSON.stringify(profiles)).not.toContain('@')
  })

  it('opens another person\'s page from the profile (one read), their posts from one bounded query, counted by an aggregation', async () => {
    const fake = createFakeFirebase()
    const a = await startCommunityApp(fake, { countReads: true })
    const b = await startCommunityApp(fake)
    await join(a, 'alice', { nickname: '앨리스' })
    await join(b, 'bob', { nickname: '밥' })
    const post = await write(b, '밥의 글')
    await a.settle()
    const bobId = (await a.call('posts:get', { id: post.id })).author.id

    a.reads!.counts.docs = {}
    const page = await a.call('people:get', { id: bobId })
    expect(page).toMatchObject({ person: { id: bobId, nickname: '밥' }, postCount: 1, likesReceived: 0, mine: false })
    expect(page.joinedAt).toEqual(expect.any(Number))
    expect(JSON.stringify(page)).not.toContain('@')
    expect((await a.call('people:posts', { id: bobId })).posts.map((p) => p.id)).toEqual([post.id])
    expect(a.reads!.counts.docs).toEqual({ getProfile: 1, countPostsBy: 1, postsBy: 1 })
  })

  it('a name changed shows on the person\'s old posts too, though those documents keep the old snapshot', async () => {
    const { fake, a, b, aliceUid } = await aliceAndBob()
    const post = await write(a, '앨리스의 글')
    await b.settle()
    const oldKeys = Object.keys(fake.data.nicknames())

    expect(await a.refused('people:updateProfile', { nickname: '밥' })).toMatchObject({ code: 'nicknameTaken', field: 'nickname' })
    const face = await a.call('people:updateProfile', { nickname: '새앨리스', photo: await tinyJpeg('#00ff00') })
    expect(face.nickname).toBe('새앨리스')
    expect(face.avatar).not.toBeNull()
    await fake.idle()

    // The users document (the web app's own) and the profile say the new name; the old claim is given up for the new one.
    const users = Object.values(fake.data.users()).filter((u) => u.uid === aliceUid)
    expect(users.map((u) => u.nickname)).toEqual(['새앨리스'])
    expect(users[0]!.profile_img).toMatch(/profileImg/)
    expect(fake.data.profiles()[aliceUid]).toMatchObject({ nickname: '새앨리스', photo: users[0]!.profile_img })
    const keys = Object.entries(fake.data.nicknames()).filter(([, uid]) => uid === aliceUid).map(([key]) => key)
    expect(keys).toHaveLength(1)
    expect(oldKeys).not.toContain(keys[0])
    // The post document still carries the old snapshot; this copy shows the current name at once.
    expect(fake.data.posts()[post.id]!.nickname).toBe('앨리스')
    expect((await a.call('posts:get', { id: post.id })).author.nickname).toBe('새앨리스')

    // Bob's copy learns it when Alice's page opens, and an older snapshot arriving after never undoes it.
    const aliceId = (await b.call('posts:get', { id: post.id })).author.id
    expect((await b.call('people:get', { id: aliceId })).person.nickname).toBe('새앨리스')
    fake.webApp.updatePost(post.id, { postTxt: '고친 글' })
    await b.settle()
    expect((await b.call('posts:get', { id: post.id })).author.nickname).toBe('새앨리스')
  })

  it('a web-app post carries its author\'s snapshot until their profile is known', async () => {
    const fake = createFakeFirebase()
    const app = await startCommunityApp(fake)
    await join(app, 'reader')
    const author = fake.webApp.createAccount('web@example.com', 'web-pass')
    const id = fake.webApp.addPost(webAppPost({ ...author, nickname: '웹작가' }, { createdAt: Date.now() }))
    await app.settle()
    await app.call('posts:feed', {})
    const post = await app.call('posts:get', { id })
    expect(post.author.nickname).toBe('웹작가')
    // No profile document: the page shows what the posts say, joined unknown.
    expect(await app.call('people:get', { id: post.author.id })).toMatchObject({ person: { nickname: '웹작가' }, joinedAt: null, postCount: 1 })
  })

  it('refuses an edit offline, changing nothing', async () => {
    const { fake, a, aliceUid } = await aliceAndBob()
    await fake.idle()
    fake.failNext('docs.userByEmail', 'offline')
    expect(await a.refused('people:updateProfile', { nickname: '앨리스2' })).toMatchObject({ code: 'offlineWrite' })
    expect(fake.data.profiles()[aliceUid]?.nickname).toBe('앨리스')
    // The new name's claim is given back.
    expect(Object.values(fake.data.nicknames()).filter((uid) => uid === aliceUid)).toHaveLength(1)
  })
})
