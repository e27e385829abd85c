import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import type { FirebaseWebConfig } from '@shared/types'
import { openCommunityBackend } from '../backends/community/backend'
import { createLocalServices } from '../backends/local'
import { createSettingsService } from '../core/connection-settings'
import { createInvitations, type Invitations } from '../core/invitations'
import { createDataExport } from '../core/data-export'
import type { Emit } from '../core/live-events'
import { productionScrypt, type ScryptParams } from '../core/password'
import { createFileVault, type TokenCipher } from '../core/session-vault'
import type { DesktopPort, NetworkPort, ShellPort } from '../desktop-port'
import { routeNetwork } from '../firebase/network'
import type { ConnectFirebase, EmulatorHosts } from '../firebase/ports'
import { createDispatcher, sessionChannels } from '../ipc/dispatch'
import { createNotificationAnswers } from '../core/notification-answers'
import { createHandlers } from '../ipc/handlers'
import { useImageWorker } from '../media/image-pipeline'
import type { SpawnWorker } from '../media/image-service'
import { createStore, type SynchronousMode } from '../store'
import { createBackendSwitching } from './backend-switching'
import { every } from './housekeeping'

const HOUR_MS = 60 * 60 * 1000

/**
 * The Firebase SDK (about a second of module loading on a busy machine) is loaded when a community
 * is first opened, not at every start: local mode never needs it.
 */
const connectFirebaseWhenNeeded: ConnectFirebase = async (config, emulators) =>
  (await import('../firebase/sdk-adapter')).connectFirebase(config, emulators)

export interface MagpieOptions {
  /** The store and the images folder (shared by every app copy pointed at it). */
  dataDir: string
  /** This copy's own files: the session token. */
  profileDir: string
  desktop: DesktopPort
  /** Updates and start at login (설정 → 앱): Electron's, or the harness's. */
  shell: ShellPort
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
  /** The invitations links hand over: Electron's entry makes them before the app is ready (links come that early). */
  invitations?: Invitations
  /** How the image worker starts (docs/decisions/018-image-process.md): Electron's utilityProcess; absent, a Node child. */
  spawnImageWorker?: SpawnWorker
  /** The OS's proxy and trusted certificates for Firebase's connections (decision 035); absent, Node's own networking. */
  network?: NetworkPort
}

/**
 * Magpie's main process without Electron: store, services, IPC dispatch and the live
 * change watcher. Electron (src/main/desktop) and the browser harness (src/harness)
 * both start exactly this and only differ in how IPC and the OS are reached.
 *
 * Two backends sit behind one dispatcher: which one runs, and switching between them, is
 * backend-switching.ts's.
 */
export async function createMagpie(options: MagpieOptions) {
  const now = options.now ?? Date.now
  const routed = options.network ? routeNetwork(options.network) : null
  if (options.spawnImageWorker) useImageWorker(options.spawnImageWorker)
  const scrypt = options.scrypt ?? productionScrypt
  const store = createStore(join(options.dataDir, 'magpie.db'), { synchronous: options.synchronous, nativeBinding: options.nativeBinding })
  const imagesDir = join(options.dataDir, 'images')
  const ctx = { store, imagesDir, mediaUrl: options.mediaUrl, now, newId: randomUUID, scrypt }
  const switching = createBackendSwitching({
    desktop: options.desktop,
    emit: options.emit,
    store,
    watchIntervalMs: options.watchIntervalMs,
    createLocal: (desktop) => createLocalServices(ctx, createFileVault(join(options.profileDir, 'session'), options.cipher, now), desktop, options.emit),
    connect: options.connectFirebase ?? connectFirebaseWhenNeeded,
    emulators: options.emulators,
    openCommunity: (ports, desktop) =>
      openCommunityBackend({
        ports,
        dataDir: options.dataDir,
        profileDir: options.profileDir,
        desktop,
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
  })
  const { local: services, backend, active } = switching

  // The settings dialog's service switches through `backend`, so the dispatcher comes after it.
  const settings = createSettingsService({
    backend,
    profileDir: options.profileDir,
    community: options.community ?? null,
    managed: options.managedCommunity ?? false
  })
  const invitations = options.invitations ?? createInvitations()
  const dispatch = createDispatcher(createHandlers(active, settings, invitations, options.desktop, options.shell, createDataExport({ desktop: options.desktop, emit: options.emit, now })), {
    currentUserId: () => active().auth.currentUserId(),
    afterCall(channel) {
      switching.poll()
      if (sessionChannels.has(channel)) {
        options.emit('session:changed', active().auth.session())
        active().live.refreshBadge()
      }
    }
  })

  await services.auth.restore()
  // A 회원 탈퇴 cut short (the app quit or crashed midway) is finished before anything else.
  await services.account.resume().catch((error: unknown) => console.warn('[account] deletion not finished:', error))
  await switching.start(options.community ?? null)

  // Housekeeping off the start-up path, then hourly: the app may live in the tray for weeks.
  const sweep = () => {
    const images = active().images
    images
      .sweep()
      .then(() => images.sweepOrphans())
      .catch((error: unknown) => console.warn('[images] sweep', error))
  }
  const stopSweeps = every(sweep, 5_000, HOUR_MS)
  // A store too big to check at open is checked off main's thread; backups daily (store/backups.ts).
  store.checkInBackground().catch((error: unknown) => console.warn('[store] background check', error))
  const backup = () => void store.backupIfDue().catch((error: unknown) => console.warn('[store] backup', error))
  const stopBackups = every(backup, 60_000, HOUR_MS)

  return {
    dispatch,
    /** 좋아요 or 답글 from a comment's notification, through the dispatcher as the person signed in now. */
    answerNotification: createNotificationAnswers({ dispatch, currentUserId: () => active().auth.currentUserId(), desktop: options.desktop, emit: options.emit }),
    /** Where magpie:// links are read: `routeFor(link)` gives the route to show. */
    invitations,
    /** The local backend's services (tests and benchmarks drive them directly). */
    services,
    /** The local store; community mode never touches it. */
    store,
    /** The running backend's images folder: what the media protocol serves. */
    get imagesDir(): string {
      return switching.community()?.imagesDir ?? imagesDir
    },
    backend,
    /** The running community, if any (tests reach its mirror store through it). */
    community: switching.community,
    /** Refreshes the tray badge from the running backend. */
    refreshBadge: (): number => active().live.refreshBadge(),
    /** The computer woke or was unlocked: a community reconnects, and the badge is read again. */
    wake(): number {
      switching.wake()
      return active().live.refreshBadge()
    },
    /** Closes both stores synchronously, giving running work no time (Windows' session end). */
    closeNow(): void {
      stopSweeps()
      stopBackups()
      switching.closeNow()
      store.close()
    },
    /** Local mode closes at once; a community first lets its running work finish (briefly). */
    close(): Promise<void> {
      stopSweeps()
      stopBackups()
      const closing = switching.close()
      if (!closing) {
        store.close()
        return routed ? routed.close() : Promise.resolve()
      }
      return closing.finally(() => store.close()).then(() => routed?.close())
    }
  }
}

export type Magpie = Awaited<ReturnType<typeof createMagpie>>
