import { spawn } from 'node:child_process'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'
import type { Channel, EventName } from '@shared/ipc/channels'
import type { AppErrorShape, EventPayloads, Input, Output } from '@shared/ipc/contract'
import type { Layout } from '@shared/limits'
import type { ImageUpload, PostView, SessionUser } from '@shared/types'
import { createMagpie, type Magpie, type MagpieOptions } from '../../../src/main/app/create-magpie'
import type { ScryptParams } from '../../../src/main/core/password'
import type { Store } from '../../../src/main/store'
import { createRecordingDesktop, type RecordingDesktop } from '../../../src/harness/recording-desktop'
import { createHarnessShell, type HarnessShell } from '../../../src/harness/harness-shell'
import type { WriterCommand } from './store-writer'
import { databaseOf } from '../../../src/main/store/handle'

/**
 * Test bench for main: a real Magpie (store, services, dispatch, watcher) in a fresh
 * temporary folder, driven through dispatch exactly as the renderer drives it, with
 * the recording desktop double standing in for the OS. Call cleanupTestApps after each test.
 */

/** Cheap enough for hundreds of sign-ups; production cost is checked in password.test.ts. */
export const testScrypt: ScryptParams = { N: 1024, r: 8, p: 1 }

/** A clock the test moves: each read advances it by `step` ms so rows written in a row never tie by accident. */
export interface TestClock {
  now(): number
  advance(ms: number): void
  t: number
  step: number
}

export function createClock(start = Date.UTC(2026, 0, 1, 9, 0, 0), step = 1): TestClock {
  const clock: TestClock = {
    t: start,
    step,
    now: () => {
      const t = clock.t
      clock.t += clock.step
      return t
    },
    advance: (ms) => {
      clock.t += ms
    }
  }
  return clock
}

export interface RecordedEvent {
  event: EventName
  payload: unknown
}

export interface TestAppOptions {
  /** Share a dataDir to stand for another running copy of the app on the same store. */
  dataDir?: string
  profileDir?: string
  clock?: TestClock
  focused?: boolean
}

/** What every test app is: a Magpie in its folders beside the recording desktop, driven through dispatch. */
export interface AppHarness {
  magpie: Magpie
  desktop: RecordingDesktop
  /** The harness's shell: its scripted updater and recorded login items. */
  shell: HarnessShell
  events: RecordedEvent[]
  dataDir: string
  profileDir: string
  clock: TestClock
  /** Calls a channel like the renderer and returns its data; throws with the error code on a refusal. */
  call<C extends Channel>(channel: C, ...input: Input<C> extends void ? [] : [Input<C>]): Promise<Output<C>>
  /** Calls a channel (any payload) and returns its refusal; throws if the call succeeded. */
  refused(channel: string, input?: unknown): Promise<AppErrorShape>
  eventsOf<E extends EventName>(event: E): EventPayloads[E][]
}

export interface TestApp extends AppHarness {
  store: Store
  close(): void
}

const openApps = new Set<TestApp>()
const tempDirs: string[] = []

export async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'magpie-'))
  tempDirs.push(dir)
  return dir
}

/** Starts a Magpie on the test folders, clock and desktop; `extra` adds to (or overrides) createMagpie's options. */
export async function startHarness(options: TestAppOptions = {}, extra: Partial<MagpieOptions> = {}): Promise<AppHarness> {
  const dataDir = options.dataDir ?? (await tempDir())
  const profileDir = options.profileDir ?? (await tempDir())
  const clock = options.clock ?? createClock()
  // Saved files (내 데이터 내려받기) go in the profile folder, removed with it after the test.
  const desktop = createRecordingDesktop(undefined, { downloadsDir: join(profileDir, 'downloads') })
  desktop.setFocused(options.focused ?? false)
  const events: RecordedEvent[] = []
  const shell = createHarnessShell(profileDir, (event, payload) => events.push({ event, payload }))
  const magpie = await createMagpie({
    dataDir,
    profileDir,
    desktop: desktop.port,
    shell: shell.port,
    emit: (event, payload) => events.push({ event, payload }),
    mediaUrl: (file) => '/media/' + file,
    scrypt: testScrypt,
    synchronous: 'NORMAL',
    watchIntervalMs: 20,
    now: clock.now,
    ...extra
  })
  return {
    magpie,
    desktop,
    shell,
    events,
    dataDir,
    profileDir,
    clock,
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
    }
  }
}

export async function startApp(options: TestAppOptions = {}): Promise<TestApp> {
  const harness = await startHarness(options)
  const app: TestApp = {
    ...harness,
    store: harness.magpie.store,
    close() {
      if (openApps.delete(app)) harness.magpie.close()
    }
  }
  openApps.add(app)
  return app
}

export async function cleanupTestApps(): Promise<void> {
  for (const app of [...openApps]) app.close()
  await Promise.all(tempDirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })))
}

/** Anything that calls channels like the renderer: a local or a community test app. */
export type Caller = Pick<AppHarness, 'call'>

export interface Account {
  email: string
  password: string
  user: SessionUser
}

/** Signs up (and so signs in) on this app copy as name@example.com. */
export async function signUp(app: Caller, name: string, extra: { nickname?: string; profileImage?: Uint8Array } = {}): Promise<Account> {
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

export async function logIn(app: Caller, account: Pick<Account, 'email' | 'password'>): Promise<SessionUser> {
  return (await app.call('auth:login', { email: account.email, password: account.password })).user!
}

/** A real, small JPEG; the colour makes each one's pixels distinct. */
export async function tinyJpeg(background = '#3a7bd5', width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } }).jpeg().toBuffer()
}

export async function uploadImage(app: Caller, bytes?: Uint8Array): Promise<ImageUpload> {
  return app.call('images:add', { requestId: 'r-' + Math.random().toString(36).slice(2), purpose: 'post', bytes: bytes ?? (await tinyJpeg()) })
}

/** Uploads a photo and creates a post with it as the signed-in user. */
export async function createPost(app: Caller, text = '오늘의 까치', layout: Layout = 'Top', photo?: Uint8Array): Promise<PostView> {
  const upload = await uploadImage(app, photo)
  return app.call('posts:create', { photos: [{ uploadId: upload.uploadId, alt: '' }], text, layout })
}

/** A post with one photo per 사진 설명 given ('' for none), in that order, each a JPEG of its own colour (decision 031). */
export async function createPhotoPost(app: Caller, alts: readonly string[], text = '여러 장의 까치'): Promise<PostView> {
  const photos = []
  for (const [i, alt] of alts.entries()) photos.push({ uploadId: (await uploadImage(app, await tinyJpeg(`hsl(${(i * 67) % 360}, 70%, 55%)`))).uploadId, alt })
  return app.call('posts:create', { photos, text, layout: 'Top' })
}

/**
 * Many accounts at once, straight into the store (a dummy hash nobody can log in with):
 * for tests that need a crowd, not sign-up.
 */
export function insertUsers(store: Store, count: number, prefix = 'crowd'): string[] {
  const ids = Array.from({ length: count }, (_, i) => `${prefix}-${i}`)
  store.transactionSync(() => {
    for (const id of ids) {
      store.users.insert({ id, email: `${id}@example.com`, nickname: id, passwordHash: 'scrypt$1$1$1$x$x', avatarId: null, createdAt: 0 })
    }
  })
  return ids
}

/** Every row a user can affect (the change log aside), to show a refused call changed nothing. */
export function storeSnapshot(store: Store): Record<string, unknown[]> {
  const tables = ['users', 'sessions', 'images', 'posts', 'likes', 'comments', 'alerts', 'notification_settings', 'muted_posts']
  return Object.fromEntries(tables.map((t) => [t, databaseOf(store).prepare(`SELECT * FROM ${t} ORDER BY 1, 2`).all()]))
}

/** The files in the images folder, sorted. */
export async function imageFiles(app: TestApp): Promise<string[]> {
  try {
    return (await readdir(app.magpie.imagesDir)).sort()
  } catch {
    return []
  }
}

/** The file names behind an image view's variant URLs. */
export const filesOf = (image: { variants: { url: string }[] }): string[] => image.variants.map((v) => v.url.slice('/media/'.length))

export interface Writer {
  /** Resolves once the child process has the store open. */
  ready: Promise<void>
  /** Lets it write. */
  go(): void
  /** Resolves when its writes have committed and it has exited. */
  done: Promise<void>
}

const writerScript = fileURLToPath(new URL('./store-writer.ts', import.meta.url))
const projectRoot = fileURLToPath(new URL('../../../', import.meta.url))

/** Starts a separate Node process that writes to the store in dataDir (see store-writer.ts). */
export function startWriter(dataDir: string, command: WriterCommand): Writer {
  const child = spawn(process.execPath, ['--import', 'tsx', writerScript, dataDir, JSON.stringify(command)], {
    cwd: projectRoot,
    stdio: ['pipe', 'pipe', 'pipe']
  })
  let out = ''
  let err = ''
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()))
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      if (out.includes('ready')) resolve()
    })
    child.on('exit', () => reject(new Error(`writer exited before it was ready: ${err}`)))
  })
  const done = new Promise<void>((resolve, reject) => {
    child.on('exit', (code) => (code === 0 && out.includes('done') ? resolve() : reject(new Error(`writer failed (${code}): ${err}`))))
  })
  return { ready, go: () => child.stdin.end('go\n'), done }
}

/** Starts a writer per command, lets them all write at the same moment, and resolves once each has committed and exited. */
export async function writeTogether(dataDir: string, commands: WriterCommand[]): Promise<void> {
  const writers = commands.map((command) => startWriter(dataDir, command))
  await Promise.all(writers.map((writer) => writer.ready))
  for (const writer of writers) writer.go()
  await Promise.all(writers.map((writer) => writer.done))
}
