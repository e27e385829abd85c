import { readdir } from 'node:fs/promises'
import { dirname } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanupTestApps, createPhotoPost } from '../../../../tests/support/main/test-app'
import { createFakeFirebase } from '../../../../tests/support/fake-firebase/fake-firebase'
import { aliceAndBob, cleanupCommunityApps, join, startCommunityApp, webAppPost, write } from '../../../../tests/support/main/community-app'
import { readZip } from '../../../../tests/support/zip'

afterEach(async () => {
  await cleanupCommunityApps()
  await cleanupTestApps()
})

describe('내 데이터 내려받기 in a community (decision 027)', () => {
  it('reads my posts, comments and likes from the server (three bounded queries), my photos from Storage, never another\'s email', async () => {
    const { fake, a, b, alice, bob, aliceUid } = await aliceAndBob()
    const mine = await write(a, '앨리스의 글')
    const several = await createPhotoPost(a, ['바다', '하늘'], '두 장')
    // A post the web app wrote for Alice long ago: the mirror never saw it.
    const photoUrl = fake.webApp.uploadFile('postImg/1700000000000', new Uint8Array([0x52, 0x49, 0x46, 0x46, 1, 2, 3]), 'image/webp')
    const old = fake.webApp.addPost(webAppPost({ uid: aliceUid, email: alice.email, nickname: '앨리스' }, { postImg: photoUrl, postTxt: '웹에서 쓴 글' }))
    const bobs = await write(b, '밥의 글')
    await a.call('likes:set', { postId: bobs.id, liked: true })
    await a.call('comments:add', { postId: bobs.id, text: '앨리스의 댓글' })
    await b.call('likes:set', { postId: mine.id, liked: true })
    await a.settle()
    await a.call('moderation:report', { kind: 'post', targetId: bobs.id, reason: 'spam', note: '광고예요' })
    await a.call('saved:set', { postId: bobs.id, saved: true })
    await a.call('saved:set', { postId: old, saved: true })
    await b.call('saved:set', { postId: mine.id, saved: true })
    await b.call('moderation:report', { kind: 'post', targetId: mine.id, reason: 'other' })

    expect(await a.call('account:export')).toEqual({ saved: true, download: null })
    const entries = await readZip(a.desktop.recording.saves.at(-1)!)
    const json = (name: string) => JSON.parse(entries.get(name)!.bytes.toString('utf8'))
    expect(json('data/account.json')).toMatchObject({ email: alice.email, community: a.ports().config.projectId })
    expect(json('data/posts.json').map((p: { text: string }) => p.text)).toEqual(['웹에서 쓴 글', '앨리스의 글', '두 장'])
    expect(json('data/posts.json')[2].photos).toEqual([
      { file: 'photos/post-3', alt: '바다' },
      { file: 'photos/post-3-2', alt: '하늘' }
    ])
    expect(entries.get('photos/post-3-2')!.bytes.length).toBeGreaterThan(0)
    expect(json('data/comments.json')).toEqual([expect.objectContaining({ postId: bobs.id, text: '앨리스의 댓글' })])
    expect(json('data/likes.json')).toEqual([expect.objectContaining({ postId: bobs.id, authorNickname: '밥', postText: '밥의 글' })])
    expect(json('data/alerts.json')).toEqual([expect.objectContaining({ type: 'like', actorNickname: '밥', postId: mine.id })])
    // Her own report (one more query, `by == uid`), not Bob's of her post.
    expect(json('data/reports.json')).toEqual([{ kind: 'post', reason: 'spam', note: '광고예요', createdAt: expect.any(String) }])
    expect(json('data/notices.json')).toEqual([])
    // Her saves as the server holds them (decision 038), with their times; not Bob's.
    const iso = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/)
    expect(json('data/saved.json')).toEqual(expect.arrayContaining([{ postId: bobs.id, savedAt: iso }, { postId: old, savedAt: iso }]))
    expect(json('data/saved.json')).toHaveLength(2)
    expect(json('data/posts.json').map((p: { id: string }) => p.id)).toEqual([old, mine.id, several.id])
    expect([...entries.get('photos/post-1')!.bytes]).toEqual([0x52, 0x49, 0x46, 0x46, 1, 2, 3])
    expect(entries.has('photos/post-2')).toBe(true)
    const everything = [...entries.values()].map((e) => e.bytes.toString('utf8')).join('\n')
    expect(everything).not.toContain(bob.email)
  })

  it('names every photo itself, whatever ids other clients gave the posts (CON, ../../x, a bidi override)', async () => {
    const { fake, a, alice, aliceUid } = await aliceAndBob()
    const hostile = ['CON', '../../x', 'x\u202Egpj.exe']
    for (const [i, id] of hostile.entries()) {
      const url = fake.webApp.uploadFile(`postImg/17000000000${i}`, new Uint8Array([0x52, 0x49, 0x46, 0x46, i]), 'image/webp')
      fake.webApp.addPost(webAppPost({ uid: aliceUid, email: alice.email, nickname: '앨리스' }, { postImg: url, postDate: `2025. 1. ${i + 1}. 10:00` }), id)
    }
    await a.settle()
    await a.call('account:export')
    const entries = await readZip(a.desktop.recording.saves.at(-1)!)
    for (const name of entries.keys()) expect(name).toMatch(/^(data\/[a-z]+\.json|index\.html|photos\/(profile|post-\d+(-\d+)?))$/)
    const posts = JSON.parse(entries.get('data/posts.json')!.bytes.toString('utf8')) as { id: string; photos: { file: string }[] }[]
    // The data file still says which post each photo is.
    expect(posts.map((p) => [p.id, p.photos[0]?.file])).toEqual(hostile.map((id, i) => [id, `photos/post-${i + 1}`]))
    expect([...entries.get('photos/post-2')!.bytes]).toEqual([0x52, 0x49, 0x46, 0x46, 1])
  })

  it('offline, or losing the network midway, says so and leaves no file behind', async () => {
    const { fake, a } = await aliceAndBob()
    await write(a, '앨리스의 글')
    await a.settle()
    fake.setOnline(false, a.ports())
    expect(await a.refused('account:export')).toMatchObject({ code: 'exportOffline' })
    expect(a.desktop.recording.saves).toEqual([])
    fake.setOnline(true, a.ports())
    await a.settle()

    fake.failNext('files.download', 'offline')
    expect(await a.refused('account:export')).toMatchObject({ code: 'exportOffline' })
    expect(a.desktop.recording.saves).toEqual([])
    const path = (await a.desktop.port.chooseSavePath('probe.zip'))!
    expect(await readdir(dirname(path))).toEqual([])
  })

  it('reads what it says it reads: one query each for posts, comments and likes, each document once', async () => {
    const fake = createFakeFirebase()
    const a = await startCommunityApp(fake, { countReads: true })
    await join(a, 'alice')
    await write(a, '하나')
    await write(a, '둘')
    await a.settle()
    const before = structuredClone(a.reads!.counts)
    await a.call('account:export')
    const after = a.reads!.counts
    const delta = (kind: 'calls' | 'docs', method: 'allPostsBy' | 'commentsBy' | 'postsLikedBy') => (after[kind][method] ?? 0) - (before[kind][method] ?? 0)
    expect([delta('calls', 'allPostsBy'), delta('calls', 'commentsBy'), delta('calls', 'postsLikedBy')]).toEqual([1, 1, 1])
    // Two posts; an empty query is billed one read.
    expect([delta('docs', 'allPostsBy'), delta('docs', 'commentsBy'), delta('docs', 'postsLikedBy')]).toEqual([2, 1, 1])
  })
})
