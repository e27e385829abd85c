import type { Worker } from 'node:worker_threads'
import type { ThemeChoice } from '@shared/limits'
import type { ShellPreferences } from '@shared/types'
import type { TokenCipher } from '../core/session-vault'
import type { DesktopPort, NativeNotification, NetworkPort, ShellPort } from '../desktop-port'
import type { SpawnWorker, WorkerChannel } from '../media/image-service'
import type { FromCore, PortName, ToCore } from './protocol'

type PortMethods = Record<string, (...args: never[]) => unknown>

/**
 * Main answers the core thread's port calls (docs/decisions/046-main-never-blocks.md): only the
 * methods named here, each with its arguments made whole again (bytes arrive as Uint8Array).
 */
export function createPortAnswers(
  core: Worker,
  ports: { desktop: DesktopPort; shell: ShellPort; network?: NetworkPort; cipher?: TokenCipher | null; spawnImageWorker?: SpawnWorker }
) {
  const { desktop, shell, network, cipher } = ports
  const methods: Record<PortName, PortMethods> = {
    desktop: {
      notify: (notification: NativeNotification) => desktop.notify({ ...notification, icon: notification.icon ? Buffer.from(notification.icon) : null }),
      setBadge: (count: number) => desktop.setBadge(count),
      setTheme: (source: ThemeChoice) => desktop.setTheme(source),
      chooseSavePath: (name: string) => desktop.chooseSavePath(name),
      saved: (path: string) => desktop.saved(path)
    },
    shell: {
      view: () => shell.view(),
      setPreferences: (preferences: Partial<ShellPreferences>) => shell.setPreferences(preferences),
      checkForUpdates: () => shell.checkForUpdates(),
      restartToUpdate: () => shell.restartToUpdate(),
      openLink: (url: string) => shell.openLink(url)
    },
    network: network ? { resolveProxy: (url: string) => network.resolveProxy(url) } : {},
    cipher: cipher ? { encrypt: (plain: string) => cipher.encrypt(plain), decrypt: (data: Uint8Array) => cipher.decrypt(Buffer.from(data)) } : {}
  }
  /** Image workers main started for this core, by the core's number. */
  const images = new Map<number, WorkerChannel>()
  const post = (message: ToCore) => core.postMessage(message)

  function answerPort(message: Extract<FromCore, { type: 'port' }>): void {
    const method = methods[message.port]?.[message.method]
    const { id } = message
    new Promise((resolve) => {
      if (!method) throw new Error(`no port method ${message.port}.${message.method}`)
      resolve((method as (...args: unknown[]) => unknown)(...message.args))
    }).then(
      (value) => {
        if (id !== undefined) post({ type: 'answer', id, ok: true, value })
      },
      (error: unknown) => {
        if (id !== undefined) post({ type: 'answer', id, ok: false, message: error instanceof Error ? error.message : String(error) })
        else console.error(`[core] ${message.port}.${message.method}`, error)
      }
    )
  }

  function relayImage(message: Extract<FromCore, { type: 'image' }>): void {
    const { worker } = message
    if (message.op === 'spawn') {
      if (!ports.spawnImageWorker) return post({ type: 'image', worker, event: 'exit', code: null })
      const channel = ports.spawnImageWorker()
      images.set(worker, channel)
      channel.onMessage((reply) => post({ type: 'image', worker, event: 'message', reply }))
      channel.onExit((code) => {
        images.delete(worker)
        post({ type: 'image', worker, event: 'exit', code })
      })
    } else if (message.op === 'send') images.get(worker)?.send(message.request)
    else images.get(worker)?.kill()
  }

  return {
    receive(message: FromCore): void {
      if (message.type === 'port') answerPort(message)
      else if (message.type === 'image') relayImage(message)
    },
    /** The core is gone: its image workers go too (a new core starts its own). */
    end(): void {
      for (const channel of images.values()) channel.kill()
      images.clear()
    }
  }
}
