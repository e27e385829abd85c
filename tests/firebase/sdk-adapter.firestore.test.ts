/**
 * The Firebase SDK adapter's DocsPort (src/main/firebase/sdk-adapter/) on the
 * Firestore emulator, with the shipped rules loaded and real accounts of the Auth emulator,
 * so every write goes through the rules exactly as in a community's project.
 *
 * In `npm test` on the emulators its run starts (vitest.emulators.config.ts), and in
 * `npm run test:firebase` on the whole suite: addresses from FIRESTORE_EMULATOR_HOST and
 * FIREBASE_AUTH_EMULATOR_HOST, else firebase.json (without the latter, an Auth emulator is
 * started here). AlertsPort and FilesPort: sdk-adapter.test.ts and
 * sdk-adapter.storage-protocol.test.ts.
 */
import type { RulesTestEnvironment } from '@firebase/rules-unit-testing'
import firebase from 'firebase/compat/app'
import 'firebase/compat/firestore'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { personKey } from '../../src/main/store/person-key'
import { FirebasePortError, type CommentDoc, type FirebasePorts, type FirebaseUser, type PostDoc, type Snapshot } from '../../src/main/firebase/ports'
import { webDate } from '../../src/main/firebase/mapping'
import { connectFirebase } from '../../src/main/firebase/sdk-adapter'
import { prefixRange, webDays } from '../../src/main/firebase/web-stamps'
import { emulatorCommunity as config, emulatorHost as hostOf } from '../support/emulators/project'
import { rulesEnvironment, signedIn as rulesUser } from '../support/emulators/rules'
import { authEmulatorHost, failure, liveValues, signedIn, watching } from '../support/emulators/sdk'

// ================================================================ Firestore

describe('DocsPort on the Firestore emulator', () => {
  let env: RulesTestEnvironment
  let alice: { ports: FirebasePorts; user: FirebaseUser }
  let bob: { ports: FirebasePorts; user: FirebaseUser }
  const Timestamp = firebase.firestore.Timestamp

  /** A post as the adapter's callers write it (mapping.newPostDoc): createdAt becomes the server's time. */
  const magpiePost = (author: FirebaseUser, over: Partial<PostDoc> = {}): PostDoc => ({
    postedBy: author.email,
    posted_uid: author.uid,
    nickname: '앨리스',
    profileImg: '',
    postImg: 'https://firebasestorage.googleapis.com/v0/b/demo-magpie/o/postImg%2F1700000000000?alt=media',
    postTxt: '오늘의 사진',
    // Today's, as the rules take on a create.
    postDate: webDate(Date.now()),
    likedBy: [],
    layout: 'Top',
    createdAt: 0,
    ...over
  })

  /** Documents written past the rules, e.g. as the original web app (no createdAt) or at exact times. */
  async function seed(docs: Record<string, Record<string, unknown>>): Promise<void> {
    await env.withSecurityRulesDisabled(async (ctx) => {
      const db = ctx.firestore()
      const entries = Object.entries(docs)
      for (let i = 0; i < entries.length; i += 400) {
        const batch = db.batch()
        for (const [path, data] of entries.slice(i, i + 400)) batch.set(db.doc(path), data)
        await batch.commit()
      }
    })
  }

  const webPost = (over: Record<string, unknown> = {}): Record<string, unknown> => {
    const { createdAt: _createdAt, ...post } = magpiePost(alice.user)
    return { ...post, ...over }
  }

  /** A Timestamp from milliseconds plus microseconds (Firestore keeps microseconds). */
  const at = (ms: number, micros = 0): firebase.firestore.Timestamp => new Timestamp(Math.floor(ms / 1000), (ms % 1000) * 1_000_000 + micros * 1000)

  const ids = (docs: Snapshot<unknown>[]): string[] => docs.map((d) => d.id)

  /** Every page of the feed, `size` at a time, following the cursor the way the mirror does. */
  async function allPages(ports: FirebasePorts, size: number): Promise<string[]> {
    const seen: string[] = []
    let after: { createdAt: number; id: string } | null = null
    for (let guard = 0; guard < 100; guard++) {
      const page = await ports.docs.postsPage(after, size)
      expect(page.length).toBeLessThanOrEqual(size)
      seen.push(...ids(page))
      if (page.length < size) return seen
      const last = page[page.length - 1]!
      after = { createdAt: last.data.createdAt!, id: last.id }
    }
    throw new Error('the feed did not end')
  }

  beforeAll(async () => {
    const firestore = hostOf('firestore')
    env = await rulesEnvironment('firestore')
    alice = await signedIn({ firestore }, 'alice')
    bob = await signedIn({ firestore }, 'bob')
  })
  afterAll(async () => {
    await alice?.ports.close()
    await bob?.ports.close()
    await env?.cleanup()
  })
  beforeEach(async () => {
    await env.clearFirestore()
  })

  it('adds a post with the server time as whole milliseconds and reads it back field for field', async () => {
    const before = Date.now()
    const id = await alice.ports.docs.addPost(magpiePost(alice.user, { createdAt: 1 }))
    const after = Date.now()
    const post = await bob.ports.docs.getPost(id)
    expect(post?.id).toBe(id)
    const { createdAt, ...fields } = post!.data
    const { createdAt: _sent, ...sent } = magpiePost(alice.user)
    expect(fields).toEqual(sent)
    // The caller's createdAt (1) was replaced by the server's time: the shipped rules accept no other.
    expect(Number.isInteger(createdAt)).toBe(true)
    expect(createdAt).toBeGreaterThanOrEqual(before - 5_000)
    expect(createdAt).toBeLessThanOrEqual(after + 5_000)
  })

  it('reads a missing post as null', async () => {
    expect(await alice.ports.docs.getPost('no-such-post')).toBeNull()
    expect(await alice.ports.docs.getPost('a/b')).toBeNull()
  })

  it('pages the feed newest first by (createdAt ms, id), exact across posts sharing a millisecond', async () => {
    const t = Date.UTC(2026, 10, 22, 9, 0, 0)
    // Firestore's own order (exact time) differs from (ms, id) inside millisecond t.
    await seed({
      'magazinePost/y-newer': webPost({ createdAt: at(t + 1, 0) }),
      'magazinePost/a-late': webPost({ createdAt: at(t, 900) }),
      'magazinePost/m-middle': webPost({ createdAt: at(t, 500) }),
      'magazinePost/z-early': webPost({ createdAt: at(t, 100) }),
      'magazinePost/k-tie': webPost({ createdAt: at(t, 500) }),
      'magazinePost/b-older': webPost({ createdAt: at(t - 1, 999) }),
      'magazinePost/c-oldest': webPost({ createdAt: at(t - 5_000) }),
      'magazinePost/legacy': webPost()
    })
    const expected = ['y-newer', 'z-early', 'm-middle', 'k-tie', 'a-late', 'b-older', 'c-oldest']
    for (const size of [1, 2, 3, 4, 7, 10]) {
      expect(await allPages(alice.ports, size), `page size ${size}`).toEqual(expected)
    }
    const first = await alice.ports.docs.postsPage(null, 3)
    expect(first.map((d) => d.data.createdAt)).toEqual([t + 1, t, t])
  })

  it('finds the posts the web app wrote (no createdAt) by a scan in id order, past a chunk of Magpie posts', async () => {
    const t = Date.UTC(2026, 10, 22, 9, 0, 0)
    const docs: Record<string, Record<string, unknown>> = {
      'magazinePost/a-web': webPost(),
      'magazinePost/zz-web': webPost({ postTxt: '마지막' })
    }
    for (let i = 0; i < 230; i++) docs[`magazinePost/m-${String(i).padStart(3, '0')}`] = webPost({ createdAt: at(t + i) })
    await seed(docs)

    const all = await alice.ports.docs.legacyPostsScan(null, 10)
    expect(ids(all)).toEqual(['a-web', 'zz-web'])
    expect(all[1]!.data.postTxt).toBe('마지막')
    expect(all.every((d) => d.data.createdAt === undefined)).toBe(true)
    // Continued from the last one found, a page at a time.
    expect(ids(await alice.ports.docs.legacyPostsScan(null, 1))).toEqual(['a-web'])
    expect(ids(await alice.ports.docs.legacyPostsScan('a-web', 1))).toEqual(['zz-web'])
    expect(await alice.ports.docs.legacyPostsScan('zz-web', 1)).toEqual([])
    // …and the feed query never returns them.
    expect(ids(await alice.ports.docs.postsPage(null, 500))).not.toContain('a-web')
  })

  it('likes and unlikes atomically and idempotently, as the rules allow only for one\'s own email', async () => {
    const id = await alice.ports.docs.addPost(magpiePost(alice.user))
    await Promise.all([alice.ports.docs.setLiked(id, alice.user.email, true), bob.ports.docs.setLiked(id, bob.user.email, true)])
    await bob.ports.docs.setLiked(id, bob.user.email, true)
    expect(new Set((await alice.ports.docs.getPost(id))!.data.likedBy)).toEqual(new Set([alice.user.email, bob.user.email]))

    await bob.ports.docs.setLiked(id, bob.user.email, false)
    await bob.ports.docs.setLiked(id, bob.user.email, false)
    expect((await alice.ports.docs.getPost(id))!.data.likedBy).toEqual([alice.user.email])

    expect((await failure(bob.ports.docs.setLiked(id, alice.user.email, false))).reason).toBe('permission-denied')
  })

  it('likes and unlikes a post whose likedBy already repeats an email (issue 21), touching nobody else\'s entries', async () => {
    const dave = 'dave@example.com'
    await seed({ 'magazinePost/dup': webPost({ likedBy: [dave, alice.user.email, dave] }) })
    await bob.ports.docs.setLiked('dup', bob.user.email, true)
    expect((await bob.ports.docs.getPost('dup'))!.data.likedBy).toEqual([dave, alice.user.email, dave, bob.user.email])
    await bob.ports.docs.setLiked('dup', bob.user.email, false)
    expect((await bob.ports.docs.getPost('dup'))!.data.likedBy).toEqual([dave, alice.user.email, dave])
    await alice.ports.docs.setLiked('dup', alice.user.email, false)
    expect((await bob.ports.docs.getPost('dup'))!.data.likedBy).toEqual([dave, dave])
    expect((await failure(bob.ports.docs.setLiked('dup', dave, false))).reason).toBe('permission-denied')
  })

  it('lets the author edit and delete, and refuses anyone else with permission-denied', async () => {
    const id = await alice.ports.docs.addPost(magpiePost(alice.user))
    await alice.ports.docs.updatePost(id, { postTxt: '고친 글', layout: 'Left' })
    const edited = (await bob.ports.docs.getPost(id))!.data
    expect([edited.postTxt, edited.layout, edited.nickname]).toEqual(['고친 글', 'Left', '앨리스'])

    expect((await failure(bob.ports.docs.updatePost(id, { postTxt: '남의 글' }))).reason).toBe('permission-denied')
    expect((await failure(bob.ports.docs.deletePost(id))).reason).toBe('permission-denied')

    await alice.ports.docs.deletePost(id)
    expect(await bob.ports.docs.getPost(id)).toBeNull()
  })

  it('queries comments by post, and deletes only one\'s own', async () => {
    const p1 = await alice.ports.docs.addPost(magpiePost(alice.user))
    const p2 = await alice.ports.docs.addPost(magpiePost(alice.user))
    const comment = (postId: string, text: string): CommentDoc => ({
      post_id: postId,
      comment: text,
      comment_by: bob.user.email,
      comment_nick: '밥',
      comment_time: '2026. 11. 22. 09:01'
    })
    const c1 = await bob.ports.docs.addComment(comment(p1, '첫 댓글'))
    await bob.ports.docs.addComment(comment(p1, '두 번째'))
    await bob.ports.docs.addComment(comment(p2, '다른 글'))

    const onP1 = await alice.ports.docs.commentsOf(p1)
    expect(onP1.map((c) => c.data.comment).sort()).toEqual(['두 번째', '첫 댓글'])
    expect((await alice.ports.docs.getComment(c1))?.data).toEqual(comment(p1, '첫 댓글'))

    expect((await failure(alice.ports.docs.deleteComment(c1))).reason).toBe('permission-denied')
    await bob.ports.docs.deleteComment(c1)
    expect(await alice.ports.docs.getComment(c1)).toBeNull()
    expect(await alice.ports.docs.commentsOf(p1)).toHaveLength(1)
  })

  it('finds one person\'s own posts, comments and likes by single-field queries, bounded by the limit asked (내 데이터 내려받기)', async () => {
    const mine = [await alice.ports.docs.addPost(magpiePost(alice.user)), await alice.ports.docs.addPost(magpiePost(alice.user))]
    const bobs = await bob.ports.docs.addPost(magpiePost(bob.user, { nickname: '밥' }))
    await alice.ports.docs.setLiked(bobs, alice.user.email, true)
    await bob.ports.docs.setLiked(mine[0]!, bob.user.email, true)
    const comment = (postId: string, by: FirebaseUser): CommentDoc => ({ post_id: postId, comment: '댓글', comment_by: by.email, comment_nick: '닉', comment_time: '2026. 11. 22. 09:01' })
    const aliceComment = await alice.ports.docs.addComment(comment(bobs, alice.user))
    await bob.ports.docs.addComment(comment(mine[0]!, bob.user))

    expect(ids(await alice.ports.docs.allPostsBy(alice.user.uid, 10)).sort()).toEqual([...mine].sort())
    expect(await alice.ports.docs.allPostsBy(alice.user.uid, 1)).toHaveLength(1)
    expect(ids(await alice.ports.docs.commentsBy(alice.user.email, 10))).toEqual([aliceComment])
    expect(ids(await alice.ports.docs.postsLikedBy(alice.user.email, 10))).toEqual([bobs])
  })

  it('deletes one\'s own users document and gives up one\'s own name (회원 탈퇴); another\'s are refused', async () => {
    await alice.ports.docs.setUser(alice.user.uid, { uid: alice.user.uid, user_id: alice.user.email, nickname: '앨리스', profile_img: '', alerts: [] })
    const key = 'b'.repeat(64)
    expect(await alice.ports.docs.claimNickname(key, alice.user.uid)).toBe(true)
    expect((await failure(bob.ports.docs.deleteUser(alice.user.uid))).reason).toBe('permission-denied')
    // Another member's release leaves the name with its holder.
    await bob.ports.docs.releaseNickname(key, bob.user.uid)
    expect(await bob.ports.docs.nicknameHolder(key)).toBe(alice.user.uid)
    await alice.ports.docs.deleteUser(alice.user.uid)
    await alice.ports.docs.releaseNickname(key, alice.user.uid)
    expect(await alice.ports.docs.userByEmail(alice.user.email)).toBeNull()
    expect(await bob.ports.docs.nicknameHolder(key)).toBeNull()
  })

  it('counts the comments of each post on the server, for a visitor too, more posts than it asks at once', async () => {
    const p1 = await alice.ports.docs.addPost(magpiePost(alice.user))
    const p2 = await alice.ports.docs.addPost(magpiePost(alice.user))
    const webComment = (postId: string, text: string) => ({ post_id: postId, comment: text, comment_by: bob.user.email, comment_nick: '밥', comment_time: '' })
    await seed({
      'magazineComments/c1': webComment(p1, '하나'),
      'magazineComments/c2': webComment(p1, '둘'),
      'magazineComments/c3': webComment(p1, '셋'),
      'magazineComments/c4': webComment(p2, '다른 글')
    })
    const missing = Array.from({ length: 25 }, (_, i) => `no-such-post-${i}`)
    // Not signed in: the rules let anyone list comments, which is what a count needs.
    const visitor = await connectFirebase(config, { firestore: hostOf('firestore'), auth: await authEmulatorHost() })
    try {
      expect(await visitor.docs.commentCounts([p1, ...missing, p2, p1])).toEqual({ [p1]: 3, [p2]: 1, ...Object.fromEntries(missing.map((id) => [id, 0])) })
    } finally {
      await visitor.close()
    }
  })

  it('watches the top of the feed, one post and its comments live', async () => {
    const top = await watching<Snapshot<PostDoc>[]>((deliver, fail) => bob.ports.docs.watchPostsTop(5, deliver, fail), (docs) => docs.length === 1)
    const id = await alice.ports.docs.addPost(magpiePost(alice.user, { postTxt: '실시간' }))
    expect((await top.value).map((d) => [d.id, d.data.postTxt])).toEqual([[id, '실시간']])

    const comments = await watching<Snapshot<CommentDoc>[]>((deliver, fail) => alice.ports.docs.watchComments(id, deliver, fail), (docs) => docs.length === 1)
    await bob.ports.docs.addComment({ post_id: id, comment: '좋아요', comment_by: bob.user.email, comment_nick: '밥', comment_time: '' })
    expect((await comments.value)[0]!.data.comment).toBe('좋아요')

    const gone = await watching<Snapshot<PostDoc> | null>((deliver, fail) => bob.ports.docs.watchPost(id, deliver, fail), (doc) => doc === null)
    await alice.ports.docs.deletePost(id)
    expect(await gone.value).toBeNull()
  })

  it("watches a day's posts by their postDate text: a post the web app adds (addDoc, no createdAt, today's ko-KR postDate) arrives live, its edit and delete too", async () => {
    // The web app's own text: a range within the day, as sync-stamps.ts asks for from its mark on.
    const now = Date.now()
    const today = webDays(now).find((day) => webDate(now).startsWith(day))!
    expect(today).toBeDefined()
    // Not that day: the day before, and a postDate that only looks like it ("…. 26" against "…. 2.").
    const yesterday = webDays(now - 24 * 60 * 60 * 1000).find((day) => webDate(now - 24 * 60 * 60 * 1000).startsWith(day))!
    await seed({
      'magazinePost/yesterday': webPost({ postDate: `${yesterday} 오후 11:59` }),
      'magazinePost/lookalike': webPost({ postDate: `${today.slice(0, -1)}1. 오전 10:00` })
    })
    // One listener throughout, as sync-stamps.ts holds it.
    const day = liveValues<Snapshot<PostDoc>[]>((deliver, fail) => bob.ports.docs.watchPostsStamped([prefixRange(today)], deliver, fail))
    try {
      expect(ids(await day.next(() => true))).toEqual([])

      // As the web app's Write.js: addDoc of the post fields as the signed-in author, through the shipped rules.
      const web = rulesUser(env, { uid: alice.user.uid, email: alice.user.email }).firestore()
      const ref = await web.collection('magazinePost').add(webPost({ postTxt: '웹에서 쓴 글', postDate: webDate(now) }))
      const [post] = await day.next((docs) => docs.length === 1)
      expect(post!.id).toBe(ref.id)
      expect(post!.data.postTxt).toBe('웹에서 쓴 글')
      expect(post!.data.postDate).toBe(webDate(now))
      expect(post!.data.createdAt).toBeUndefined()

      // Its edit (the web app sends the six edit fields) and its delete.
      const fields = webPost()
      await ref.update({ id: ref.id, nickname: fields.nickname, profileImg: fields.profileImg, postImg: fields.postImg, postTxt: '고친 글', layout: fields.layout })
      expect(ids(await day.next((docs) => docs[0]?.data.postTxt === '고친 글'))).toEqual([ref.id])
      await ref.delete()
      expect(await day.next((docs) => docs.length === 0)).toEqual([])
    } finally {
      day.stop()
    }
  })

  it("finds one post's comments of an hour range by their comment_time text (the composite index's query): a page at a time, live, and counted", async () => {
    const day = '2031. 3. 4.'
    const at = (time: string) => `${day} ${time}`
    await seed({
      'magazinePost/stamped': webPost({ postDate: at('오전 09:00') }),
      'magazineComments/c-early': { post_id: 'stamped', comment: '이른', comment_by: 'x@example.com', comment_nick: '엑스', comment_time: at('오전 09:10') },
      'magazineComments/c-a': { post_id: 'stamped', comment: '가', comment_by: 'x@example.com', comment_nick: '엑스', comment_time: at('오후 01:00') },
      'magazineComments/c-b': { post_id: 'stamped', comment: '나', comment_by: 'x@example.com', comment_nick: '엑스', comment_time: at('오후 01:00') },
      'magazineComments/c-c': { post_id: 'stamped', comment: '다', comment_by: 'x@example.com', comment_nick: '엑스', comment_time: at('오후 02:30') },
      'magazineComments/c-other': { post_id: 'other', comment: '딴', comment_by: 'x@example.com', comment_nick: '엑스', comment_time: at('오후 01:30') },
      'magazineComments/c-next-day': { post_id: 'stamped', comment: '다음', comment_by: 'x@example.com', comment_nick: '엑스', comment_time: '2031. 3. 5. 오전 01:00' }
    })
    const afternoon = { from: at('오후 01:00'), to: prefixRange(day).to }
    expect(ids(await bob.ports.docs.postsStamped([prefixRange(day)]))).toEqual(['stamped'])
    // Several ranges in one query (a disjunction), as the days being written are asked for.
    expect(ids(await bob.ports.docs.postsStamped([prefixRange('2031. 3. 3.'), prefixRange(day)]))).toEqual(['stamped'])
    expect(await bob.ports.docs.postsStamped([prefixRange('2031. 3. 3.'), prefixRange('2031. 3. 5.')])).toEqual([])
    // One post's, in (comment_time, id) order, continued after the last one read.
    const first = await bob.ports.docs.postCommentsStamped('stamped', prefixRange(day), null, 2)
    expect(ids(first)).toEqual(['c-early', 'c-a'])
    const next = await bob.ports.docs.postCommentsStamped('stamped', prefixRange(day), { stamp: first[1]!.data.comment_time, id: first[1]!.id }, 5)
    expect(ids(next)).toEqual(['c-b', 'c-c'])
    expect(await bob.ports.docs.countPostCommentsStamped('stamped', afternoon)).toBe(3)
    expect(await bob.ports.docs.countPostCommentsStamped('stamped', prefixRange('2031. 3. 6.'))).toBe(0)
    // What a comment alert claims: a comment of that nickname on that post (alert-backing.ts).
    expect((await bob.ports.docs.commentTimesByNickname('stamped', '엑스')).length).toBeGreaterThan(0)
    expect(await bob.ports.docs.commentTimesByNickname('stamped', '유령')).toEqual([])
    expect(await bob.ports.docs.commentTimesByNickname('other', '엑스')).toEqual([at('오후 01:30')])

    const live = await watching<Snapshot<CommentDoc>[]>((deliver, fail) => bob.ports.docs.watchPostCommentsStamped('stamped', [afternoon, prefixRange('2031. 3. 5.')], deliver, fail), (docs) => docs.some((d) => d.data.comment === '새 댓글'))
    // As the web app's Comments.js: addDoc through the shipped rules.
    const web = rulesUser(env, { uid: alice.user.uid, email: alice.user.email }).firestore()
    await web.collection('magazineComments').add({ post_id: 'stamped', comment: '새 댓글', comment_by: alice.user.email, comment_nick: '앨리스', comment_time: at('오후 03:00') })
    expect((await live.value).map((d) => d.data.comment).sort()).toEqual(['가', '나', '다', '다음', '새 댓글'])
  })

  it("follows the comments of several shown cards in one query (post_id in … and comment_time ranges), the web app's as it writes them", async () => {
    const day = '2031. 4. 2.'
    const at = (time: string) => `${day} ${time}`
    await seed({
      'magazinePost/card-1': webPost({ postDate: at('오전 09:00') }),
      'magazinePost/card-2': webPost({ postDate: at('오전 09:00') }),
      'magazinePost/card-3': webPost({ postDate: at('오전 09:00') }),
      'magazineComments/d-1': { post_id: 'card-1', comment: '하나', comment_by: 'x@example.com', comment_nick: '엑스', comment_time: at('오후 01:00') },
      'magazineComments/d-3': { post_id: 'card-3', comment: '셋', comment_by: 'x@example.com', comment_nick: '엑스', comment_time: at('오후 01:00') }
    })
    // Since noon, as web-stamps.ts bounds it (오후 12 sorts after 오후 11 in the ko-KR text: the bound is all of 오후).
    const since = { from: `${day} 오후`, to: prefixRange(day).to }
    const live = await watching<Snapshot<CommentDoc>[]>(
      (deliver, fail) => bob.ports.docs.watchCommentsStamped(['card-1', 'card-2'], [since, prefixRange('2031. 4. 3.')], deliver, fail),
      (docs) => docs.some((d) => d.data.comment === '둘')
    )
    const web = rulesUser(env, { uid: alice.user.uid, email: alice.user.email }).firestore()
    await web.collection('magazineComments').add({ post_id: 'card-2', comment: '둘', comment_by: alice.user.email, comment_nick: '앨리스', comment_time: at('오후 03:00') })
    expect((await live.value).map((d) => `${d.data.post_id}:${d.data.comment}`).sort()).toEqual(['card-1:하나', 'card-2:둘'])
    // More disjunctions than Firestore takes (ids × ranges > 30) are refused before any request.
    expect(() => bob.ports.docs.watchCommentsStamped(Array.from({ length: 16 }, (_, i) => `card-${i}`), [since, since], () => {}, () => {})).toThrow(FirebasePortError)
  })

  it('keeps its listeners live across a reconnect (after the computer slept)', async () => {
    bob.ports.connectivity.reconnect()
    const top = await watching<Snapshot<PostDoc>[]>((deliver, fail) => bob.ports.docs.watchPostsTop(5, deliver, fail), (docs) =>
      docs.some((d) => d.data.postTxt === '다시 연결된 뒤')
    )
    bob.ports.connectivity.reconnect()
    await alice.ports.docs.addPost(magpiePost(alice.user, { postTxt: '다시 연결된 뒤' }))
    expect((await top.value).map((d) => d.data.postTxt)).toContain('다시 연결된 뒤')
  })

  it('writes one\'s own users document and finds it by email; another user\'s stays private', async () => {
    await alice.ports.docs.setUser(alice.user.uid, { uid: alice.user.uid, user_id: alice.user.email, nickname: '앨리스', profile_img: '', alerts: [] })
    const found = await alice.ports.docs.userByEmail(alice.user.email)
    expect(found?.id).toBe(alice.user.uid)
    expect(found?.data.nickname).toBe('앨리스')
    expect((await failure(bob.ports.docs.userByEmail(alice.user.email))).reason).toBe('permission-denied')
  })

  it('holds a nickname for its first claimer under the shipped rules: a second claimer is told no, the holder yes again', async () => {
    const key = 'b'.repeat(64)
    expect(await bob.ports.docs.nicknameHolder(key)).toBeNull()
    expect(await alice.ports.docs.claimNickname(key, alice.user.uid)).toBe(true)
    expect(await bob.ports.docs.claimNickname(key, bob.user.uid)).toBe(false)
    expect(await alice.ports.docs.claimNickname(key, alice.user.uid)).toBe(true)
    expect(await bob.ports.docs.nicknameHolder(key)).toBe(alice.user.uid)
    expect((await failure(bob.ports.docs.claimNickname('c'.repeat(64), alice.user.uid))).reason).toBe('permission-denied')
  })

  it('keeps one\'s block and mute lists (decision 025): written and read by their owner only; the block refuses the blocked person\'s like', async () => {
    const key = personKey(bob.user.email)
    const postId = await alice.ports.docs.addPost(magpiePost(alice.user))
    await alice.ports.docs.setControl(alice.user.uid, 'blocked', key, { nickname: '밥', profileImg: '', uid: null })
    // The mute names Bob's uid as well (decision 048): read back as written.
    await alice.ports.docs.setControl(alice.user.uid, 'muted', key, { nickname: '밥', profileImg: '', uid: bob.user.uid })
    expect(await alice.ports.docs.controls(alice.user.uid)).toEqual([
      { list: 'blocked', key, nickname: '밥', profileImg: '', uid: null },
      { list: 'muted', key, nickname: '밥', profileImg: '', uid: bob.user.uid }
    ])
    expect((await failure(bob.ports.docs.controls(alice.user.uid))).reason).toBe('permission-denied')
    expect((await failure(bob.ports.docs.setLiked(postId, bob.user.email, true))).reason).toBe('permission-denied')
    await alice.ports.docs.setControl(alice.user.uid, 'blocked', key, null)
    await bob.ports.docs.setLiked(postId, bob.user.email, true)
    expect(await alice.ports.docs.controls(alice.user.uid)).toEqual([{ list: 'muted', key, nickname: '밥', profileImg: '', uid: bob.user.uid }])
  })

  it('claims one\'s own email once (decision 043): a second uid is told the holder; a block on the uid refuses the like until it goes', async () => {
    const key = personKey(alice.user.email)
    expect(await bob.ports.docs.emailHolder(key)).toBeNull()
    expect(await alice.ports.docs.claimEmail(key, alice.user.uid)).toBe(alice.user.uid)
    expect(await alice.ports.docs.claimEmail(key, alice.user.uid)).toBe(alice.user.uid)
    expect(await bob.ports.docs.claimEmail(key, bob.user.uid)).toBe(alice.user.uid)
    expect(await bob.ports.docs.emailHolder(key)).toBe(alice.user.uid)
    expect((await failure(bob.ports.docs.claimEmail(personKey('someone@example.com'), bob.user.uid))).reason).toBe('permission-denied')
    const postId = await alice.ports.docs.addPost(magpiePost(alice.user))
    await alice.ports.docs.setBlockedUid(alice.user.uid, bob.user.uid, personKey(bob.user.email))
    await alice.ports.docs.setBlockedUid(alice.user.uid, bob.user.uid, personKey(bob.user.email))
    expect((await failure(bob.ports.docs.setLiked(postId, bob.user.email, true))).reason).toBe('permission-denied')
    expect((await failure(bob.ports.docs.setBlockedUid(alice.user.uid, bob.user.uid, null))).reason).toBe('permission-denied')
    await alice.ports.docs.setBlockedUid(alice.user.uid, bob.user.uid, null)
    await bob.ports.docs.setLiked(postId, bob.user.email, true)
  })

  it('gives a name up only for its holder (a nickname changed)', async () => {
    const key = 'd'.repeat(64)
    await alice.ports.docs.claimNickname(key, alice.user.uid)
    await bob.ports.docs.releaseNickname(key, bob.user.uid)
    expect(await bob.ports.docs.nicknameHolder(key)).toBe(alice.user.uid)
    await alice.ports.docs.releaseNickname(key, alice.user.uid)
    expect(await bob.ports.docs.nicknameHolder(key)).toBeNull()
  })

  it('writes one\'s own profile (joined by the server, kept on edits) that another member reads; nobody else\'s (decision 028)', async () => {
    const photo = 'https://firebasestorage.googleapis.com/v0/b/demo-magpie/o/profileImg%2F1700000000000_abc123?alt=media&token=t-1'
    expect(await bob.ports.docs.getProfile(alice.user.uid)).toBeNull()
    await alice.ports.docs.setProfile(alice.user.uid, { nickname: '앨리스', photo: '' })
    const made = await bob.ports.docs.getProfile(alice.user.uid)
    expect(made).toEqual({ nickname: '앨리스', photo: '', joined: expect.any(Number) })
    expect(Math.abs(made!.joined - Date.now())).toBeLessThan(60_000)
    await alice.ports.docs.setProfile(alice.user.uid, { nickname: '새앨리스', photo })
    expect(await bob.ports.docs.getProfile(alice.user.uid)).toEqual({ nickname: '새앨리스', photo, joined: made!.joined })
    expect((await failure(bob.ports.docs.setProfile(alice.user.uid, { nickname: '가짜', photo: '' }))).reason).toBe('permission-denied')
    expect((await failure(alice.ports.docs.setProfile(alice.user.uid, { nickname: '앨리스', photo: 'https://evil.example/x.png' }))).reason).toBe('permission-denied')
  })

  it('reads settings/community (decisions 031, 042): null without the document, requireAltText as the operator set it, off unless exactly true, and the rescan mark', async () => {
    expect(await bob.ports.docs.communitySettings()).toBeNull()
    await seed({ 'settings/community': { requireAltText: true } })
    expect(await bob.ports.docs.communitySettings()).toEqual({ requireAltText: true, postsRescanAt: null })
    await seed({ 'settings/community': { requireAltText: 'yes', postsRescanAt: new Date(1_700_000_000_000) } })
    expect(await bob.ports.docs.communitySettings()).toEqual({ requireAltText: false, postsRescanAt: 1_700_000_000_000 })
  })

  it('writes and reads back a post\'s several photos with their 설명 (decision 031)', async () => {
    const url = (n: number) => `https://firebasestorage.googleapis.com/v0/b/demo-magpie/o/postImg%2F${1700000000000 + n}?alt=media`
    const id = await alice.ports.docs.addPost(magpiePost(alice.user, { postImg: url(0), morePhotos: [url(1), url(2)], photoAlts: ['바다', '', '하늘'] }))
    expect((await bob.ports.docs.getPost(id))!.data).toMatchObject({ postImg: url(0), morePhotos: [url(1), url(2)], photoAlts: ['바다', '', '하늘'] })
    await alice.ports.docs.updatePost(id, { postImg: url(2), morePhotos: [url(0)], photoAlts: ['하늘', '바다'] })
    expect((await bob.ports.docs.getPost(id))!.data).toMatchObject({ postImg: url(2), morePhotos: [url(0)], photoAlts: ['하늘', '바다'] })
  })

  it('reads one person\'s posts newest first a page at a time, and counts them', async () => {
    await seed({
      'magazinePost/a1': { ...webPost(), createdAt: at(Date.UTC(2026, 0, 1)) },
      'magazinePost/a2': { ...webPost(), createdAt: at(Date.UTC(2026, 0, 2)) },
      'magazinePost/a3': { ...webPost(), createdAt: at(Date.UTC(2026, 0, 3)) },
      'magazinePost/aw': webPost(),
      'magazinePost/b1': { ...webPost({ posted_uid: bob.user.uid, postedBy: bob.user.email }), createdAt: at(Date.UTC(2026, 0, 4)) }
    })
    const first = await bob.ports.docs.postsBy(alice.user.uid, null, 2)
    expect(ids(first)).toEqual(['a3', 'a2'])
    const next = await bob.ports.docs.postsBy(alice.user.uid, { createdAt: first[1]!.data.createdAt!, id: 'a2' }, 2)
    expect(ids(next)).toEqual(['a1'])
    // The count is every post of theirs, the web app's (no createdAt) included.
    expect(await bob.ports.docs.countPostsBy(alice.user.uid)).toBe(4)
  })
})
