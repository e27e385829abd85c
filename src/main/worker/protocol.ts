import type { EventName } from '@shared/ipc/channels'
import type { EventPayloads } from '@shared/ipc/contract'
import type { FirebaseWebConfig } from '@shared/types'
import type { ScryptParams } from '../core/password'
import type { EmulatorHosts } from '../firebase/ports'
import type { ImageReply, ImageRequest } from '../media/image-protocol'
import type { SynchronousMode } from '../store'

/**
 * The messages between main and the core thread (docs/decisions/046-main-never-blocks.md).
 * Everything crosses by structured clone: plain data and bytes, never functions, so each
 * function-shaped option of createMagpie becomes a port call below or data given at start.
 */

/** What the core thread is started with (workerData). */
export interface CoreStart {
  dataDir: string
  profileDir: string
  /** A media file's URL is this followed by the file's name. */
  mediaPrefix: string
  scrypt?: ScryptParams
  synchronous?: SynchronousMode
  watchIntervalMs?: number
  community?: FirebaseWebConfig | null
  managedCommunity?: boolean
  emulators?: EmulatorHosts
  imageCacheBytes?: number
  nativeBinding?: string
  /** Main holds a session cipher (Electron's safeStorage): the core asks it to encrypt and decrypt. */
  cipher: boolean
  /**
   * Main decides Firebase's proxy (Electron's session); the OS's certificate store is read by the
   * core itself, through node:tls as desktop/network.ts does, and only when a community connects.
   */
  network: boolean
  /** Main starts the image worker (Electron's utilityProcess exists only in main) and relays it. */
  relayImages: boolean
  /** The window has the person's attention (DesktopPort.isFocused): main pushes each change. */
  focused: boolean
  /** Where a source-run core finds its TypeScript entry (tests, tsx); absent in a build. */
  sourceEntry?: string
}

/** The calls main makes on the core, each answered once by `reply`. */
export type CoreMethod = 'dispatch' | 'answerNotification' | 'refreshBadge' | 'wake' | 'close'

/** The ports' methods the core calls on main, by port. */
export type PortName = 'desktop' | 'shell' | 'network' | 'cipher'

export type ToCore =
  | { type: 'call'; id: number; method: CoreMethod; args: unknown[] }
  | { type: 'answer'; id: number; ok: true; value: unknown }
  | { type: 'answer'; id: number; ok: false; message: string }
  | { type: 'focused'; focused: boolean }
  /** A magpie:// link main has routed: the core holds an invitation's config (core/invitations.ts). */
  | { type: 'link'; link: string }
  /** Close now, synchronously (Windows' session end): the core sets `signal`'s first slot to 1 when closed. */
  | { type: 'closeNow'; signal: SharedArrayBuffer }
  | { type: 'image'; worker: number; event: 'message'; reply: ImageReply }
  | { type: 'image'; worker: number; event: 'exit'; code: number | null }

export type FromCore =
  | { type: 'ready'; imagesDir: string }
  /** createMagpie threw: the sentence start-up shows (core/faults.ts startupMessage). */
  | { type: 'failed'; message: string }
  | { type: 'reply'; id: number; ok: true; value: unknown; imagesDir: string }
  | { type: 'reply'; id: number; ok: false; message: string; imagesDir: string }
  | { type: 'emit'; event: EventName; payload: EventPayloads[EventName] }
  /** A port call; with an id it is answered by `answer`, without one nothing is awaited. */
  | { type: 'port'; id?: number; port: PortName; method: string; args: unknown[] }
  | { type: 'image'; worker: number; op: 'spawn' }
  | { type: 'image'; worker: number; op: 'send'; request: ImageRequest }
  | { type: 'image'; worker: number; op: 'kill' }
