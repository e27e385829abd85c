/**
 * Issue 31's walk of a changed and a re-registered email, on the Auth and Firestore emulators with
 * the shipped rules, Magpie's community backend driven through dispatch (its SDK adapter; the
 * Realtime Database and Storage are the in-memory fake's). The accounts' emails are changed and
 * deleted with the Admin SDK, as the Firebase console does. Decisions 043 and 048.
 */
import { assertFails, type RulesTestEnvironment } from '@firebase/rules-unit-testing'
import { deleteApp, initializeApp, type App } from 'firebase-admin/app'
import { getAuth } from 'firebase-admin/auth'
import firebase from 'firebase/compat/app'
import 'firebase/compat/firestore'
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest'
import { messages } from '@shared/messages'
import { databaseOf } from '../../src/main/store/handle'
import { webDate } from '../../src/main/firebase/mapping'
import { cleanupCommunityApps, join, startProjectApp, type CommunityApp } from '../support/main/community-app'
import { createFakeFirebase } from '../support/fake-firebase/fake-firebase'
import { firestoreEmulators as emulators, projectConnect } from '../support/emulators/project-connect'
import { cleanupTestApps, createClock } from '../support/main/test-app'
import { emulatorCommunity as community } from '../support/emulators/project'
import { rulesEnvironment, signedIn } from '../support/emulators/rules'

let env: RulesTestEnvironment | null = null
let admin: App
/** The Auth emulator keeps its accounts across suites: each run's people are its own. */
const run = Date.now().toString(36)

beforeAll(async () => {
  env = await rulesEnvironment('firestore')
  admin = initializeApp({ projectId: 'demo-magpie' }, 'identities-walk')
})

afterEach(async () => {
  await cleanupCommunityApps()
  await cleanupTestApps()
})

afterAll(async () => {
  await deleteApp(admin)
  await env?.clearFirestore()
  await env?.cleanup()
})

/** Polls the copy until its mirror has what its listeners brought (real Firestore: no fake to wait for). */
const soon = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 20_000, interval: 200 })

const uidOf = async (email: string) => (await getAuth(admin).getUserByEmail(email)).uid

/** A post as the web app writes it, through the shipped rules with the author's token (this test's photos are the fake's, not the project's Storage). */
async function webPost(author: { uid: string; email: string }, text: string): Promise<string> {
  const ref = await signedIn(env!, author)
    .firestore()
    .collection('magazinePost')
    .add({
      postedBy: author.email,
      posted_uid: author.uid,
      nickname: '작가',
      profileImg: '',
      postImg: 'https://firebasestorage.googleapis.com/v0/b/demo-magpie/o/postImg%2F1?alt=media',
      postTxt: text,
      postDate: webDate(Date.now()),
      likedBy: [],
      layout: 'Top'
    })
  return ref.id
}

/** Alice and Bob on the emulators, each on their own copy of Magpie; Alice's post, on both copies. `tag` keeps each test's names its own. */
async function aliceAndBob(tag: string) {
  const fake = createFakeFirebase({ rules: false })
  const project = { connect: projectConnect(fake), idle: fake.idle, emulators }
  // Today's clock: the web app dates its posts by the wall clock, and the feed follows today's.
  const clock = createClock(Date.now())
  const a = await startProjectApp(project, { community, clock })
  const b = await startProjectApp(project, { community, clock })
  const alice = await join(a, `walk-alice-${tag}${run}`, { nickname: `앨리스${tag}${run}` })
  const bob = await join(b, `walk-bob-${tag}${run}`, { nickname: `밥${tag}${run}` })
  const post = { id: await webPost({ uid: await uidOf(alice.email), email: alice.email }, '앨리스의 글') }
  for (const app of [a, b]) await soon(async () => expect((await app.call('posts:feed', {})).posts.map((p) => p.id)).toContain(post.id))
  return { project, clock, a, b, alice, bob, post }
}


async function commentTexts(app: CommunityApp, postId: string): Promise<string[]> {
  return (await app.call('comments:list', { postId })).comments.map((c) => c.text).sort()
}

it('a blocked member whose email is changed (same uid) can neither comment nor like, and the blocker sees nothing of his', async () => {
  const { a, b, bob, post } = await aliceAndBob('a')
  await b.call('comments:add', { postId: post.id, text: '밥의 댓글' })
  await soon(async () => expect(await commentTexts(a, post.id)).toEqual(['밥의 댓글']))
  const [comment] = (await a.call('comments:list', { postId: post.id })).comments
  await a.call('blocks:set', { personId: comment!.author.id, blocked: true })

  const moved = { email: `walk-bob-moved-${run}@example.com`, password: bob.password }
  const bobUid = await uidOf(bob.email)
  await b.call('auth:logout')
  await getAuth(admin).updateUser(bobUid, { email: moved.email })
  expect((await b.call('auth:login', moved)).profileToComplete).toEqual({ email: moved.email })
  await b.call('auth:completeProfile', { nickname: `옮긴밥a${run}` })
  expect((await b.call('auth:session')).user).not.toBeNull()

  // The rules refuse both by his uid (blockedUids), whatever his email now is.
  expect(await b.refused('comments:add', { postId: post.id, text: '새 주소로 쓴 댓글' })).toEqual({ code: 'commentNotAllowed', message: messages.commentNotAllowed })
  expect(await b.refused('likes:set', { postId: post.id, liked: true })).toEqual({ code: 'likeNotAllowed', message: messages.likeNotAllowed })
  // What he writes elsewhere under the new email reaches Alice's copy and is not shown to her.
  const his = await webPost({ uid: bobUid, email: moved.email }, '새 주소로 쓴 글')
  const mirrored = databaseOf(a.mirror()).prepare('SELECT 1 FROM posts WHERE id = ?').pluck()
  await soon(async () => {
    await a.call('posts:feed', {})
    expect(mirrored.get(his)).toBe(1)
  })
  // Other suites write posts on the same emulator project at the same time: only these two are this test's.
  const shown = (await a.call('posts:feed', {})).posts.map((p) => p.id)
  expect(shown).toContain(post.id)
  expect(shown).not.toContain(his)
  expect(await commentTexts(a, post.id)).toEqual([])
  expect((await a.call('posts:get', { id: post.id })).likeCount).toBe(0)
})

it('a deleted member\'s email registered again gains nothing: Magpie refuses the newcomer, and the rules refuse them the old owner\'s comment, like and users document', async () => {
  const { project, clock, a, post } = await aliceAndBob('b')
  const c = await startProjectApp(project, { community, clock })
  const carol = await join(c, `walk-carol-${run}`, { nickname: `캐롤${run}` })
  await c.call('comments:add', { postId: post.id, text: '캐롤의 댓글' })
  await c.call('likes:set', { postId: post.id, liked: true })
  await soon(async () => expect(await commentTexts(a, post.id)).toEqual(['캐롤의 댓글']))
  const carolUid = await uidOf(carol.email)
  await c.close()

  // Her account deleted (the console), her writing left; someone registers her email again.
  await getAuth(admin).deleteUser(carolUid)
  const newcomer = await getAuth(admin).createUser({ email: carol.email, password: carol.password })
  const n = await startProjectApp(project, { community, clock })
  expect(await n.refused('auth:login', { email: carol.email, password: carol.password })).toEqual({ code: 'emailHeldByAnother', message: messages.emailHeldByAnother })
  expect((await n.call('auth:session')).user).toBeNull()

  // Straight to the project with the newcomer's token, past Magpie.
  const db = signedIn(env!, { uid: newcomer.uid, email: carol.email }).firestore()
  let commentDoc = ''
  await env!.withSecurityRulesDisabled(async (ctx) => {
    commentDoc = (await ctx.firestore().collection('magazineComments').where('comment_by', '==', carol.email).get()).docs[0]!.id
  })
  await assertFails(db.doc(`magazineComments/${commentDoc}`).delete())
  await assertFails(db.doc(`magazinePost/${post.id}`).update({ likedBy: firebase.firestore.FieldValue.arrayRemove(carol.email) }))
  await assertFails(db.doc(`users/${carolUid}`).get())
  await assertFails(db.collection('users').where('user_id', '==', carol.email).get())
  // Her comment and like stand.
  expect(await commentTexts(a, post.id)).toEqual(['캐롤의 댓글'])
  expect((await a.call('posts:get', { id: post.id })).likeCount).toBe(1)
})
