import type { FirebaseWebConfig } from '@shared/types'
import type { Store } from '../../../src/main/store'
import { createPost, signUp, startHarness, type AppHarness, type TestAppOptions } from './test-app'
import { countReads } from '../../../src/main/firebase/counting'
import { createFakeFirebase, type FakeFirebase } from '../fake-firebase/fake-firebase'
import type { ConnectFirebase, EmulatorHosts, FirebasePorts } from '../../../src/main/firebase/ports'

/**
 * Test bench for community mode: a real Magpie (createMagpie, dispatch, watcher, live
 * service) connected to a fake Firebase project, driven through dispatch as the renderer
 * drives it. Several apps on one fake stand for several people (or copies) sharing the
 * project. Call cleanupCommunityApps, then test-app's cleanupTestApps, after each test.
 */

export const testCommunity: FirebaseWebConfig = {
  apiKey: 'AIzaSyFakeKeyForTests000000000000000000',
  authDomain: 'demo-magpie.firebaseapp.com',
  projectId: 'demo-magpie',
  storageBucket: 'demo-magpie.appspot.com',
  databaseURL: 'https://demo-magpie-default-rtdb.firebaseio.com',
  appId: '1:123456789:web:abcdef'
}

export interface CommunityAppOptions extends TestAppOptions {
  /** Start in community mode (default) or on the local store. */
  community?: FirebaseWebConfig | null
  /** Wraps the documents port in the read counter (see reads). */
  countReads?: boolean
  imageCacheBytes?: number
}

export interface CommunityApp extends AppHarness {
  /** This app's connection to the fake (its own network switch); the latest one after a switch. */
  ports(): FirebasePorts
  /** The running community's mirror store. */
  mirror(): Store
  reads: ReturnType<typeof countReads> | null
  /** Waits until the fake has delivered everything and the app has applied it. */
  settle(): Promise<void>
  close(): Promise<void>
}

const openApps = new Set<CommunityApp>()

/** Where a test app's Firebase comes from: the fake, or the SDK adapter on the emulators. */
export interface TestProject {
  connect: ConnectFirebase
  emulators?: EmulatorHosts
  /** Resolves once the project has delivered what it was sent (the fake); absent for a real one. */
  idle?: () => Promise<void>
}

export function startCommunityApp(fake: FakeFirebase, options: CommunityAppOptions = {}): Promise<CommunityApp> {
  return startProjectApp({ connect: fake.connect, idle: fake.idle }, options)
}

export async function startProjectApp(project: TestProject, options: CommunityAppOptions = {}): Promise<CommunityApp> {
  let ports: FirebasePorts | null = null
  let reads: ReturnType<typeof countReads> | null = null
  const connect: ConnectFirebase = async (config, emulators) => {
    const connected = await project.connect(config, emulators)
    if (options.countReads) {
      reads = countReads(connected.docs)
      ports = { ...connected, docs: reads.docs }
    } else ports = connected
    return ports
  }
  const harness = await startHarness(options, {
    community: options.community === undefined ? testCommunity : options.community,
    connectFirebase: connect,
    emulators: project.emulators,
    imageCacheBytes: options.imageCacheBytes
  })
  const { magpie } = harness

  async function settle(): Promise<void> {
    for (let round = 0; round < 2; round++) {
      await project.idle?.()
      await magpie.community()?.idle()
      await project.idle?.()
      await new Promise((resolve) => setImmediate(resolve))
    }
  }

  const app: CommunityApp = {
    ...harness,
    ports: () => ports!,
    mirror: () => magpie.community()!.store,
    get reads() {
      return reads
    },
    settle,
    async close() {
      if (openApps.delete(app)) await magpie.close()
    }
  }
  openApps.add(app)
  await settle()
  return app
}

export async function cleanupCommunityApps(): Promise<void> {
  await Promise.all([...openApps].map((app) => app.close()))
}

/** Signs up (and so signs in) as name@example.com. */
export const join = signUp

/** Uploads a photo (a fresh tiny JPEG unless given) and creates a post with it as the signed-in user. */
export const write = createPost

/** Alice and Bob on one fresh fake project, each signed up on their own app copy (a and b). */
export async function aliceAndBob() {
  const fake = createFakeFirebase()
  const a = await startCommunityApp(fake)
  const b = await startCommunityApp(fake)
  const alice = await join(a, 'alice', { nickname: '앨리스' })
  const bob = await join(b, 'bob', { nickname: '밥' })
  const uid = (email: string) => fake.data.accounts().find((acc) => acc.email === email)!.uid
  return { fake, a, b, alice, bob, aliceUid: uid(alice.email), bobUid: uid(bob.email) }
}

/** A post exactly as the original web app writes it (docs/specification.md §3.3): string postDate, no createdAt. */
export function webAppPost(author: { uid: string; email: string; nickname: string }, over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    postedBy: author.email,
    posted_uid: author.uid,
    nickname: author.nickname,
    profileImg: '',
    postImg: 'https://firebasestorage.googleapis.com/v0/b/demo/o/postImg%2F1?alt=media',
    postTxt: '웹에서 쓴 글',
    postDate: '2025. 12. 31. 23:59',
    likedBy: [],
    layout: 'Top',
    ...over
  }
}
