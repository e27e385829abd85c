/**
 * The backend contract (tests/support/main/contract-suite.ts) with the real Auth and Firestore
 * emulators: the whole app — dispatch, community services, mirror, listeners — on the real
 * SDK adapter for accounts and documents, with the shipped Firestore rules loaded. The
 * Realtime Database (alerts) and Storage (photos) come from the in-memory fake, whose rules
 * checks are off here: it never learns who the real Auth emulator signed in (those rules are
 * proven by database-rules.targaryen.test.ts, and on the real emulators by rules.test.ts in
 * `npm run test:firebase`). The connection's online state is the fake's too: the adapter's
 * own watches the Realtime Database, which does not run here.
 *
 * In `npm test` on the emulators its run starts (vitest.emulators.config.ts); in
 * `npm run test:firebase` too (there contract.test.ts also runs it on every real emulator).
 */
import type { RulesTestEnvironment } from '@firebase/rules-unit-testing'
import firebase from 'firebase/compat/app'
import 'firebase/compat/firestore'
import { afterAll, beforeAll, beforeEach, expect, it, vi } from 'vitest'
import { webDate } from '../../src/main/firebase/mapping'
import { cleanupCommunityApps, join, startProjectApp } from '../support/main/community-app'
import { backendContract } from '../support/main/contract-suite'
import { createFakeFirebase } from '../support/fake-firebase/fake-firebase'
import { firestoreEmulators, projectConnect } from '../support/emulators/project-connect'
import { cleanupTestApps, createClock } from '../support/main/test-app'
import { emulatorCommunity as community } from '../support/emulators/project'
import { rulesEnvironment, signedIn } from '../support/emulators/rules'

const emulators = firestoreEmulators

let env: RulesTestEnvironment | null = null

beforeAll(async () => {
  env = await rulesEnvironment('firestore')
})

afterAll(async () => {
  await env?.cleanup()
})

// Each test its own project: names people hold (nicknames/{key}) do not carry over from the last one.
beforeEach(async () => {
  await env?.clearFirestore()
})

backendContract(
  'community on the Auth + Firestore emulators (fake Realtime Database and Storage)',
  async () => {
    // One fake per test, as one emulator project: everyone's alerts and photos.
    const fake = createFakeFirebase({ rules: false })
    const connect = projectConnect(fake)
    return {
      // The real clock: the rules take a post dated today only (a day any writer could be living).
      client: () => startProjectApp({ connect, idle: fake.idle, emulators }, { community, clock: createClock(Date.now()) }),
      async close() {
        await cleanupCommunityApps()
        await cleanupTestApps()
      }
    }
  },
  { propagationMs: 20_000, testTimeoutMs: 120_000 }
)

it("a post the web app writes (addDoc, no createdAt, a ko-KR postDate of now) is in an open Magpie's feed within 5 s (issue 21, defect 1)", async () => {
  const fake = createFakeFirebase({ rules: false })
  // The app's clock is the real one here: the days it watches are the days being written now.
  const app = await startProjectApp({ connect: projectConnect(fake), idle: fake.idle, emulators }, { community, clock: createClock(Date.now()) })
  try {
    // Started, its first scan done: only a listener can bring what comes now.
    await app.settle()
    await app.call('posts:feed', {})
    const web = { uid: 'web-writer', email: 'web-writer@example.com' }
    // As Write.js, signed in, through the shipped rules.
    const ref = await signedIn(env!, web)
      .firestore()
      .collection('magazinePost')
      .add({
        postedBy: web.email,
        posted_uid: web.uid,
        nickname: '웹 작가',
        profileImg: '',
        postImg: 'https://firebasestorage.googleapis.com/v0/b/demo-magpie/o/postImg%2F1?alt=media',
        postTxt: '웹에서 방금 쓴 글',
        postDate: webDate(Date.now()),
        likedBy: [],
        layout: 'Top'
      })
    await vi.waitFor(async () => expect((await app.call('posts:feed', {})).posts[0]?.id).toBe(ref.id), { timeout: 5_000, interval: 100 })
  } finally {
    await cleanupCommunityApps()
    await cleanupTestApps()
  }
})

it("a Magpie edit of a post its author wrote in the web app puts it in the server's ordered feed, in its place (issue 21, defect 3)", async () => {
  const fake = createFakeFirebase({ rules: false })
  const project = { connect: projectConnect(fake), idle: fake.idle, emulators }
  try {
    const first = await startProjectApp(project, { community, clock: createClock(Date.now()) })
    const alice = await join(first, 'defect3-alice', { nickname: '앨리스' })
    /** Reads and writes past the rules (the console). */
    const admin = async <T>(work: (db: firebase.firestore.Firestore) => Promise<T>): Promise<T> => {
      let result!: T
      await env!.withSecurityRulesDisabled(async (ctx) => {
        result = await work(ctx.firestore() as unknown as firebase.firestore.Firestore)
      })
      return result
    }
    const uid = (await admin((db) => db.collection('users').where('user_id', '==', alice.email).get())).docs[0]!.id
    const post = (over: Record<string, unknown>) => ({
      postedBy: alice.email,
      posted_uid: uid,
      nickname: '앨리스',
      profileImg: '',
      postImg: 'https://firebasestorage.googleapis.com/v0/b/demo-magpie/o/postImg%2F3?alt=media',
      postTxt: '글',
      likedBy: [],
      layout: 'Top',
      ...over
    })
    const at = (iso: string) => firebase.firestore.Timestamp.fromDate(new Date(iso))
    const later = await admin((db) => db.collection('magazinePost').add(post({ postDate: '2025. 7. 1. 오전 10:00', createdAt: at('2025-07-01T01:00:00Z') })))
    const earlier = await admin((db) => db.collection('magazinePost').add(post({ postDate: '2025. 5. 1. 오전 10:00', createdAt: at('2025-05-01T01:00:00Z') })))
    // As Write.js wrote it last June (no createdAt); the rules take only today's date on a create now, so it is put as it was then.
    const written = await admin((db) => db.collection('magazinePost').add(post({ postTxt: '웹 글', postDate: '2025. 6. 1. 오전 10:00' })))

    // A copy that connects now finds it by its scan, and alice edits it there.
    const editor = await startProjectApp(project, { community, clock: createClock(Date.now()) })
    await editor.call('auth:login', { email: alice.email, password: alice.password })
    await editor.call('posts:update', { id: written.id, text: '웹 글 고침', layout: 'Left' })

    const ordered = await admin((db) => db.collection('magazinePost').orderBy('createdAt', 'desc').get())
    expect(ordered.docs.map((doc) => doc.id).filter((id) => [later.id, written.id, earlier.id].includes(id))).toEqual([later.id, written.id, earlier.id])
  } finally {
    await cleanupCommunityApps()
    await cleanupTestApps()
  }
})
