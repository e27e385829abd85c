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
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { webDate } from '../../src/main/firebase/mapping'
import { cleanupCommunityApps, startProjectApp } from '../support/main/community-app'
import { backendContract } from '../support/main/contract-suite'
import { createFakeFirebase } from '../support/fake-firebase/fake-firebase'
import type { ConnectFirebase, EmulatorHosts } from '../../src/main/firebase/ports'
import { connectFirebase } from '../../src/main/firebase/sdk-adapter'
import { cleanupTestApps, createClock } from '../support/main/test-app'
import { emulatorCommunity as community, emulatorHost } from '../support/emulators/project'
import { rulesEnvironment, signedIn } from '../support/emulators/rules'

const emulators: EmulatorHosts = { auth: emulatorHost('auth'), firestore: emulatorHost('firestore') }

let env: RulesTestEnvironment | null = null

beforeAll(async () => {
  env = await rulesEnvironment('firestore')
})

afterAll(async () => {
  await env?.cleanup()
})

/** The real SDK adapter for accounts and documents, the fake for alerts, photos and the online state. */
function projectConnect(fake: ReturnType<typeof createFakeFirebase>): ConnectFirebase {
  return async (config) => {
    const real = await connectFirebase(config, emulators)
    const stand = await fake.connect(config)
    return {
      config,
      auth: real.auth,
      docs: real.docs,
      alerts: stand.alerts,
      files: stand.files,
      connectivity: stand.connectivity,
      async close() {
        await stand.close()
        await real.close()
      }
    }
  }
}

backendContract(
  'community on the Auth + Firestore emulators (fake Realtime Database and Storage)',
  async () => {
    // One fake per test, as one emulator project: everyone's alerts and photos.
    const fake = createFakeFirebase({ rules: false })
    const connect = projectConnect(fake)
    return {
      client: () => startProjectApp({ connect, idle: fake.idle, emulators }, { community }),
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
