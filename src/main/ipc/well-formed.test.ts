import { afterEach, describe, expect, it } from 'vitest'
import { wellFormed, wellFormedText } from '@shared/well-formed'
import { personKey } from '../store/person-key'
import { cleanupTestApps, createPhotoPost, logIn, signUp, startApp, type Caller } from '../../../tests/support/main/test-app'
import { createFakeFirebase } from '../../../tests/support/fake-firebase/fake-firebase'
import { aliceAndBob, cleanupCommunityApps, join, startCommunityApp, webAppPost, write } from '../../../tests/support/main/community-app'
import { invalidText } from '../../../tests/support/main/invalid-text'

afterEach(async () => {
  await cleanupCommunityApps()
  await cleanupTestApps()
})

/** Text with a lone high and a lone low surrogate: JavaScript holds it, UTF-8 cannot. */
const broken = (label: string) => `${label} a\uD800b \uDC00c`
/** What `broken` becomes. */
const mended = (label: string) => `${label} a\uFFFDb \uFFFDc`
/** Lone surrogates left in a value: JSON.stringify escapes only those (ES2019), pairs stay as they are. */
const loneIn = (value: unknown): string[] => JSON.stringify(value).match(/\\ud[89a-f][0-9a-f]{2}/gi) ?? []

/** A post with a 사진 설명, its comment and a new nickname, each carrying lone surrogates. */
async function writeBrokenText(app: Caller): Promise<string> {
  const post = await createPhotoPost(app, [broken('설명')], broken('글'))
  await app.call('comments:add', { postId: post.id, text: broken('댓글') })
  await app.call('people:updateProfile', { nickname: '까치\uD800', photo: null })
  return post.id
}

describe('lone surrogates never reach a store', () => {
  it('are replaced by U+FFFD, deep inside a payload, leaving bytes and own keys as they are', () => {
    expect(wellFormedText('a\uD800b\uDC00c😀')).toBe('a\uFFFDb\uFFFDc😀')
    const bytes = new Uint8Array([1, 2])
    const out = wellFormed({ text: 'x\uD83D', photos: [{ alt: '\uDE00' }], bytes, n: 3, ...JSON.parse('{"__proto__": {"a": 1}}') }) as Record<string, unknown>
    expect(out).toMatchObject({ text: 'x\uFFFD', photos: [{ alt: '\uFFFD' }], n: 3 })
    expect(out.bytes).toBe(bytes)
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype)
    expect(Object.keys(out)).toContain('__proto__')
  })

  it('local store: a post, its 사진 설명, a comment, nicknames, a 신고 and searches are kept and answered as valid UTF-8', async () => {
    const app = await startApp()
    await signUp(app, 'surrogate')
    const postId = await writeBrokenText(app)
    await app.call('auth:logout')
    await signUp(app, 'reader', { nickname: '독자\uDC00' })
    expect(await app.call('moderation:report', { kind: 'post', targetId: postId, reason: 'other', note: broken('신고') })).toEqual({ done: true })
    // A search typed with the same broken text finds the post it was mended into.
    expect((await app.call('search:query', { query: 'a\uD800b', cursor: null })).posts.map((p) => p.id)).toEqual([postId])
    await app.call('posts:find', { query: '\uDC00', through: null })
    expect(invalidText(app.store)).toEqual([])
    const post = await app.call('posts:get', { id: postId })
    expect(post.text).toBe(mended('글'))
    expect(post.photos[0]?.alt).toBe(mended('설명'))
    expect(post.author.nickname).toBe('까치\uFFFD')
    const { comments } = await app.call('comments:list', { postId })
    expect(comments[0]?.text).toBe(mended('댓글'))
    expect((await app.call('auth:session')).user?.nickname).toBe('독자\uFFFD')
  })

  it('community: what Magpie writes and what another client wrote are valid UTF-8 in the project and the mirror', async () => {
    const fake = createFakeFirebase()
    const app = await startCommunityApp(fake)
    await join(app, 'surrogate')
    const postId = await writeBrokenText(app)
    fake.webApp.addPost(webAppPost({ uid: 'web-uid', email: 'web@example.com', nickname: '웹\uDC00' }, { postTxt: broken('웹 글') }), 'webpost')
    fake.webApp.addComment({ post_id: postId, comment: broken('웹 댓글'), comment_by: 'web@example.com', comment_nick: '웹', comment_time: '2025. 12. 1. 오전 10:00' })
    await app.settle()
    await app.call('posts:feed', {})
    await app.call('comments:list', { postId })
    const sent = [fake.data.posts()[postId], Object.values(fake.data.comments()).filter((c) => c.comment_by !== 'web@example.com')]
    expect(loneIn(sent)).toEqual([])
    expect(JSON.stringify(sent)).toContain(mended('글'))
    expect(invalidText(app.mirror())).toEqual([])
    const web = await app.call('posts:get', { id: 'webpost' })
    expect(web.text).toBe(mended('웹 글'))
  })

  it('community: profiles, block lists, 신고 and 운영 알림 another client wrote reach neither the mirror nor the renderer malformed', async () => {
    const { fake, a, b, alice, bob, bobUid } = await aliceAndBob()
    const post = await write(a, '앨리스의 글')
    await b.settle()
    // Bob's own client, past Magpie's dispatch: his profile, his block list and a report.
    await b.ports().docs.setProfile(bobUid, { nickname: '밥\uD800', photo: '' })
    await b.ports().docs.setControl(bobUid, 'blocked', personKey(alice.email), { nickname: '앨리스\uDC00', profileImg: '', uid: null })
    expect(await b.ports().docs.addReport({ by: bobUid, kind: 'post', target: post.id, reason: 'spam', note: broken('신고') })).toBe(true)
    // Alice, a moderator, writes Bob a notice from her own client.
    fake.setClaims(alice.email, { moderator: true })
    await logIn(a, alice)
    await a.ports().docs.addNotice(personKey(bob.email), { kind: 'post', excerpt: broken('발췌'), reason: broken('이유') })

    const bobsPost = await write(b, '밥의 글')
    await a.settle()
    const page = await a.call('people:get', { id: (await a.call('posts:get', { id: bobsPost.id })).author.id })
    expect(page.person.nickname).toBe('밥\uFFFD')
    const reports = await a.call('moderation:reports')
    expect(reports[0]?.notes).toEqual([mended('신고')])

    // Bob on another computer: his block list is read as he signs in, his notices followed.
    const c = await startCommunityApp(fake)
    await logIn(c, bob)
    await c.settle()
    const notices = await c.call('moderation:notices')
    expect(notices).toMatchObject([{ excerpt: mended('발췌'), reason: mended('이유') }])
    const blocked = await c.call('blocks:list')
    expect(blocked).toMatchObject([{ blocked: true }])

    expect(loneIn([page, reports, notices, blocked])).toEqual([])
    expect(invalidText(a.mirror())).toEqual([])
    expect(invalidText(c.mirror())).toEqual([])
  })
})
