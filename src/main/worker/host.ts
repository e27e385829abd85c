import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'
import { isInvitationLink } from '@shared/invitation-link'
import type { Result } from '@shared/ipc/contract'
import { AppError } from '../errors'
import { createInvitations } from '../core/invitations'
import type { Emit } from '../core/live-events'
import type { TokenCipher } from '../core/session-vault'
import type { DesktopPort, NetworkPort, NotificationAnswer, ShellPort } from '../desktop-port'
import type { SpawnWorker } from '../media/image-service'
import { createPortAnswers } from './port-answers'
import type { CoreMethod, CoreStart, FromCore, ToCore } from './protocol'

const here = dirname(fileURLToPath(import.meta.url))

/** Crashes within this window count together; past the limit the core is not restarted. */
const crashWindowMs = 60_000
const crashLimit = 3
/** closeNow waits this long for the core to close its stores (Windows' session end gives a few seconds). */
const closeNowWaitMs = 2_000

/** createMagpie failed in the core thread: `message` is start-up's sentence (core/faults.ts). */
export class CoreStartFailed extends Error {}

export interface CoreHostOptions {
  /** createMagpie's options that are data (the rest are the ports below). */
  start: Omit<CoreStart, 'cipher' | 'network' | 'relayImages' | 'focused' | 'sourceEntry'>
  desktop: DesktopPort
  shell: ShellPort
  emit: Emit
  network?: NetworkPort
  cipher?: TokenCipher | null
  /** Electron's utilityProcess, which only main may start: main starts and relays it. Absent, the core forks a Node child. */
  spawnImageWorker?: SpawnWorker
  /** The core's script: tests give a double; by default the built core-worker.js, or the TypeScript entry from sources. */
  script?: string
  log?: (line: string, error?: unknown) => void
}

/**
 * How the core thread starts: electron-vite and the harness bundle build core-worker.js beside
 * this module (electron.vite.config.ts, src/harness/bundle.ts); from sources (Vitest, tsx) the
 * TypeScript entry runs through tsx's loader, registered inside the thread.
 */
function coreWorker(start: CoreStart, script: string | undefined): Worker {
  const source = join(here, 'core-entry.ts')
  if (script || !existsSync(source)) return new Worker(script ?? join(here, 'core-worker.js'), { workerData: start })
  // tsx/esm/api's ESM build (its package.json "exports"): require.resolve would give the CommonJS one.
  const tsx = pathToFileURL(join(dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist/esm/api/index.mjs')).href
  const boot = `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(pathToFileURL(source).href)}) })`
  return new Worker(boot, { eval: true, workerData: { ...start, sourceEntry: source } })
}

interface Waiting {
  method: CoreMethod
  resolve: (value: unknown) => void
  reject: (error: unknown) => void
}

/**
 * Main's side of the core thread (docs/decisions/046-main-never-blocks.md): what Electron's entry
 * and the harness used of createMagpie's object, each call a message. A core that crashes (an
 * uncaught error, process.exit, out of memory) is started again; every call it held is answered
 * coreRestarted, never left hanging, and the page is told to read its view again.
 */
export async function startCoreHost(options: CoreHostOptions) {
  const log = options.log ?? ((line: string, error?: unknown) => console.error(line, error ?? ''))
  const start: CoreStart = {
    ...options.start,
    cipher: Boolean(options.cipher),
    network: Boolean(options.network),
    relayImages: Boolean(options.spawnImageWorker),
    focused: options.desktop.isFocused()
  }
  // Links are routed here at once (the OS hands them over before the core may be up); an invitation's is held by the core.
  const routing = createInvitations()
  const waiting = new Map<number, Waiting>()
  const crashes: number[] = []
  let nextId = 1
  let imagesDir = join(options.start.dataDir, 'images')
  let state: 'running' | 'closing' | 'closed' | 'stopped' = 'running'
  let worker: Worker
  let ready: Promise<void>

  function launch(): Promise<void> {
    const launched = coreWorker(start, options.script)
    worker = launched
    const answers = createPortAnswers(launched, options)
    return new Promise<void>((resolve, reject) => {
      let started = false
      launched.on('message', (message: FromCore) => {
        if (message.type === 'ready') {
          started = true
          imagesDir = message.imagesDir
          resolve()
        } else if (message.type === 'failed') {
          reject(new CoreStartFailed(message.message))
          void launched.terminate()
        } else if (message.type === 'reply') {
          imagesDir = message.imagesDir
          const call = waiting.get(message.id)
          waiting.delete(message.id)
          if (message.ok) call?.resolve(message.value)
          else call?.reject(new Error(message.message))
        } else if (message.type === 'emit') options.emit(message.event, message.payload)
        else answers.receive(message)
      })
      launched.on('error', (error) => log('[core] the core thread failed', error))
      launched.once('exit', (code) => {
        answers.end()
        if (!started) reject(new CoreStartFailed(`the core thread ended at start (exit ${code})`))
        else ended(launched, code)
      })
    })
  }

  function ended(gone: Worker, code: number): void {
    if (gone !== worker || state === 'closed' || state === 'closing') return
    log(`[core] the core thread ended (exit ${code}): calls in flight are answered, and it starts again`)
    for (const call of waiting.values()) call.reject(new AppError('coreRestarted'))
    waiting.clear()
    const now = Date.now()
    crashes.push(now)
    while (crashes[0]! < now - crashWindowMs) crashes.shift()
    if (crashes.length > crashLimit) {
      state = 'stopped'
      return
    }
    ready = launch().then(
      () => {
        options.emit('app:notice', { notice: 'coreRestarted' })
      },
      (error: unknown) => {
        log('[core] the core thread did not start again', error)
        state = 'stopped'
      }
    )
  }

  async function call(method: CoreMethod, args: unknown[]): Promise<unknown> {
    await ready
    if (state === 'stopped') throw new AppError('coreStopped')
    if (state === 'closed') throw new AppError('coreRestarted')
    const id = nextId++
    const core = worker
    return new Promise((resolve, reject) => {
      waiting.set(id, { method, resolve, reject })
      core.postMessage({ type: 'call', id, method, args } satisfies ToCore)
    })
  }

  const post = (message: ToCore) => {
    if (state === 'running') worker.postMessage(message)
  }

  ready = launch()
  await ready

  return {
    /** Every IPC call: the dispatcher runs in the core; this answers a Result whatever happens to it. */
    async dispatch(channel: unknown, input: unknown): Promise<Result<unknown>> {
      try {
        return (await call('dispatch', [channel, input])) as Result<unknown>
      } catch (error) {
        const refusal = error instanceof AppError ? error : new AppError('serverError')
        return { ok: false, error: refusal.toShape() }
      }
    },
    answerNotification: (answer: NotificationAnswer) => call('answerNotification', [answer]) as Promise<void>,
    /** Where magpie:// links are read: the route at once; an invitation is held in the core. */
    invitations: {
      routeFor(link: unknown): string | null {
        const route = routing.routeFor(link)
        if (typeof link === 'string' && isInvitationLink(link)) post({ type: 'link', link })
        return route
      }
    },
    refreshBadge: () => call('refreshBadge', []) as Promise<number>,
    wake: () => call('wake', []) as Promise<number>,
    /** The running backend's images folder, as the core last said: what the media protocol serves. */
    get imagesDir(): string {
      return imagesDir
    },
    /** The window gained or lost the person's attention: the core decides on notifications with it. */
    focusChanged(): void {
      post({ type: 'focused', focused: options.desktop.isFocused() })
    },
    /** Closes the core's stores synchronously, waiting a bounded time (Windows' session end). */
    closeNow(): void {
      if (state !== 'running') return
      state = 'closed'
      const signal = new SharedArrayBuffer(4)
      worker.postMessage({ type: 'closeNow', signal } satisfies ToCore)
      // Main waits only here, on its way out: the OS ends the process right after.
      Atomics.wait(new Int32Array(signal), 0, 0, closeNowWaitMs)
      void worker.terminate()
    },
    /** Local mode closes at once; a community first lets its running work finish (briefly). */
    async close(): Promise<void> {
      if (state === 'closed' || state === 'closing') return
      const wasRunning = state === 'running'
      state = 'closing'
      try {
        if (wasRunning) await call('close', [])
      } catch (error) {
        log('[core] close', error)
      } finally {
        state = 'closed'
        await worker.terminate()
      }
    }
  }
}

export type CoreHost = Awaited<ReturnType<typeof startCoreHost>>
