// A namespace import: Node before 22.15 (the harness's) has no getCACertificates, and a named import would fail to load.
import * as tls from 'node:tls'
import type { MessagePort } from 'node:worker_threads'
import type { ThemeChoice } from '@shared/limits'
import type { ShellPreferences, ShellView } from '@shared/types'
import type { TokenCipher } from '../core/session-vault'
import type { DesktopPort, NativeNotification, NetworkPort, ShellPort } from '../desktop-port'
import type { ImageReply } from '../media/image-protocol'
import type { SpawnWorker, WorkerChannel } from '../media/image-service'
import type { CoreStart, FromCore, PortName, ToCore } from './protocol'

/**
 * The core thread's side of main's ports (docs/decisions/046-main-never-blocks.md): each call
 * is a message to main; what the core needs synchronously (is the window focused, the OS's
 * certificates) is state main gave at start or pushes when it changes.
 */
export function createCorePorts(port: MessagePort, start: CoreStart) {
  const post = (message: FromCore) => port.postMessage(message)
  const asked = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>()
  let nextId = 1
  let focused = start.focused

  function ask<T>(name: PortName, method: string, args: unknown[]): Promise<T> {
    const id = nextId++
    return new Promise<T>((resolve, reject) => {
      asked.set(id, { resolve: resolve as (value: unknown) => void, reject })
      post({ type: 'port', id, port: name, method, args })
    })
  }
  const tell = (name: PortName, method: string, args: unknown[]) => post({ type: 'port', port: name, method, args })

  const desktop: DesktopPort = {
    notify: (notification: NativeNotification) => tell('desktop', 'notify', [notification]),
    setBadge: (count: number) => tell('desktop', 'setBadge', [count]),
    isFocused: () => focused,
    setTheme: (source: ThemeChoice) => tell('desktop', 'setTheme', [source]),
    chooseSavePath: (suggestedName: string) => ask<string | null>('desktop', 'chooseSavePath', [suggestedName]),
    saved: (path: string) => ask<string | null>('desktop', 'saved', [path])
  }

  const shell: ShellPort = {
    view: () => ask<ShellView>('shell', 'view', []),
    setPreferences: (preferences: Partial<ShellPreferences>) => ask<ShellView>('shell', 'setPreferences', [preferences]),
    checkForUpdates: () => ask<ShellView>('shell', 'checkForUpdates', []),
    restartToUpdate: () => tell('shell', 'restartToUpdate', []),
    openLink: (url: string) => tell('shell', 'openLink', [url])
  }

  const network: NetworkPort | undefined = start.network
    ? { resolveProxy: (url: string) => ask<string>('network', 'resolveProxy', [url]), systemCertificates: () => tls.getCACertificates('system') }
    : undefined

  // Bytes come back as a Uint8Array (structured clone drops Buffer's class): the vault writes a Buffer.
  const cipher: TokenCipher | null = start.cipher
    ? {
        encrypt: async (plain: string) => Buffer.from(await ask<Uint8Array>('cipher', 'encrypt', [plain])),
        decrypt: (data: Buffer) => ask<string>('cipher', 'decrypt', [data])
      }
    : null

  /** Image workers main starts and relays, by number. */
  const images = new Map<number, { onMessage: ((reply: ImageReply) => void)[]; onExit: ((code: number | null) => void)[] }>()
  let nextWorker = 1
  const spawnImageWorker: SpawnWorker | undefined = start.relayImages
    ? (): WorkerChannel => {
        const worker = nextWorker++
        const relayed = { onMessage: [] as ((reply: ImageReply) => void)[], onExit: [] as ((code: number | null) => void)[] }
        images.set(worker, relayed)
        post({ type: 'image', worker, op: 'spawn' })
        return {
          // Main knows the process; the core never needs its id.
          pid: undefined,
          send: (request) => post({ type: 'image', worker, op: 'send', request }),
          onMessage: (listener) => void relayed.onMessage.push(listener),
          onExit: (listener) => void relayed.onExit.push(listener),
          kill: () => post({ type: 'image', worker, op: 'kill' })
        }
      }
    : undefined

  return {
    desktop,
    shell,
    network,
    cipher,
    spawnImageWorker,
    /** Main's messages for the ports; false for any other. */
    receive(message: ToCore): boolean {
      if (message.type === 'answer') {
        const waiting = asked.get(message.id)
        asked.delete(message.id)
        if (message.ok) waiting?.resolve(message.value)
        else waiting?.reject(new Error(message.message))
        return true
      }
      if (message.type === 'focused') {
        focused = message.focused
        return true
      }
      if (message.type === 'image') {
        const relayed = images.get(message.worker)
        if (!relayed) return true
        if (message.event === 'message') for (const listener of relayed.onMessage) listener(message.reply)
        else {
          images.delete(message.worker)
          for (const listener of relayed.onExit) listener(message.code)
        }
        return true
      }
      return false
    }
  }
}
