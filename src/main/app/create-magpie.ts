import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import type { ConnectionStatus, FirebaseWebConfig } from '@shared/types'
import type { BackendSwitch } from '../core/backend-switch'
import { openCommunityBackend, type CommunityBackend } from '../backends/community/backend'
import { FirebasePortError, type ConnectFirebase, type EmulatorHosts } from '../firebase/ports'
import { probeFirebase } from '../firebase/probe'
import { connectFirebase } from '../firebase/sdk-adapter'
import type { DesktopPort } from '../desktop-port'
import { AppError } from '../errors'
import { createDispatcher, sessionChannels } from '../ipc/dispatch'
import { createHandlers } from '../ipc/handlers'
import { createChangeWatcher, type ChangeWatcher } from '../core/change-watcher'
import type { Emit } from '../core/live-events'
import { productionScrypt, type ScryptParams } from '../core/password'
import { createFileVault, type TokenCipher } from '../core/session-vault'
import { createSettingsService } from '../core/connection-settings'
import { createStore } from '../store'
import type { SynchronousMode } from '../store/database'
import { createServices } from '../backends/local'
import type { Services } from '../core/services'

export interface MagpieOptions {
  /** The store and the images folder (shared by every app copy pointed at it). */
  dataDir: string
  /** This copy's own files: the session token. */
  profileDir: string
  desktop: DesktopPort
  emit: Emit
  mediaUrl: (file: string) => string
  cipher?: TokenCipher | null
  scrypt?: ScryptParams
  synchronous?: SynchronousMode
  watchIntervalMs?: number
  now?: () => number
  /** The community to run at start (docs/decisions/008-community-mode.md); null or absent: the local store. */
  community?: FirebaseWebConfig | null
  /** Set when the community comes from the installation (MAGPIE_FIREBASE_CONFIG): the settings dialog is read-only. */
  managedCommunity?: boolean
  /** How a community's Firebase project is reached: the SDK adapter unless a test passes the fake. */
  connectFirebase?: ConnectFirebase
  /** Firebase emulators instead of Google's servers (tests and development only). */
  emulators?: EmulatorHosts
  /** The community image cache's bound in bytes. */
  imageCacheBytes?: number
  /** Electron's own better-sqlite3 build, for every store this opens (docs/decisions/009-native-modules-per-runtime.md). */
  nativeBinding?: string
}

/** Only the running backend may reach the OS: the other one's live service stays silent. */
function gatedDesktop(desktop: DesktopPort, active: () => boolean): DesktopPort {
  return {
    notify: (notification) => {
      if (active()) desktop.notify(notification)
    },
    setBadge: (count) => {
      if (active()) desktop.setBadge(count)
    },
    isFocused: () => desktop.isFocused()
  }
}

/** A Firebase failure while connecting, as the settings dialog's message. */
function connectError(error: unknown): unknown {
  if (!(error instanceof FirebasePortError)) return error
  return new AppError(error.reason === 'invalid-config' || error.reason === 'permission-denied' ? 'connectRefused' : 'connectUnreachable')
}

const sameConfig = (a: FirebaseWebConfig, b: FirebaseWebConfig): boolean => JSON.stringify(a) === JSON.stringify(b)

/**
 * Magpie's main process without Electron: store, services, IPC dispatch and the live
 * change watcher. Electron (src/main/desktop) and the browser harness (src/harness)
 * both start exactly this and only differ in how IPC and the OS are reached.
 *
 * Two backends sit behind one dispatcher (docs/decisions/008-community-mode.md): the local
 * store, always open, and at most one community's mirror. The BackendSwitch swaps which one
 * the IPC calls, the change watcher, the notifications and the badge belong to, without a
 * restart; the other keeps its data and its sign-in for when it comes back.
 */
export async function createMagpie(options: MagpieOptions) {
  const now = options.now ?? Date.now
  const scrypt = options.scrypt ?? productionScrypt
  const connect = options.connectFirebase ?? connectFirebase
  const store = createStore(join(options.dataDir, 'magpie.db'), { synchronous: options.synchronous, nativeBinding: options.nativeBinding })
  const imagesDir = join(options.dataDir, 'images')
  const ctx = { store, imagesDir, mediaUrl: options.mediaUrl, now, newId: randomUUID, scrypt }
  let community: CommunityBackend | null = null
  const localDesktop = gatedDesktop(options.desktop, () => community === null)
  const services = createServices(ctx, createFileVault(join(options.profileDir, 'session'), options.cipher), localDesktop, options.emit)
  let watcher: ChangeWatcher | null = null

  const active = (): Services => community?.services ?? services

  /** A fresh watcher: what the log held before this moment is not news (no notifications for it). */
  function startLocal(): void {
    watcher = createChangeWatcher(store, (rows) => services.live.handle(rows), options.watchIntervalMs)
    watcher.start()
  }

  function stopLocal(): void {
    watcher?.stop()
    watcher = null
  }

  // Handlers read the services at call time, so every call goes to the backend running then.
  const routed: Services = {
    get auth() {
      return active().auth
    },
    get images() {
      return active().images
    },
    get posts() {
      return active().posts
    },
    get likes() {
      return active().likes
    },
    get comments() {
      return active().comments
    },
    get alerts() {
      return active().alerts
    },
    get live() {
      return active().live
    },
    emit: options.emit,
    requireUser: services.requireUser
  }

  async function openCommunity(config: FirebaseWebConfig): Promise<CommunityBackend> {
    const ports = await connect(config, options.emulators).catch((error: unknown) => Promise.reject(connectError(error)))
    try {
      return openCommunityBackend({
        ports,
        dataDir: options.dataDir,
        profileDir: options.profileDir,
        desktop: gatedDesktop(options.desktop, () => community?.config === ports.config),
        emit: options.emit,
        mediaUrl: options.mediaUrl,
        cipher: options.cipher,
        scrypt,
        synchronous: options.synchronous,
        nativeBinding: options.nativeBinding,
        watchIntervalMs: options.watchIntervalMs,
        now,
        imageCacheBytes: options.imageCacheBytes
      })
    } catch (error) {
      await ports.close().catch(() => {})
      throw error
    }
  }

  const status = (): ConnectionStatus => community?.status() ?? { mode: 'local' }

  function announce(): void {
    options.emit('connection:changed', status())
    options.emit('session:changed', active().auth.session())
    active().live.refreshBadge()
  }

  // Switches run one at a time, in the order asked.
  let switching: Promise<unknown> = Promise.resolve()
  const backend: BackendSwitch = {
    status,
    async probe(config) {
      try {
        await probeFirebase(config, options.emulators)
      } catch (error) {
        throw connectError(error)
      }
    },
    use(config) {
      const run = switching.then(async () => {
        if (config && community && sameConfig(community.config, config)) return announce()
        const next = config ? await openCommunity(config) : null
        const previous = community
        if (!previous) stopLocal()
        community = next
        try {
          if (next) await next.start()
        } catch (error) {
          community = previous
          if (!previous) startLocal()
          await next?.close()
          throw error
        }
        if (!next) startLocal()
        await previous?.close()
        announce()
      })
      switching = run.catch(() => {})
      return run
    }
  }

  // The settings dialog's service switches through `backend`, so the dispatcher comes after it.
  const settings = createSettingsService({
    backend,
    profileDir: options.profileDir,
    community: options.community ?? null,
    managed: options.managedCommunity ?? false
  })
  const dispatch = createDispatcher(createHandlers(routed, settings), {
    currentUserId: () => active().auth.currentUserId(),
    afterCall(channel) {
      if (community) community.poll()
      else watcher?.poll()
      if (sessionChannels.has(channel)) {
        options.emit('session:changed', active().auth.session())
        active().live.refreshBadge()
      }
    }
  })

  await services.auth.restore()
  if (options.community) {
    try {
      community = await openCommunity(options.community)
      await community.start()
    } catch (error) {
      // The app always starts: on the local store when the community cannot be opened at all.
      console.error('[community] cannot open the saved community; starting on the local store', error)
      await community?.close().catch(() => {})
      community = null
    }
  }
  if (!community) startLocal()
  active().live.refreshBadge()

  // Housekeeping off the start-up path, then hourly: the app may live in the tray for weeks.
  const sweep = () => {
    const images = active().images
    images
      .sweep()
      .then(() => images.sweepOrphans())
      .catch((error: unknown) => console.warn('[images] sweep', error))
  }
  const firstSweep = setTimeout(sweep, 5_000)
  const hourlySweep = setInterval(sweep, 60 * 60 * 1000)
  firstSweep.unref()
  hourlySweep.unref()

  return {
    dispatch,
    /** The local backend's services (tests and benchmarks drive them directly). */
    services,
    /** The local store; community mode never touches it. */
    store,
    /** The running backend's images folder: what the media protocol serves. */
    get imagesDir(): string {
      return community?.imagesDir ?? imagesDir
    },
    backend,
    /** The running community, if any (tests reach its mirror store through it). */
    community: (): CommunityBackend | null => community,
    /** Refreshes the tray badge from the running backend. */
    refreshBadge: (): number => active().live.refreshBadge(),
    /** Local mode closes at once; a community first lets its running work finish (briefly). */
    close(): Promise<void> {
      clearTimeout(firstSweep)
      clearInterval(hourlySweep)
      stopLocal()
      const closing = community
      community = null
      if (!closing) {
        store.close()
        return Promise.resolve()
      }
      return closing.close().finally(() => store.close())
    }
  }
}

export type Magpie = Awaited<ReturnType<typeof createMagpie>>
