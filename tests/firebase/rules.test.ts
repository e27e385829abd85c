/**
 * Security rules tests for the community (Firebase) mode: every allow and every deny of
 * firebase/firestore.rules, firebase/database.rules.json and firebase/storage.rules
 * (SPEC.md §6 enforced on the server; issue 5 "Security rules we ship").
 *
 * They need the Firebase emulators (Firestore, Realtime Database, Storage) and run through
 * `npm run test:firebase` (scripts/test-firebase.mjs), which checks that the emulators
 * answer first. Hosts and ports come from FIRESTORE_EMULATOR_HOST,
 * FIREBASE_DATABASE_EMULATOR_HOST and FIREBASE_STORAGE_EMULATOR_HOST, else firebase.json.
 * Each service has its own test environment, so `-t Firestore` (etc.) runs one service
 * alone when only that emulator is available.
 */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestContext,
  type RulesTestEnvironment
} from '@firebase/rules-unit-testing'
import firebase from 'firebase/compat/app'
import 'firebase/compat/firestore'
import { afterAll, beforeAll, beforeEach, describe, it } from 'vitest'

const PROJECT_ID = 'demo-magpie'
const root = (path: string): string => fileURLToPath(new URL(`../../${path}`, import.meta.url))
const readRules = (path: string): string => readFileSync(root(path), 'utf8')

type Service = 'firestore' | 'database' | 'storage'
interface FirebaseJson {
  emulators?: Partial<Record<Service, { host?: string; port?: number }>>
}
const firebaseJson = JSON.parse(readRules('firebase.json')) as FirebaseJson
const ENV_VAR: Record<Service, string> = {
  firestore: 'FIRESTORE_EMULATOR_HOST',
  database: 'FIREBASE_DATABASE_EMULATOR_HOST',
  storage: 'FIREBASE_STORAGE_EMULATOR_HOST'
}
const DEFAULT_PORT: Record<Service, number> = { firestore: 8080, database: 9000, storage: 9199 }

/** "host:port" from the environment (IPv6 in brackets allowed), else firebase.json. */
function emulator(service: Service): { host: string; port: number } {
  const fromEnv = process.env[ENV_VAR[service]]
  if (fromEnv) {
    const match = /^\[?(.+?)\]?:(\d+)$/.exec(fromEnv.trim())
    if (match?.[1] && match[2]) return { host: match[1], port: Number(match[2]) }
  }
  const conf = firebaseJson.emulators?.[service]
  return { host: conf?.host ?? '127.0.0.1', port: conf?.port ?? DEFAULT_PORT[service] }
}

// ---------------------------------------------------------------- people

interface Person {
  uid: string
  email: string
}
const ALICE: Person = { uid: 'alice', email: 'alice@example.com' } // the author
const BOB: Person = { uid: 'bob', email: 'bob@example.com' }
const CAROL: Person = { uid: 'carol', email: 'carol@example.com' }

const signedIn = (env: RulesTestEnvironment, who: Person): RulesTestContext =>
  env.authenticatedContext(who.uid, { email: who.email })
const visitor = (env: RulesTestEnvironment): RulesTestContext => env.unauthenticatedContext()

function without<T extends object>(value: T, key: keyof T): Partial<T> {
  const copy: Partial<T> = { ...value }
  delete copy[key]
  return copy
}

// ================================================================ Firestore

describe('Firestore rules', () => {
  let env: RulesTestEnvironment
  const FieldValue = firebase.firestore.FieldValue

  /** A post exactly as the original web app writes it (SPEC.md §3): no createdAt, no id. */
  const webPost = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
    postedBy: ALICE.email,
    posted_uid: ALICE.uid,
    nickname: '앨리스',
    profileImg: '',
    postImg: 'https://firebasestorage.googleapis.com/v0/b/demo-magpie.appspot.com/o/postImg%2F1700000000000?alt=media',
    postTxt: '오늘의 사진',
    postDate: '2023. 11. 14. 22:13',
    likedBy: [],
    layout: 'Top',
    ...over
  })

  const webComment = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
    post_id: 'p1',
    comment: '멋져요',
    comment_by: BOB.email,
    comment_nick: '밥',
    comment_time: '2023. 11. 14. 22:15',
    ...over
  })

  const userDoc = (who: Person, over: Record<string, unknown> = {}): Record<string, unknown> => ({
    uid: who.uid,
    user_id: who.email,
    nickname: who.uid,
    profile_img: '',
    alerts: [],
    ...over
  })

  const db = (ctx: RulesTestContext): firebase.firestore.Firestore => ctx.firestore()

  async function seed(path: string, data: Record<string, unknown>): Promise<void> {
    await env.withSecurityRulesDisabled(async (ctx) => {
      await ctx.firestore().doc(path).set(data)
    })
  }

  beforeAll(async () => {
    env = await initializeTestEnvironment({
      projectId: PROJECT_ID,
      firestore: { rules: readRules('firebase/firestore.rules'), ...emulator('firestore') }
    })
  })
  afterAll(async () => {
    await env?.cleanup()
  })
  beforeEach(async () => {
    await env.clearFirestore()
  })

  // ---------------------------------------------------------------- magazinePost: read

  describe('magazinePost read', () => {
    it('allows a visitor to read a post', async () => {
      await seed('magazinePost/p1', webPost())
      await assertSucceeds(db(visitor(env)).doc('magazinePost/p1').get())
    })

    it('allows a visitor to query the feed', async () => {
      await seed('magazinePost/p1', webPost())
      await assertSucceeds(db(visitor(env)).collection('magazinePost').limit(10).get())
    })
  })

  // ---------------------------------------------------------------- magazinePost: create

  describe('magazinePost create', () => {
    it('allows a signed-in user to create a post in the web app shape (no createdAt, no id)', async () => {
      await assertSucceeds(db(signedIn(env, ALICE)).collection('magazinePost').add(webPost()))
    })

    it('allows Magpie\'s shape: createdAt = server time and an id', async () => {
      await assertSucceeds(
        db(signedIn(env, ALICE))
          .doc('magazinePost/p-new')
          .set(webPost({ createdAt: FieldValue.serverTimestamp(), id: 'p-new', layout: 'Left' }))
      )
    })

    it('allows text of exactly 2000 characters and every layout', async () => {
      const alice = db(signedIn(env, ALICE))
      await assertSucceeds(alice.collection('magazinePost').add(webPost({ postTxt: '가'.repeat(2000) })))
      await assertSucceeds(alice.collection('magazinePost').add(webPost({ layout: 'Right' })))
    })

    it('denies a visitor', async () => {
      await assertFails(db(visitor(env)).collection('magazinePost').add(webPost()))
    })

    it('denies posted_uid of someone else', async () => {
      await assertFails(db(signedIn(env, BOB)).collection('magazinePost').add(webPost({ postedBy: BOB.email })))
    })

    it('denies postedBy of someone else\'s email', async () => {
      await assertFails(db(signedIn(env, ALICE)).collection('magazinePost').add(webPost({ postedBy: BOB.email })))
    })

    it('denies a layout outside Top/Left/Right', async () => {
      await assertFails(db(signedIn(env, ALICE)).collection('magazinePost').add(webPost({ layout: 'Center' })))
      await assertFails(db(signedIn(env, ALICE)).collection('magazinePost').add(webPost({ layout: 'top' })))
    })

    it('denies an extra key', async () => {
      await assertFails(db(signedIn(env, ALICE)).collection('magazinePost').add(webPost({ isAdmin: true })))
    })

    it('denies a missing required field', async () => {
      await assertFails(db(signedIn(env, ALICE)).collection('magazinePost').add(without(webPost(), 'postImg')))
      await assertFails(db(signedIn(env, ALICE)).collection('magazinePost').add(without(webPost(), 'likedBy')))
    })

    it('denies text of 2001 characters', async () => {
      await assertFails(db(signedIn(env, ALICE)).collection('magazinePost').add(webPost({ postTxt: 'a'.repeat(2001) })))
    })

    it('denies empty or whitespace-only text', async () => {
      const alice = db(signedIn(env, ALICE))
      await assertFails(alice.collection('magazinePost').add(webPost({ postTxt: '' })))
      await assertFails(alice.collection('magazinePost').add(webPost({ postTxt: '  \n\t ' })))
    })

    it('denies a non-string text', async () => {
      await assertFails(db(signedIn(env, ALICE)).collection('magazinePost').add(webPost({ postTxt: 42 })))
    })

    it('denies a nickname that is empty or longer than 20', async () => {
      const alice = db(signedIn(env, ALICE))
      await assertFails(alice.collection('magazinePost').add(webPost({ nickname: '' })))
      await assertFails(alice.collection('magazinePost').add(webPost({ nickname: 'n'.repeat(21) })))
    })

    it('denies an empty postImg and an over-long profileImg', async () => {
      const alice = db(signedIn(env, ALICE))
      await assertFails(alice.collection('magazinePost').add(webPost({ postImg: '' })))
      await assertFails(alice.collection('magazinePost').add(webPost({ profileImg: 'x'.repeat(2049) })))
    })

    it('denies a postDate longer than 64', async () => {
      await assertFails(db(signedIn(env, ALICE)).collection('magazinePost').add(webPost({ postDate: 'd'.repeat(65) })))
    })

    it('denies a new post that already has likes', async () => {
      await assertFails(db(signedIn(env, ALICE)).collection('magazinePost').add(webPost({ likedBy: [BOB.email] })))
    })

    it('denies a createdAt that is not the server time', async () => {
      await assertFails(
        db(signedIn(env, ALICE))
          .collection('magazinePost')
          .add(webPost({ createdAt: firebase.firestore.Timestamp.fromMillis(Date.now() - 60_000) }))
      )
    })

    it('denies a non-string id', async () => {
      await assertFails(db(signedIn(env, ALICE)).collection('magazinePost').add(webPost({ id: 7 })))
    })
  })

  // ---------------------------------------------------------------- magazinePost: author edit

  describe('magazinePost edit by the author', () => {
    beforeEach(async () => {
      await seed('magazinePost/p1', webPost({ likedBy: [CAROL.email] }))
    })

    it('allows the author to edit in the web app shape (all six fields sent)', async () => {
      await assertSucceeds(
        db(signedIn(env, ALICE)).doc('magazinePost/p1').update({
          id: 'p1',
          nickname: '앨리스',
          profileImg: '',
          postImg: 'https://example.com/postImg/1700000000001',
          postTxt: '고친 글',
          layout: 'Right'
        })
      )
    })

    it('allows the author to edit a single field', async () => {
      await assertSucceeds(db(signedIn(env, ALICE)).doc('magazinePost/p1').update({ postTxt: '짧게 고침' }))
    })

    it('validates only the fields that change (older post with an over-long nickname)', async () => {
      await seed('magazinePost/old', webPost({ nickname: '아주아주아주아주아주아주아주아주긴닉네임입니다' }))
      await assertSucceeds(
        db(signedIn(env, ALICE))
          .doc('magazinePost/old')
          .update({ nickname: '아주아주아주아주아주아주아주아주긴닉네임입니다', layout: 'Left' })
      )
    })

    it('denies an edit with text of 2001 characters, empty text or a bad layout', async () => {
      const post = db(signedIn(env, ALICE)).doc('magazinePost/p1')
      await assertFails(post.update({ postTxt: 'a'.repeat(2001) }))
      await assertFails(post.update({ postTxt: '   ' }))
      await assertFails(post.update({ layout: 'Bottom' }))
      await assertFails(post.update({ postImg: '' }))
    })

    it('denies the author changing the author fields', async () => {
      const post = db(signedIn(env, ALICE)).doc('magazinePost/p1')
      await assertFails(post.update({ postedBy: BOB.email }))
      await assertFails(post.update({ posted_uid: BOB.uid }))
    })

    it('denies the author changing fields outside the edit set (postDate, createdAt, new keys)', async () => {
      const post = db(signedIn(env, ALICE)).doc('magazinePost/p1')
      await assertFails(post.update({ postDate: '2024. 1. 1. 00:00' }))
      await assertFails(post.update({ createdAt: FieldValue.serverTimestamp() }))
      await assertFails(post.update({ pinned: true }))
    })

    it('denies the author removing a field', async () => {
      await assertFails(db(signedIn(env, ALICE)).doc('magazinePost/p1').update({ postTxt: FieldValue.delete() }))
    })

    it('denies the author changing likedBy together with another field', async () => {
      await assertFails(
        db(signedIn(env, ALICE))
          .doc('magazinePost/p1')
          .update({ postTxt: '고친 글', likedBy: FieldValue.arrayUnion(ALICE.email) })
      )
    })

    it('denies another signed-in user editing the post', async () => {
      await assertFails(db(signedIn(env, BOB)).doc('magazinePost/p1').update({ postTxt: '남의 글 고치기' }))
    })

    it('denies a visitor editing the post', async () => {
      await assertFails(db(visitor(env)).doc('magazinePost/p1').update({ postTxt: '방문자' }))
    })

    it('denies the right uid with another email, and the right email with another uid', async () => {
      const sameUid = env.authenticatedContext(ALICE.uid, { email: 'mallory@example.com' })
      const sameEmail = env.authenticatedContext('mallory', { email: ALICE.email })
      await assertFails(db(sameUid).doc('magazinePost/p1').update({ postTxt: '가짜' }))
      await assertFails(db(sameEmail).doc('magazinePost/p1').update({ postTxt: '가짜' }))
    })
  })

  // ---------------------------------------------------------------- magazinePost: likes

  describe('magazinePost likes', () => {
    beforeEach(async () => {
      await seed('magazinePost/p1', webPost({ likedBy: [CAROL.email] }))
    })

    it('allows another user to add their own email (web app: whole list written)', async () => {
      await assertSucceeds(db(signedIn(env, BOB)).doc('magazinePost/p1').update({ likedBy: [CAROL.email, BOB.email] }))
    })

    it('allows another user to add their own email with arrayUnion (Magpie)', async () => {
      await assertSucceeds(db(signedIn(env, BOB)).doc('magazinePost/p1').update({ likedBy: FieldValue.arrayUnion(BOB.email) }))
    })

    it('allows a user to remove their own email (whole list, and arrayRemove)', async () => {
      await assertSucceeds(db(signedIn(env, CAROL)).doc('magazinePost/p1').update({ likedBy: [] }))
      await seed('magazinePost/p2', webPost({ likedBy: [CAROL.email, BOB.email] }))
      await assertSucceeds(db(signedIn(env, CAROL)).doc('magazinePost/p2').update({ likedBy: FieldValue.arrayRemove(CAROL.email) }))
    })

    it('allows the author to like and unlike their own post', async () => {
      const post = db(signedIn(env, ALICE)).doc('magazinePost/p1')
      await assertSucceeds(post.update({ likedBy: FieldValue.arrayUnion(ALICE.email) }))
      await assertSucceeds(post.update({ likedBy: FieldValue.arrayRemove(ALICE.email) }))
    })

    it('allows a repeated like that changes nothing (idempotent arrayUnion)', async () => {
      await assertSucceeds(db(signedIn(env, CAROL)).doc('magazinePost/p1').update({ likedBy: FieldValue.arrayUnion(CAROL.email) }))
    })

    it('denies adding someone else\'s email', async () => {
      await assertFails(db(signedIn(env, BOB)).doc('magazinePost/p1').update({ likedBy: FieldValue.arrayUnion('dave@example.com') }))
    })

    it('denies removing someone else\'s email', async () => {
      await assertFails(db(signedIn(env, BOB)).doc('magazinePost/p1').update({ likedBy: FieldValue.arrayRemove(CAROL.email) }))
    })

    it('denies adding two emails (own and another)', async () => {
      await assertFails(
        db(signedIn(env, BOB)).doc('magazinePost/p1').update({ likedBy: [CAROL.email, BOB.email, 'dave@example.com'] })
      )
    })

    it('denies removing two emails', async () => {
      await seed('magazinePost/p2', webPost({ likedBy: [CAROL.email, BOB.email] }))
      await assertFails(db(signedIn(env, BOB)).doc('magazinePost/p2').update({ likedBy: [] }))
    })

    it('denies swapping someone else\'s like for one\'s own', async () => {
      await assertFails(db(signedIn(env, BOB)).doc('magazinePost/p1').update({ likedBy: [BOB.email] }))
    })

    it('denies adding one\'s own email twice', async () => {
      await assertFails(db(signedIn(env, BOB)).doc('magazinePost/p1').update({ likedBy: [CAROL.email, BOB.email, BOB.email] }))
    })

    it('denies changing another field together with likedBy', async () => {
      await assertFails(
        db(signedIn(env, BOB))
          .doc('magazinePost/p1')
          .update({ likedBy: FieldValue.arrayUnion(BOB.email), nickname: '해커' })
      )
      await assertFails(db(signedIn(env, BOB)).doc('magazinePost/p1').update({ postTxt: '좋아요와 함께' }))
    })

    it('denies replacing likedBy with a non-list', async () => {
      await assertFails(db(signedIn(env, BOB)).doc('magazinePost/p1').update({ likedBy: BOB.email }))
    })

    it('denies a visitor liking', async () => {
      await assertFails(db(visitor(env)).doc('magazinePost/p1').update({ likedBy: FieldValue.arrayUnion('visitor@example.com') }))
    })

    it('denies a like that would make likedBy longer than 10000', async () => {
      const full = Array.from({ length: 10_000 }, (_, i) => `u${i}@example.com`)
      await seed('magazinePost/full', webPost({ likedBy: full }))
      await assertFails(db(signedIn(env, BOB)).doc('magazinePost/full').update({ likedBy: FieldValue.arrayUnion(BOB.email) }))
    })
  })

  // ---------------------------------------------------------------- magazinePost: delete

  describe('magazinePost delete', () => {
    beforeEach(async () => {
      await seed('magazinePost/p1', webPost())
    })

    it('allows the author to delete', async () => {
      await assertSucceeds(db(signedIn(env, ALICE)).doc('magazinePost/p1').delete())
    })

    it('denies another user', async () => {
      await assertFails(db(signedIn(env, BOB)).doc('magazinePost/p1').delete())
    })

    it('denies a visitor', async () => {
      await assertFails(db(visitor(env)).doc('magazinePost/p1').delete())
    })

    it('denies the right uid with another email, and the right email with another uid', async () => {
      await assertFails(db(env.authenticatedContext(ALICE.uid, { email: 'mallory@example.com' })).doc('magazinePost/p1').delete())
      await assertFails(db(env.authenticatedContext('mallory', { email: ALICE.email })).doc('magazinePost/p1').delete())
    })
  })

  // ---------------------------------------------------------------- magazineComments

  describe('magazineComments', () => {
    beforeEach(async () => {
      await seed('magazinePost/p1', webPost())
    })

    it('allows a visitor to read the comments of a post (and the whole collection, as the web app does)', async () => {
      await seed('magazineComments/c1', webComment())
      const anyone = db(visitor(env))
      await assertSucceeds(anyone.collection('magazineComments').where('post_id', '==', 'p1').get())
      await assertSucceeds(anyone.collection('magazineComments').get())
      await assertSucceeds(anyone.doc('magazineComments/c1').get())
    })

    it('allows a signed-in user to comment as themselves (web app shape, and with an id)', async () => {
      const bob = db(signedIn(env, BOB))
      await assertSucceeds(bob.collection('magazineComments').add(webComment()))
      await assertSucceeds(bob.doc('magazineComments/c9').set(webComment({ id: 'c9', comment: 'c'.repeat(500) })))
    })

    it('allows the post author to comment on their own post', async () => {
      await assertSucceeds(
        db(signedIn(env, ALICE)).collection('magazineComments').add(webComment({ comment_by: ALICE.email, comment_nick: '앨리스' }))
      )
    })

    it('denies a visitor', async () => {
      await assertFails(db(visitor(env)).collection('magazineComments').add(webComment()))
    })

    it('denies a comment in someone else\'s email', async () => {
      await assertFails(db(signedIn(env, BOB)).collection('magazineComments').add(webComment({ comment_by: CAROL.email })))
    })

    it('denies a comment on a missing post', async () => {
      await assertFails(db(signedIn(env, BOB)).collection('magazineComments').add(webComment({ post_id: 'nope' })))
    })

    it('denies a post_id that is empty or longer than 128', async () => {
      const bob = db(signedIn(env, BOB))
      await assertFails(bob.collection('magazineComments').add(webComment({ post_id: '' })))
      await assertFails(bob.collection('magazineComments').add(webComment({ post_id: 'p'.repeat(129) })))
    })

    it('denies comment text that is empty, whitespace-only or longer than 500', async () => {
      const bob = db(signedIn(env, BOB))
      await assertFails(bob.collection('magazineComments').add(webComment({ comment: '' })))
      await assertFails(bob.collection('magazineComments').add(webComment({ comment: ' \n ' })))
      await assertFails(bob.collection('magazineComments').add(webComment({ comment: 'c'.repeat(501) })))
    })

    it('denies a comment_nick that is empty or longer than 20', async () => {
      const bob = db(signedIn(env, BOB))
      await assertFails(bob.collection('magazineComments').add(webComment({ comment_nick: '' })))
      await assertFails(bob.collection('magazineComments').add(webComment({ comment_nick: 'n'.repeat(21) })))
    })

    it('denies a comment_time longer than 64', async () => {
      await assertFails(db(signedIn(env, BOB)).collection('magazineComments').add(webComment({ comment_time: 't'.repeat(65) })))
    })

    it('denies an extra key and a missing field', async () => {
      const bob = db(signedIn(env, BOB))
      await assertFails(bob.collection('magazineComments').add(webComment({ likes: 0 })))
      await assertFails(bob.collection('magazineComments').add(without(webComment(), 'comment_nick')))
    })

    it('denies any update, even by the comment author', async () => {
      await seed('magazineComments/c1', webComment())
      await assertFails(db(signedIn(env, BOB)).doc('magazineComments/c1').update({ comment: '고침' }))
    })

    it('allows the comment author to delete', async () => {
      await seed('magazineComments/c1', webComment())
      await assertSucceeds(db(signedIn(env, BOB)).doc('magazineComments/c1').delete())
    })

    it('denies deletion by a non-author (the post author included) and by a visitor', async () => {
      await seed('magazineComments/c1', webComment())
      await assertFails(db(signedIn(env, CAROL)).doc('magazineComments/c1').delete())
      await assertFails(db(signedIn(env, ALICE)).doc('magazineComments/c1').delete())
      await assertFails(db(visitor(env)).doc('magazineComments/c1').delete())
    })
  })

  // ---------------------------------------------------------------- users

  describe('users', () => {
    it('allows sign-up: the owner adds their document (automatic id, as the web app does)', async () => {
      await assertSucceeds(db(signedIn(env, ALICE)).collection('users').add(userDoc(ALICE)))
    })

    it('allows sign-up with a profile image URL and at a uid-named document', async () => {
      await assertSucceeds(
        db(signedIn(env, ALICE)).doc('users/alice').set(userDoc(ALICE, { profile_img: 'https://example.com/profileImg/1' }))
      )
    })

    it('denies a users document for another uid', async () => {
      await assertFails(db(signedIn(env, BOB)).collection('users').add(userDoc(ALICE, { user_id: BOB.email })))
    })

    it('denies a users document with another email', async () => {
      await assertFails(db(signedIn(env, BOB)).collection('users').add(userDoc(BOB, { user_id: ALICE.email })))
    })

    it('denies a visitor creating a users document', async () => {
      await assertFails(db(visitor(env)).collection('users').add(userDoc(ALICE)))
    })

    it('denies bad fields: long nickname, empty nickname, extra key, missing alerts, alerts not a list, long profile_img', async () => {
      const users = db(signedIn(env, ALICE)).collection('users')
      await assertFails(users.add(userDoc(ALICE, { nickname: 'n'.repeat(21) })))
      await assertFails(users.add(userDoc(ALICE, { nickname: '' })))
      await assertFails(users.add(userDoc(ALICE, { role: 'admin' })))
      await assertFails(users.add(without(userDoc(ALICE), 'alerts')))
      await assertFails(users.add(userDoc(ALICE, { alerts: 'none' })))
      await assertFails(users.add(userDoc(ALICE, { profile_img: 'x'.repeat(2049) })))
    })

    it('allows the owner to query their profile by email (SPEC.md §7 auth state) and to get it', async () => {
      await seed('users/u1', userDoc(ALICE))
      const alice = db(signedIn(env, ALICE))
      await assertSucceeds(alice.collection('users').where('user_id', '==', ALICE.email).get())
      await assertSucceeds(alice.doc('users/u1').get())
    })

    it('denies reading someone else\'s document, by id or by email', async () => {
      await seed('users/u1', userDoc(ALICE))
      const bob = db(signedIn(env, BOB))
      await assertFails(bob.doc('users/u1').get())
      await assertFails(bob.collection('users').where('user_id', '==', ALICE.email).get())
    })

    it('denies listing the whole users collection', async () => {
      await seed('users/u1', userDoc(ALICE))
      await assertFails(db(signedIn(env, ALICE)).collection('users').get())
    })

    it('denies a visitor reading users', async () => {
      await seed('users/u1', userDoc(ALICE))
      await assertFails(db(visitor(env)).doc('users/u1').get())
      await assertFails(db(visitor(env)).collection('users').where('user_id', '==', ALICE.email).get())
    })

    it('allows the owner to update their document', async () => {
      await seed('users/u1', userDoc(ALICE))
      await assertSucceeds(db(signedIn(env, ALICE)).doc('users/u1').update({ nickname: '새닉네임', profile_img: 'https://example.com/p' }))
    })

    it('denies another user updating it, or taking it over', async () => {
      await seed('users/u1', userDoc(ALICE))
      const bob = db(signedIn(env, BOB))
      await assertFails(bob.doc('users/u1').update({ nickname: '해커' }))
      await assertFails(bob.doc('users/u1').set(userDoc(BOB)))
    })

    it('denies the owner changing uid or user_id away from themselves, or adding a key', async () => {
      await seed('users/u1', userDoc(ALICE))
      const mine = db(signedIn(env, ALICE)).doc('users/u1')
      await assertFails(mine.update({ uid: BOB.uid }))
      await assertFails(mine.update({ user_id: BOB.email }))
      await assertFails(mine.update({ admin: true }))
    })

    it('denies deleting a users document, even by the owner', async () => {
      await seed('users/u1', userDoc(ALICE))
      await assertFails(db(signedIn(env, ALICE)).doc('users/u1').delete())
    })
  })

  // ---------------------------------------------------------------- anything else

  describe('other collections', () => {
    it('denies reading and writing any other collection', async () => {
      await seed('secrets/s1', { x: 1 })
      await assertFails(db(signedIn(env, ALICE)).doc('secrets/s1').get())
      await assertFails(db(signedIn(env, ALICE)).doc('secrets/s2').set({ x: 1 }))
      await assertFails(db(visitor(env)).doc('secrets/s1').get())
    })
  })
})

// ================================================================ Realtime Database

describe('Realtime Database rules', () => {
  let env: RulesTestEnvironment

  /** An alert exactly as the web app pushes it (SPEC.md §3 Alert). */
  const alertEntry = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
    date: '2023. 11. 14. 22:15',
    post_id: 'p1',
    committed_by: '밥',
    alert_type: 'like',
    ...over
  })

  const rtdb = (ctx: RulesTestContext): firebase.database.Database => ctx.database()
  /** push() returns a thenable reference; make it a plain promise. */
  const push = (ctx: RulesTestContext, path: string, value: unknown): Promise<unknown> =>
    Promise.resolve(rtdb(ctx).ref(path).push(value))

  async function seed(path: string, value: unknown): Promise<void> {
    await env.withSecurityRulesDisabled(async (ctx) => {
      await ctx.database().ref(path).set(value)
    })
  }

  beforeAll(async () => {
    env = await initializeTestEnvironment({
      projectId: PROJECT_ID,
      database: { rules: readRules('firebase/database.rules.json'), ...emulator('database') }
    })
  })
  afterAll(async () => {
    await env?.cleanup()
  })
  beforeEach(async () => {
    await env.clearDatabase()
    await seed('users/alice/alerts', { a1: alertEntry(), a2: alertEntry({ alert_type: 'comment', committed_by: '캐롤' }) })
  })

  it('allows another signed-in user to push a like alert and a comment alert', async () => {
    await assertSucceeds(push(signedIn(env, BOB), 'users/alice/alerts', alertEntry()))
    await assertSucceeds(push(signedIn(env, BOB), 'users/alice/alerts', alertEntry({ alert_type: 'comment' })))
  })

  it('allows a push to a user who has no alerts yet', async () => {
    await assertSucceeds(push(signedIn(env, ALICE), 'users/bob/alerts', alertEntry({ committed_by: '앨리스' })))
  })

  it('denies a push with an extra field', async () => {
    await assertFails(push(signedIn(env, BOB), 'users/alice/alerts', alertEntry({ read: false })))
  })

  it('denies a push with a bad alert_type', async () => {
    await assertFails(push(signedIn(env, BOB), 'users/alice/alerts', alertEntry({ alert_type: 'follow' })))
    await assertFails(push(signedIn(env, BOB), 'users/alice/alerts', alertEntry({ alert_type: 'Like' })))
  })

  it('denies a push with a missing field', async () => {
    const bob = signedIn(env, BOB)
    await assertFails(push(bob, 'users/alice/alerts', without(alertEntry(), 'date')))
    await assertFails(push(bob, 'users/alice/alerts', without(alertEntry(), 'post_id')))
    await assertFails(push(bob, 'users/alice/alerts', without(alertEntry(), 'committed_by')))
    await assertFails(push(bob, 'users/alice/alerts', without(alertEntry(), 'alert_type')))
  })

  it('denies badly typed or sized fields', async () => {
    const bob = signedIn(env, BOB)
    await assertFails(push(bob, 'users/alice/alerts', alertEntry({ date: 1700000000000 })))
    await assertFails(push(bob, 'users/alice/alerts', alertEntry({ date: 'd'.repeat(65) })))
    await assertFails(push(bob, 'users/alice/alerts', alertEntry({ post_id: '' })))
    await assertFails(push(bob, 'users/alice/alerts', alertEntry({ post_id: 'p'.repeat(129) })))
    await assertFails(push(bob, 'users/alice/alerts', alertEntry({ committed_by: '' })))
    await assertFails(push(bob, 'users/alice/alerts', alertEntry({ committed_by: 'n'.repeat(21) })))
  })

  it('denies a visitor pushing', async () => {
    await assertFails(push(visitor(env), 'users/alice/alerts', alertEntry()))
  })

  it('denies a push to oneself (alerts go to the author only when someone else acts)', async () => {
    await assertFails(push(signedIn(env, ALICE), 'users/alice/alerts', alertEntry({ committed_by: '앨리스' })))
  })

  it('allows the owner to read their alerts', async () => {
    await assertSucceeds(rtdb(signedIn(env, ALICE)).ref('users/alice/alerts').get())
  })

  it('denies a non-owner and a visitor reading them', async () => {
    await assertFails(rtdb(signedIn(env, BOB)).ref('users/alice/alerts').get())
    await assertFails(rtdb(signedIn(env, BOB)).ref('users/alice/alerts/a1').get())
    await assertFails(rtdb(visitor(env)).ref('users/alice/alerts').get())
  })

  it('allows the owner to remove one alert', async () => {
    await assertSucceeds(rtdb(signedIn(env, ALICE)).ref('users/alice/alerts/a1').remove())
  })

  it('allows the owner to clear all alerts (set to null)', async () => {
    await assertSucceeds(rtdb(signedIn(env, ALICE)).ref('users/alice/alerts').set(null))
  })

  it('denies another user removing an alert or clearing all', async () => {
    const bob = rtdb(signedIn(env, BOB))
    await assertFails(bob.ref('users/alice/alerts/a1').remove())
    await assertFails(bob.ref('users/alice/alerts').set(null))
    await assertFails(rtdb(visitor(env)).ref('users/alice/alerts/a1').remove())
  })

  it('denies another user modifying an existing alert', async () => {
    const bob = rtdb(signedIn(env, BOB))
    await assertFails(bob.ref('users/alice/alerts/a1').set(alertEntry({ committed_by: '밥' })))
    await assertFails(bob.ref('users/alice/alerts/a1').update({ alert_type: 'comment' }))
    await assertFails(bob.ref('users/alice/alerts/a1/alert_type').set('comment'))
  })

  it('denies the owner modifying or adding alerts (the owner only deletes)', async () => {
    const alice = rtdb(signedIn(env, ALICE))
    await assertFails(alice.ref('users/alice/alerts/a1').update({ alert_type: 'comment' }))
    await assertFails(alice.ref('users/alice/alerts').set({ x: alertEntry() }))
  })

  it('denies another user replacing the whole alerts list', async () => {
    await assertFails(rtdb(signedIn(env, BOB)).ref('users/alice/alerts').set({ x: alertEntry() }))
  })

  it('denies everything outside users/{uid}/alerts', async () => {
    const alice = rtdb(signedIn(env, ALICE))
    await assertFails(alice.ref('/').get())
    await assertFails(alice.ref('users/alice').get())
    await assertFails(alice.ref('users/alice/profile').set({ nickname: 'x' }))
    await assertFails(alice.ref('posts/p1').set({ x: 1 }))
    await assertFails(alice.ref('users/alice').set(null))
  })
})

// ================================================================ Storage

describe('Storage rules', () => {
  let env: RulesTestEnvironment
  const MB = 1024 * 1024
  let counter = 0
  /** A fresh timestamp-like file name per upload, so tests never share objects. */
  const fresh = (): string => `${Date.now()}${String(counter++).padStart(4, '0')}`

  type Metadata = firebase.storage.UploadMetadata
  const put = (ctx: RulesTestContext, path: string, size: number, metadata: Metadata): Promise<unknown> =>
    ctx
      .storage()
      .ref(path)
      .put(new Uint8Array(size), metadata)
      .then((snapshot) => snapshot)
  const jpeg = (uploader?: string): Metadata =>
    uploader === undefined ? { contentType: 'image/jpeg' } : { contentType: 'image/jpeg', customMetadata: { uploader } }

  async function seed(path: string, metadata: Metadata): Promise<void> {
    await env.withSecurityRulesDisabled(async (ctx) => {
      await ctx.storage().ref(path).put(new Uint8Array(16), metadata)
    })
  }

  beforeAll(async () => {
    env = await initializeTestEnvironment({
      projectId: PROJECT_ID,
      storage: { rules: readRules('firebase/storage.rules'), ...emulator('storage') }
    })
  })
  afterAll(async () => {
    if (!env) return
    // clearStorage() only removes top-level objects; ours live in folders.
    await env.withSecurityRulesDisabled(async (ctx) => {
      for (const folder of ['postImg', 'profileImg', 'other']) {
        const { items } = await ctx.storage().ref(folder).listAll()
        await Promise.all(items.map((item) => item.delete()))
      }
    })
    await env.cleanup()
  })

  it('allows a visitor to read a post image and a profile image', async () => {
    const post = `postImg/${fresh()}`
    const profile = `profileImg/${fresh()}`
    await seed(post, jpeg(BOB.uid))
    await seed(profile, jpeg(BOB.uid))
    await assertSucceeds(visitor(env).storage().ref(post).getMetadata())
    await assertSucceeds(visitor(env).storage().ref(profile).getMetadata())
  })

  it('denies listing the image folders', async () => {
    await seed(`postImg/${fresh()}`, jpeg(BOB.uid))
    await assertFails(visitor(env).storage().ref('postImg').listAll())
    await assertFails(signedIn(env, BOB).storage().ref('profileImg').listAll())
  })

  it('allows a signed-in user to upload a post image and a profile image marked as theirs', async () => {
    await assertSucceeds(put(signedIn(env, BOB), `postImg/${fresh()}`, 1024, jpeg(BOB.uid)))
    await assertSucceeds(put(signedIn(env, BOB), `profileImg/${fresh()}`, 1024, jpeg(BOB.uid)))
  })

  it('allows every image type Magpie writes: PNG, WebP, GIF, AVIF', async () => {
    for (const contentType of ['image/png', 'image/webp', 'image/gif', 'image/avif']) {
      await assertSucceeds(put(signedIn(env, BOB), `postImg/${fresh()}`, 64, { contentType, customMetadata: { uploader: BOB.uid } }))
    }
  })

  it('allows an upload without the uploader mark (the original web app does not set it)', async () => {
    await assertSucceeds(put(signedIn(env, BOB), `postImg/${fresh()}`, 1024, jpeg()))
  })

  it('allows exactly 10 MB', async () => {
    await assertSucceeds(put(signedIn(env, BOB), `postImg/${fresh()}`, 10 * MB, jpeg(BOB.uid)))
  })

  it('denies 11 MB', async () => {
    await assertFails(put(signedIn(env, BOB), `postImg/${fresh()}`, 11 * MB, jpeg(BOB.uid)))
  })

  it('denies SVG and other non-image content types', async () => {
    const bob = signedIn(env, BOB)
    const meta = (contentType: string): Metadata => ({ contentType, customMetadata: { uploader: BOB.uid } })
    await assertFails(put(bob, `postImg/${fresh()}`, 64, meta('image/svg+xml')))
    await assertFails(put(bob, `postImg/${fresh()}`, 64, meta('text/html')))
    await assertFails(put(bob, `profileImg/${fresh()}`, 64, meta('application/octet-stream')))
    await assertFails(put(bob, `postImg/${fresh()}`, 64, meta('image/heic')))
  })

  it('denies a visitor uploading', async () => {
    await assertFails(put(visitor(env), `postImg/${fresh()}`, 1024, jpeg()))
    await assertFails(put(visitor(env), `profileImg/${fresh()}`, 1024, jpeg()))
  })

  it('denies an upload marked as someone else\'s', async () => {
    await assertFails(put(signedIn(env, BOB), `postImg/${fresh()}`, 1024, jpeg(ALICE.uid)))
  })

  it('denies file names that are not timestamp-like', async () => {
    const bob = signedIn(env, BOB)
    await assertFails(put(bob, 'postImg/photo.jpg', 64, jpeg(BOB.uid)))
    await assertFails(put(bob, `postImg/${'1'.repeat(65)}`, 64, jpeg(BOB.uid)))
    await assertFails(put(bob, `postImg/${fresh()}/nested`, 64, jpeg(BOB.uid)))
  })

  it('denies reading and writing outside postImg/ and profileImg/', async () => {
    const path = `other/${fresh()}`
    await seed(path, jpeg(BOB.uid))
    await assertFails(visitor(env).storage().ref(path).getMetadata())
    await assertFails(signedIn(env, BOB).storage().ref(path).getMetadata())
    await assertFails(put(signedIn(env, BOB), `other/${fresh()}`, 64, jpeg(BOB.uid)))
    await assertFails(put(signedIn(env, BOB), fresh(), 64, jpeg(BOB.uid)))
  })

  it('allows the uploader to overwrite their own image', async () => {
    const path = `postImg/${fresh()}`
    await seed(path, jpeg(BOB.uid))
    await assertSucceeds(put(signedIn(env, BOB), path, 2048, jpeg(BOB.uid)))
  })

  it('denies someone else overwriting an image', async () => {
    const path = `postImg/${fresh()}`
    await seed(path, jpeg(BOB.uid))
    await assertFails(put(signedIn(env, ALICE), path, 2048, jpeg(ALICE.uid)))
    await assertFails(put(signedIn(env, ALICE), path, 2048, jpeg(BOB.uid)))
  })

  it('denies overwriting an image that carries no uploader mark (web app upload)', async () => {
    const path = `profileImg/${fresh()}`
    await seed(path, jpeg())
    await assertFails(put(signedIn(env, BOB), path, 2048, jpeg(BOB.uid)))
  })

  it('allows the uploader to delete their image', async () => {
    const path = `postImg/${fresh()}`
    await seed(path, jpeg(BOB.uid))
    await assertSucceeds(signedIn(env, BOB).storage().ref(path).delete())
  })

  it('denies deletion by someone else, by a visitor, and of an unmarked image', async () => {
    const path = `postImg/${fresh()}`
    await seed(path, jpeg(BOB.uid))
    await assertFails(signedIn(env, ALICE).storage().ref(path).delete())
    await assertFails(visitor(env).storage().ref(path).delete())
    const legacy = `postImg/${fresh()}`
    await seed(legacy, jpeg())
    await assertFails(signedIn(env, BOB).storage().ref(legacy).delete())
  })
})
