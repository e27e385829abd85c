import type { Channel, EventName } from '@shared/ipc/channels'
import type { AppErrorShape, EventPayloads, Input, Output } from '@shared/ipc/contract'
import type { Layout } from '@shared/limits'
import type { FirebaseWebConfig, PostView, SessionUser } from '@shared/types'
import { createMagpie, type Magpie } from '../../../src/main/app/create-magpie'
import type { Store } from '../../../src/main/store'
import { createRecordingDesktop, type RecordingDesktop } from '../../../src/harness/recording-desktop'
import { createClock, tempDir, testScrypt, tinyJpeg, type RecordedEvent, type TestClock } from './test-app'
import { countReads } from '../../../src/main/firebase/counting'
import type { FakeFirebase } from '../fake-firebase/fake-firebase'
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

export interface CommunityAppOptions {
  dataDir?: string
  profileDir?: string
  clock?: TestClock
  focused?: boolean
  /** Start in community mode (default) or on the local store. */
  community?: FirebaseWebConfig | null
  /** Wraps the documents port in the read counter (see reads). */
  countReads?: boolean
  imageCacheBytes?: number
}

export interface CommunityApp {
  magpie: Magpie
  desktop: RecordingDesktop
  events: RecordedEvent[]
  dataDir: string
  profileDir: string
  clock: TestClock
  /** This app's connection to the fake (its own network switch); the latest one after a switch. */
  ports(): FirebasePorts
  /** The running community's mirror store. */
  mirror(): Store
  reads: ReturnType<typeof countReads> | null
  call<C extends Channel>(channel: C, ...input: Input<C> extends void ? [] : [Input<C>]): Promise<Output<C>>
  refused(channel: string, input?: unknown): Promise<AppErrorShape>
  eventsOf<E extends EventName>(event: E): EventPayloads[E][]
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
  const dataDir = options.dataDir ?? (await tempDir())
  const profileDir = options.profileDir ?? (await tempDir())
  const clock = options.clock ?? createClock()
  const desktop = createRecordingDesktop()
  desktop.setFocused(options.focused ?? false)
  const events: RecordedEvent[] = []
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
  const magpie = await createMagpie({
    dataDir,
    profileDir,
    desktop: desktop.port,
    emit: (event, payload) => events.push({ event, payload }),
    mediaUrl: (file) => '/media/' + file,
    scrypt: testScrypt,
    synchronous: 'NORMAL',
    watchIntervalMs: 20,
    now: clock.now,
    community: options.community === undefined ? testCommunity : options.community,
    connectFirebase: connect,
    emulators: project.emulators,
    imageCacheBytes: options.imageCacheBytes
  })

  async function settle(): Promise<void> {
    for (let round = 0; round < 2; round++) {
      await project.idle?.()
      await magpie.community()?.idle()
      await project.idle?.()
      await new Promise((resolve) => setImmediate(resolve))
    }
  }

  const app: CommunityApp = {
    magpie,
    desktop,
    events,
    dataDir,
    profileDir,
    clock,
    ports: () => ports!,
    mirror: () => magpie.community()!.store,
    get reads() {
      return reads
    },
    async call(channel, ...input) {
      const result = await magpie.dispatch(channel, input[0])
      if (!result.ok) throw new Error(`${channel} refused: ${result.error.code} (${result.error.message})`)
      return result.data as never
    },
    async refused(channel, input) {
      const result = await magpie.dispatch(channel, input)
      if (result.ok) throw new Error(`${channel} was expected to be refused but succeeded`)
      return result.error
    },
    eventsOf(event) {
      return events.filter((e) => e.event === event).map((e) => e.payload as never)
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

type Caller = Pick<CommunityApp, 'call'>

export interface Member {
  email: string
  password: string
  user: SessionUser
}

/** Signs up (and so signs in) as name@example.com. */
export async function join(app: Caller, name: string, extra: { nickname?: string; profileImage?: Uint8Array } = {}): Promise<Member> {
  const email = `${name}@example.com`
  const password = `pw-${name}-secret`
  const session = await app.call('auth:signUp', {
    email,
    nickname: extra.nickname ?? name,
    password,
    passwordConfirm: password,
    profileImage: extra.profileImage ?? null
  })
  return { email, password, user: session.user! }
}

/** Uploads a photo and creates a post with it as the signed-in user. */
export async function write(app: Caller, text = '오늘의 까치', layout: Layout = 'Top', photo?: Uint8Array): Promise<PostView> {
  const upload = await app.call('images:add', { requestId: 'r-' + Math.random().toString(36).slice(2), purpose: 'post', bytes: photo ?? (await tinyJpeg()) })
  return app.call('posts:create', { uploadId: upload.uploadId, text, layout })
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
