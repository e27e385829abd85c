import { parentPort, workerData } from 'node:worker_threads'
import type { EventName } from '@shared/ipc/channels'
import type { EventPayloads } from '@shared/ipc/contract'
import { createMagpie, type Magpie } from '../app/create-magpie'
import { startupMessage } from '../core/faults'
import type { NotificationAnswer } from '../desktop-port'
import { createCorePorts } from './core-ports'
import type { CoreMethod, CoreStart, FromCore, ToCore } from './protocol'

/**
 * The core thread (docs/decisions/046-main-never-blocks.md): createMagpie, unchanged, with the
 * store, both backends, the services and all housekeeping, off main's event loop. Main's host
 * (host.ts) starts it, calls it and answers its port calls.
 */
const port = parentPort!
const start = workerData as CoreStart
const post = (message: FromCore) => port.postMessage(message)
const ports = createCorePorts(port, start)
/** Calls and links that came before createMagpie finished: served once it has. */
const early: ToCore[] = []
let magpie: Magpie | null = null

function run(magpie: Magpie, method: CoreMethod, args: unknown[]): Promise<unknown> {
  switch (method) {
    case 'dispatch':
      return magpie.dispatch(args[0], args[1])
    case 'answerNotification':
      return magpie.answerNotification(args[0] as NotificationAnswer)
    case 'refreshBadge':
      return Promise.resolve(magpie.refreshBadge())
    case 'wake':
      return Promise.resolve(magpie.wake())
    case 'close':
      return magpie.close()
  }
}

function serve(magpie: Magpie, message: ToCore): void {
  if (message.type === 'link') {
    magpie.invitations.routeFor(message.link)
    return
  }
  if (message.type === 'closeNow') {
    try {
      magpie.closeNow()
    } finally {
      const signal = new Int32Array(message.signal)
      Atomics.store(signal, 0, 1)
      Atomics.notify(signal, 0)
    }
    return
  }
  if (message.type !== 'call') return
  const { id, method, args } = message
  run(magpie, method, args).then(
    (value) => post({ type: 'reply', id, ok: true, value, imagesDir: magpie.imagesDir }),
    (error: unknown) => post({ type: 'reply', id, ok: false, message: error instanceof Error ? error.message : String(error), imagesDir: magpie.imagesDir })
  )
}

port.on('message', (message: ToCore) => {
  if (ports.receive(message)) return
  if (magpie) serve(magpie, message)
  else early.push(message)
})

createMagpie({
  dataDir: start.dataDir,
  profileDir: start.profileDir,
  desktop: ports.desktop,
  shell: ports.shell,
  network: ports.network,
  cipher: ports.cipher,
  spawnImageWorker: ports.spawnImageWorker,
  emit: <E extends EventName>(event: E, payload: EventPayloads[E]) => post({ type: 'emit', event, payload }),
  mediaUrl: (file) => `${start.mediaPrefix}${file}`,
  scrypt: start.scrypt,
  synchronous: start.synchronous,
  watchIntervalMs: start.watchIntervalMs,
  community: start.community,
  managedCommunity: start.managedCommunity,
  emulators: start.emulators,
  imageCacheBytes: start.imageCacheBytes,
  nativeBinding: start.nativeBinding
}).then(
  (started) => {
    magpie = started
    post({ type: 'ready', imagesDir: started.imagesDir })
    for (const message of early.splice(0)) serve(started, message)
  },
  (error: unknown) => {
    console.error('[core] start-up failed', error)
    post({ type: 'failed', message: startupMessage(error) })
  }
)
