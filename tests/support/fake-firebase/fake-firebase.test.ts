import { describe, expect, it } from 'vitest'
import { countReads } from '../../../src/main/firebase/counting'
import { createFakeFirebase } from './fake-firebase'
import { newAlertEntry, newCommentDoc, newPostDoc } from '../../../src/main/firebase/mapping'
import { FirebasePortError, type FirebaseWebConfig, type PostDoc, type Snapshot } from '../../../src/main/firebase/ports'
import { prefixRange } from '../../../src/main/firebase/web-stamps'

const config: FirebaseWebConfig = {
  apiKey: 'AIzaFake',
  authDomain: 'demo.firebaseapp.com',
  projectId: 'demo-magpie',
  storageBucket: 'demo.appspot.com',
  databaseURL: 'https://demo.firebaseio.com',
  appId: '1:1:web:1'
}

const reason = async (promise: Promise<unknown>) => {
  try {
    await promise
  } catch (error) {
    return error instanceof FirebasePortError ? error.reason : `not a port error: ${String(error)}`
  }
  return 'resolved'
}

async function twoPeople() {
  let t = 1_000
  const fake = createFakeFirebase({ now: () => ++t })
  const a = await fake.connect(config)
  const b = await fake.connect(config)
  const alice = await a.auth.signUp('alice@example.com', 'secret-a')
  const bob = await b.auth.signUp('bob@example.com', 'secret-b')
  const author = { uid: alice.uid, email: alice.email, nickname: '앨리스', avatarUrl: '' }
  const postId = await a.docs.addPost(newPostDoc(author, { text: '안녕', layout: 'Top', photos: [{ url: 'https://x/o/postImg%2F1', alt: '' }] }, 5))
  return { fake, a, b, alice, bob, author, postId }
}

describe('the fake Firebase', () => {
  it('signs up, refuses a taken email, signs in, and restores from an exported credential', async () => {
    const fake = createFakeFirebase()
    const client = await fake.connect(config)
    const user = await client.auth.signUp('Me@Example.com', 'secret1')
    expect(user.email).toBe('me@example.com')
    expect(await reason(client.auth.signUp('me@example.com', 'secret1'))).toBe('email-taken')
    expect(await reason(client.auth.signUp('nope', 'secret1'))).toBe('invalid-email')
    expect(await reason(client.auth.signUp('x@example.com', '123'))).toBe('weak-password')
    const credential = await client.auth.exportCredential()
    await client.auth.signOut()
    expect(await client.auth.exportCredential()).toBeNull()
    expect(await reason(client.auth.signIn('me@example.com', 'wrong'))).toBe('invalid-credentials')

    const later = await fake.connect(config)
    expect(await later.auth.restore(credential!)).toEqual(user)
    expect(await later.auth.restore('forged')).toBeNull()
  })

  it('stamps createdAt with the server time and pages the ordered feed with a cursor', async () => {
    const { a, author } = await twoPeople()
    for (let i = 0; i < 4; i++) await a.docs.addPost(newPostDoc(author, { text: `글 ${i}`, layout: 'Top', photos: [{ url: 'u', alt: '' }] }, 0))
    const first = await a.docs.postsPage(null, 3)
    expect(first.map((p) => p.data.postTxt)).toEqual(['글 3', '글 2', '글 1'])
    expect(first.every((p) => (p.data.createdAt ?? 0) > 1_000)).toBe(true)
    const last = first.at(-1)!
    const next = await a.docs.postsPage({ createdAt: last.data.createdAt!, id: last.id }, 3)
    expect(next.map((p) => p.data.postTxt)).toEqual(['글 0', '안녕'])
  })

  it('likes with arrayUnion / arrayRemove semantics, and only with one\'s own email', async () => {
    const { fake, b, bob, postId } = await twoPeople()
    await b.docs.setLiked(postId, bob.email, true)
    await b.docs.setLiked(postId, bob.email, true)
    expect(fake.data.posts()[postId]!.likedBy).toEqual(['bob@example.com'])
    expect(await reason(b.docs.setLiked(postId, 'alice@example.com', true))).toBe('permission-denied')
    await b.docs.setLiked(postId, bob.email, false)
    expect(fake.data.posts()[postId]!.likedBy).toEqual([])
  })

  it('enforces the shipped rules on what Magpie writes', async () => {
    const { a, b, author, postId, alice } = await twoPeople()
    expect(await reason(b.docs.updatePost(postId, { postTxt: 'hacked' }))).toBe('permission-denied')
    expect(await reason(b.docs.deletePost(postId))).toBe('permission-denied')
    expect(await reason(a.docs.updatePost(postId, { postDate: 'rewritten' }))).toBe('permission-denied')
    expect(await reason(a.docs.addPost({ ...newPostDoc(author, { text: 'x', layout: 'Top', photos: [{ url: 'u', alt: '' }] }, 0), postImgPath: 'postImg/1' } as PostDoc))).toBe(
      'permission-denied'
    )
    expect(await reason(a.docs.addComment({ ...newCommentDoc(author, postId, 'x', 0), createdAt: 1 }))).toBe('permission-denied')
    expect(await reason(b.docs.addComment(newCommentDoc(author, postId, '남의 이름으로', 0)))).toBe('permission-denied')
    expect(await reason(a.alerts.push(alice.uid, newAlertEntry('like', postId, '앨리스', 0)))).toBe('permission-denied')
    expect(await reason(b.alerts.push(alice.uid, { ...newAlertEntry('like', postId, '밥', 0), committed_uid: 'x' }))).toBe('permission-denied')
    expect(await reason(b.alerts.clear(alice.uid))).toBe('permission-denied')
    expect(await reason(b.docs.userByEmail('alice@example.com'))).toBe('permission-denied')
    expect(await reason(a.files.upload('secrets/1', new Uint8Array(3), 'image/webp'))).toBe('permission-denied')
    expect(await reason(a.files.upload('postImg/1', new Uint8Array(3), 'image/svg+xml'))).toBe('permission-denied')
  })

  it('delivers a first snapshot and every change to listeners, never inside the write', async () => {
    const { fake, a, b, bob, postId } = await twoPeople()
    const seen: Snapshot<PostDoc>[][] = []
    const stop = a.docs.watchPostsTop(10, (docs) => seen.push(docs), () => {})
    expect(seen).toHaveLength(0)
    await fake.idle()
    expect(seen).toHaveLength(1)
    await b.docs.setLiked(postId, bob.email, true)
    expect(seen).toHaveLength(1)
    await fake.idle()
    expect(seen.at(-1)![0]!.data.likedBy).toEqual(['bob@example.com'])
    stop()
    await b.docs.setLiked(postId, bob.email, false)
    await fake.idle()
    expect(seen).toHaveLength(2)
  })

  it('offline: writes and reads reject with offline, listeners wait and catch up when back', async () => {
    const { fake, a, b, alice, postId } = await twoPeople()
    const alerts: unknown[] = []
    a.alerts.watch(alice.uid, (tree) => alerts.push(tree), () => {})
    await fake.idle()
    expect(alerts).toEqual([null])

    const changes: boolean[] = []
    a.connectivity.onChange((online) => changes.push(online))
    fake.setOnline(false, a)
    expect(a.connectivity.online()).toBe(false)
    expect(await reason(a.docs.addComment(newCommentDoc({ uid: alice.uid, email: alice.email, nickname: 'a', avatarUrl: '' }, postId, 'x', 0)))).toBe('offline')
    expect(await reason(a.docs.getPost(postId))).toBe('offline')

    await b.alerts.push(alice.uid, newAlertEntry('comment', postId, '밥', 0))
    await fake.idle()
    expect(alerts).toHaveLength(1)
    fake.setOnline(true, a)
    await fake.idle()
    expect(changes).toEqual([false, true])
    expect(Object.values(alerts.at(-1) as object)).toEqual([newAlertEntry('comment', postId, '밥', 0)])
  })

  it('refuses to show one person\'s alerts to another through the listener\'s error', async () => {
    const { fake, b, alice } = await twoPeople()
    const errors: string[] = []
    b.alerts.watch(alice.uid, () => {}, (error) => errors.push(error.reason))
    await fake.idle()
    expect(errors).toEqual(['permission-denied'])
  })

  it("counts each post's comments on the server, for visitors too; offline it rejects", async () => {
    const { fake, a, b, author, postId } = await twoPeople()
    const other = await a.docs.addPost(newPostDoc(author, { text: '둘', layout: 'Top', photos: [{ url: 'u', alt: '' }] }, 0))
    await a.docs.addComment(newCommentDoc(author, postId, '하나', 0))
    await a.docs.addComment(newCommentDoc(author, postId, '둘', 0))
    fake.webApp.addComment({ post_id: other, comment: '웹', comment_by: 'x@example.com', comment_nick: 'x', comment_time: '' })
    const visitor = await fake.connect(config)
    expect(await visitor.docs.commentCounts([postId, other, 'no-such-post'])).toEqual({ [postId]: 2, [other]: 1, 'no-such-post': 0 })
    expect(await visitor.docs.commentCounts([])).toEqual({})
    fake.setOnline(false, b)
    expect(await reason(b.docs.commentCounts([postId]))).toBe('offline')
  })

  it('fails a planted operation once', async () => {
    const { fake, b, bob, postId } = await twoPeople()
    fake.failNext('docs.setLiked', 'permission-denied')
    expect(await reason(b.docs.setLiked(postId, bob.email, true))).toBe('permission-denied')
    await b.docs.setLiked(postId, bob.email, true)
  })
})

describe('the counting wrapper', () => {
  it('counts the documents each method read, and no writes', async () => {
    const { fake, a, author, postId } = await twoPeople()
    const counting = countReads(a.docs)
    await counting.docs.addPost(newPostDoc(author, { text: '둘', layout: 'Top', photos: [{ url: 'u', alt: '' }] }, 0))
    expect(counting.total()).toBe(0)
    await counting.docs.postsPage(null, 10)
    await counting.docs.getPost('missing')
    await counting.docs.commentsOf(postId)
    counting.docs.watchPost(postId, () => {}, () => {})
    await fake.idle()
    // A query that finds nothing is billed one read, as a get of a missing document is.
    expect(counting.counts.docs).toEqual({ postsPage: 2, getPost: 1, commentsOf: 1, watchPost: 1 })
    expect(counting.total(['postsPage'])).toBe(3)
  })

  it('bills a count query one read per 1,000 comments it counts, and at least one', async () => {
    const { fake, a, postId } = await twoPeople()
    for (let i = 0; i < 1_001; i++) fake.webApp.addComment({ post_id: postId, comment: `${i}`, comment_by: 'x@example.com', comment_nick: 'x', comment_time: '' })
    const counting = countReads(a.docs)
    expect(await counting.docs.commentCounts([postId, 'empty-post'])).toEqual({ [postId]: 1_001, 'empty-post': 0 })
    expect(counting.counts.docs).toEqual({ commentCounts: 3 })
    expect(counting.counts.calls).toEqual({ commentCounts: 1 })
  })

  it("answers ranges of the web app's date text as the adapter's range queries, and bills a listener as Firestore does: its first snapshot whole, then each change", async () => {
    const { fake, a } = await twoPeople()
    const post = fake.webApp.addPost({ postTxt: '그날', postDate: '2031. 3. 4. 오전 09:00' })
    fake.webApp.addPost({ postTxt: '다른 날', postDate: '2031. 3. 14. 오전 09:00' })
    for (const time of ['오전 09:10', '오후 01:00', '오후 02:30']) fake.webApp.addComment({ post_id: post, comment: time, comment_by: 'x@example.com', comment_nick: '엑스', comment_time: `2031. 3. 4. ${time}` })
    const day = prefixRange('2031. 3. 4.')
    expect((await a.docs.postsStamped([day])).map((d) => d.id)).toEqual([post])
    expect((await a.docs.postsStamped([prefixRange('2031. 3. 1.'), prefixRange('2031. 3. 14.')])).map((d) => d.data.postTxt)).toEqual(['다른 날'])
    const page = await a.docs.postCommentsStamped(post, day, null, 2)
    expect(page.map((d) => d.data.comment)).toEqual(['오전 09:10', '오후 01:00'])
    expect((await a.docs.postCommentsStamped(post, day, { stamp: page[1]!.data.comment_time, id: page[1]!.id }, 2)).map((d) => d.data.comment)).toEqual(['오후 02:30'])
    expect(await a.docs.countPostCommentsStamped(post, day)).toBe(3)
    await expect(a.docs.postsStamped([{ from: 'b', to: 'a' }])).rejects.toMatchObject({ reason: 'unknown' })
    await expect(a.docs.postsStamped([])).rejects.toMatchObject({ reason: 'unknown' })

    const counting = countReads(a.docs)
    const snapshots: number[] = []
    const stop = counting.docs.watchPostCommentsStamped(post, [{ from: '2031. 3. 4. 오후', to: day.to }], (docs) => snapshots.push(docs.length), () => {})
    await fake.idle()
    fake.webApp.addComment({ post_id: post, comment: '새', comment_by: 'x@example.com', comment_nick: '엑스', comment_time: '2031. 3. 4. 오후 03:00' })
    await fake.idle()
    stop()
    expect(snapshots).toEqual([2, 3])
    expect(counting.counts.docs.watchPostCommentsStamped).toBe(2 + 1)
  })
})
