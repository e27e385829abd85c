import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import type { Channel, EventName } from '@shared/ipc/channels'
import type { Input, Output } from '@shared/ipc/contract'
import { messages } from '@shared/messages'
import { createHarnessShell } from '../../harness/harness-shell'
import { createRecordingDesktop } from '../../harness/recording-desktop'
import { createMagpie } from '../app/create-magpie'
import { startupMessage } from '../core/faults'
import { spawnNodeImageWorker } from '../media/node-image-worker'
import { cleanupTestApps, createPost, tempDir, testScrypt, type Caller } from '../../../tests/support/main/test-app'
import { CoreStartFailed, startCoreHost, type CoreHost, type CoreHostOptions } from './host'

const crashing = fileURLToPath(new URL('../../../tests/support/core-worker-crashing.mjs', import.meta.url))
const hosts: CoreHost[] = []

afterEach(async () => {
  for (const host of hosts.splice(0)) await host.close()
  await cleanupTestApps()
})

async function start(dataDir: string, extra: Partial<CoreHostOptions> = {}) {
  const desktop = createRecordingDesktop()
  const events: { event: EventName; payload: unknown }[] = []
  const host = await startCoreHost({
    start: { dataDir, profileDir: join(dataDir, 'profile'), mediaPrefix: '/media/', scrypt: testScrypt },
    desktop: desktop.port,
    shell: createHarnessShell(join(dataDir, 'profile'), () => {}).port,
    emit: (event, payload) => events.push({ event, payload }),
    script: crashing,
    ...extra
  })
  hosts.push(host)
  const app: Caller = {
    async call<C extends Channel>(channel: C, input?: Input<C>): Promise<Output<C>> {
      const result = await host.dispatch(channel, input)
      if (!result.ok) throw new Error(`${channel}: ${result.error.message}`)
      return result.data as Output<C>
    }
  }
  /** Resolves once the core has pushed `event`. */
  const heard = (event: EventName) =>
    new Promise<unknown>((resolve) => {
      const check = setInterval(() => {
        const found = events.find((e) => e.event === event)
        if (found) {
          clearInterval(check)
          resolve(found.payload)
        }
      }, 5)
    })
  return { host, app, desktop, events, heard }
}

const signUp = (app: Caller, name: string) =>
  app.call('auth:signUp', { email: `${name}@example.com`, nickname: name, password: 'pw-secret', passwordConfirm: 'pw-secret', profileImage: null })

describe('the core thread host', () => {
  it('runs calls in the core: answers, live events and the desktop port reach main', async () => {
    const { app, desktop, events } = await start(await tempDir())
    const session = await signUp(app, 'minji')
    expect(session.user?.nickname).toBe('minji')
    // The core published the new session and asked main's desktop for the badge.
    expect(events.some((e) => e.event === 'session:changed')).toBe(true)
    expect(desktop.recording.badges.length).toBeGreaterThan(0)
    const post = await createPost(app, '일꾼 스레드에서 쓴 글')
    const feed = await app.call('posts:feed', {})
    expect(feed.posts.map((p) => p.id)).toContain(post.id)
  })

  it('asks main to encrypt the session token and for proxies, and relays the image worker main starts', async () => {
    const dataDir = await tempDir()
    let spawned = 0
    const asked: string[] = []
    const { app, host } = await start(dataDir, {
      network: {
        resolveProxy: async (url) => {
          asked.push(url)
          return 'DIRECT'
        },
        systemCertificates: () => []
      },
      cipher: { encrypt: (plain) => Buffer.from(`sealed:${plain}`), decrypt: (data) => data.toString().slice('sealed:'.length) },
      spawnImageWorker: () => {
        spawned++
        return spawnNodeImageWorker()
      }
    })
    await signUp(app, 'seo')
    await createPost(app)
    expect(spawned).toBe(1)
    expect(asked).toEqual([])
    expect((await readFile(join(dataDir, 'profile', 'session'))).toString().startsWith('sealed:')).toBe(true)
    // A request the core thread makes asks main's network port for its proxy (decision 035).
    await host.dispatch('test:fetch', 'http://127.0.0.1:65535/')
    await expect.poll(() => asked).toEqual(['http://127.0.0.1:65535/'])
  })

  for (const crash of ['test:throw', 'test:exit'] as const) {
    it(`answers every call in flight and starts the core again after a crash (${crash})`, async () => {
      const dataDir = await tempDir()
      const { host, app, desktop, heard } = await start(dataDir)
      await signUp(app, 'hana')
      const before = await createPost(app, '충돌 전에 쓴 글')
      // An export waits on the save dialog, in main, when the core dies.
      desktop.port.chooseSavePath = () => new Promise(() => {})
      const exporting = host.dispatch('account:export', undefined)
      const crashed = host.dispatch(crash, undefined)
      const refusal = { ok: false, error: { code: 'coreRestarted', message: messages.coreRestarted } }
      expect(await crashed).toEqual(refusal)
      expect(await exporting).toEqual(refusal)
      expect(await heard('app:notice')).toEqual({ notice: 'coreRestarted' })
      // Nothing acknowledged is lost: still signed in (the session file), the post still there.
      expect((await app.call('auth:session')).user?.nickname).toBe('hana')
      expect((await app.call('posts:get', { id: before.id })).text).toBe('충돌 전에 쓴 글')
    })
  }

  it('stops restarting a core that keeps crashing, and says so', async () => {
    const { host } = await start(await tempDir())
    for (let crash = 0; crash < 4; crash++) expect((await host.dispatch('test:exit', undefined)).ok).toBe(false)
    expect(await host.dispatch('auth:session', undefined)).toEqual({ ok: false, error: { code: 'coreStopped', message: messages.coreStopped } })
  })

  it("fails to start with start-up's own sentence when the store cannot open", async () => {
    const dir = await tempDir()
    await writeFile(join(dir, 'data'), 'a file where the data folder should be')
    const options = { dataDir: join(dir, 'data'), profileDir: join(dir, 'data', 'profile'), scrypt: testScrypt }
    const inThread = await createMagpie({ ...options, desktop: createRecordingDesktop().port, shell: createHarnessShell(dir, () => {}).port, emit: () => {}, mediaUrl: (f) => f }).catch((error: unknown) => error)
    const starting = start(options.dataDir)
    await expect(starting).rejects.toBeInstanceOf(CoreStartFailed)
    await expect(starting).rejects.toThrow(startupMessage(inThread))
  })

  it('closes the stores synchronously on closeNow, and a new core finds everything', async () => {
    const dataDir = await tempDir()
    const first = await start(dataDir)
    await signUp(first.app, 'joon')
    const post = await createPost(first.app, '세션이 끝나기 전의 글')
    first.host.closeNow()
    expect((await first.host.dispatch('auth:session', undefined)).ok).toBe(false)
    const again = await start(dataDir)
    expect((await again.app.call('posts:get', { id: post.id })).text).toBe('세션이 끝나기 전의 글')
  })
})
