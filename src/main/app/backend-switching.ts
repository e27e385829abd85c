import type { ConnectionStatus, FirebaseWebConfig } from '@shared/types'
import type { CommunityBackend } from '../backends/community/backend'
import type { LocalServices } from '../backends/local'
import type { BackendSwitch } from '../core/backend-switch'
import { createChangeWatcher, type ChangeWatcher } from '../core/change-watcher'
import type { Emit } from '../core/live-events'
import type { Services } from '../core/services'
import type { DesktopPort } from '../desktop-port'
import { AppError } from '../errors'
import { FirebasePortError, type ConnectFirebase, type EmulatorHosts, type FirebasePorts } from '../firebase/ports'
import type { Store } from '../store'

export interface BackendSwitchingOptions {
  desktop: DesktopPort
  emit: Emit
  /** The local store, whose change log the local watcher follows. */
  store: Store
  watchIntervalMs?: number
  /** The local backend, given the desktop it may use (silent while a community runs). */
  createLocal(desktop: DesktopPort): LocalServices
  connect: ConnectFirebase
  emulators?: EmulatorHosts
  /** A community backend over connected ports, given the desktop it may use (silent unless it runs). */
  openCommunity(ports: FirebasePorts, desktop: DesktopPort): CommunityBackend
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
    isFocused: () => desktop.isFocused(),
    // The scheme is the window's, whichever backend runs.
    setTheme: (source) => desktop.setTheme(source),
    // The page's answer about quitting is the app's, whichever backend runs.
    quitAnswered: (step) => desktop.quitAnswered(step),
    // Asked for by the person's own action (내 데이터 내려받기), whichever backend runs.
    chooseSavePath: (name) => desktop.chooseSavePath(name),
    saved: (path) => desktop.saved(path)
  }
}

/** A Firebase failure while connecting, as the settings dialog's message. */
function connectError(error: unknown): unknown {
  if (!(error instanceof FirebasePortError)) return error
  return new AppError(error.reason === 'invalid-config' || error.reason === 'permission-denied' ? 'connectRefused' : 'connectUnreachable')
}

const sameConfig = (a: FirebaseWebConfig, b: FirebaseWebConfig): boolean => JSON.stringify(a) === JSON.stringify(b)

/**
 * Which backend runs (docs/decisions/008-community-mode.md): the local store, always open, and
 * at most one community's mirror. The BackendSwitch swaps which one the IPC calls, the change
 * watcher, the notifications and the badge belong to, without a restart; the other keeps its
 * data and its sign-in for when it comes back. Switches run one at a time, in the order asked.
 */
export function createBackendSwitching(options: BackendSwitchingOptions) {
  let community: CommunityBackend | null = null
  let watcher: ChangeWatcher | null = null
  const local = options.createLocal(gatedDesktop(options.desktop, () => community === null))
  const active = (): Services => community?.services ?? local

  /** A fresh watcher: what the log held before this moment is not news (no notifications for it). */
  function startLocal(): void {
    watcher = createChangeWatcher(options.store, (rows) => local.live.handle(rows), options.watchIntervalMs)
    watcher.start()
  }

  function stopLocal(): void {
    watcher?.stop()
    watcher = null
  }

  async function openCommunity(config: FirebaseWebConfig): Promise<CommunityBackend> {
    const ports = await options.connect(config, options.emulators).catch((error: unknown) => Promise.reject(connectError(error)))
    try {
      return options.openCommunity(ports, gatedDesktop(options.desktop, () => community?.config === ports.config))
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

  let switching: Promise<unknown> = Promise.resolve()
  const backend: BackendSwitch = {
    status,
    async probe(config) {
      try {
        const { probeFirebase } = await import('../firebase/probe')
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

  return {
    local,
    backend,
    /** The running backend's services. */
    active,
    /** The running community, if any. */
    community: (): CommunityBackend | null => community,
    /** Looks for changes now, in whichever backend runs. */
    poll(): void {
      if (community) community.poll()
      else watcher?.poll()
    },
    /** After sleep or a locked screen: a community reconnects; both look for changes. */
    wake(): void {
      if (community) community.wake()
      else watcher?.poll()
    },
    /**
     * Runs the saved community, or the local store when there is none. The app always starts:
     * on the local store when the community cannot be opened at all.
     */
    async start(saved: FirebaseWebConfig | null): Promise<void> {
      if (saved) {
        try {
          community = await openCommunity(saved)
          await community.start()
        } catch (error) {
          console.error('[community] cannot open the saved community; starting on the local store', error)
          await community?.close().catch(() => {})
          community = null
        }
      }
      if (!community) startLocal()
      active().live.refreshBadge()
    },
    /** Stops everything at once (Windows' session end): the running community closes its store now. */
    closeNow(): void {
      stopLocal()
      const closing = community
      community = null
      closing?.closeNow()
    },
    /** Stops the local watcher; the running community's close, or null in local mode (nothing left to wait for). */
    close(): Promise<void> | null {
      stopLocal()
      const closing = community
      community = null
      return closing ? closing.close() : null
    }
  }
}

export type BackendSwitching = ReturnType<typeof createBackendSwitching>
