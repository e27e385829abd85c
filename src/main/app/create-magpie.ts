import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import type { DesktopPort } from '../desktop-port'
import { createDispatcher, sessionChannels } from '../ipc/dispatch'
import { createHandlers } from '../ipc/handlers'
import { createChangeWatcher } from '../services/change-watcher'
import type { Emit } from '../services/live-service'
import { productionScrypt, type ScryptParams } from '../services/password'
import { createFileVault, type TokenCipher } from '../services/session-vault'
import { createStore } from '../store'
import type { SynchronousMode } from '../store/database'
import { createServices } from './services'

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
}

/**
 * Magpie's main process without Electron: store, services, IPC dispatch and the live
 * change watcher. Electron (src/main/desktop) and the browser harness (src/harness)
 * both start exactly this and only differ in how IPC and the OS are reached.
 */
export async function createMagpie(options: MagpieOptions) {
  const store = createStore(join(options.dataDir, 'magpie.db'), { synchronous: options.synchronous })
  const imagesDir = join(options.dataDir, 'images')
  const ctx = {
    store,
    imagesDir,
    mediaUrl: options.mediaUrl,
    now: options.now ?? Date.now,
    newId: randomUUID,
    scrypt: options.scrypt ?? productionScrypt
  }
  const services = createServices(ctx, createFileVault(join(options.profileDir, 'session'), options.cipher), options.desktop, options.emit)
  const watcher = createChangeWatcher(store, (rows) => services.live.handle(rows), options.watchIntervalMs)
  const dispatch = createDispatcher(createHandlers(services), {
    currentUserId: services.auth.currentUserId,
    afterCall(channel) {
      watcher.poll()
      if (sessionChannels.has(channel)) {
        options.emit('session:changed', services.auth.session())
        services.live.refreshBadge()
      }
    }
  })

  await services.auth.restore()
  services.live.refreshBadge()
  watcher.start()

  // Housekeeping off the start-up path, then hourly: the app may live in the tray for weeks.
  const sweep = () => {
    services.images
      .sweep()
      .then(() => services.images.sweepOrphans())
      .catch((error: unknown) => console.warn('[images] sweep', error))
  }
  const firstSweep = setTimeout(sweep, 5_000)
  const hourlySweep = setInterval(sweep, 60 * 60 * 1000)
  firstSweep.unref()
  hourlySweep.unref()

  return {
    dispatch,
    services,
    store,
    imagesDir,
    close(): void {
      clearTimeout(firstSweep)
      clearInterval(hourlySweep)
      watcher.stop()
      store.close()
    }
  }
}

export type Magpie = Awaited<ReturnType<typeof createMagpie>>
