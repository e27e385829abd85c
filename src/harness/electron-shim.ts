/**
 * The browser harness's stand-in for the `electron` module the preload imports:
 * contextBridge puts the API on window, ipcRenderer talks to the harness over a
 * WebSocket. Only these two are shimmed; the preload itself is the real one.
 */
import { messages } from '../shared/messages'

type Listener = (event: unknown, payload: unknown) => void

const params = new URLSearchParams(location.search)
const token = params.get('token') ?? sessionStorage.getItem('magpie-harness-token') ?? ''
sessionStorage.setItem('magpie-harness-token', token)

let nextId = 1
const pending = new Map<number, (value: unknown) => void>()
const listeners = new Map<string, Set<Listener>>()
const queue: string[] = []
let socket: WebSocket | null = null

function toBase64(bytes: Uint8Array): string {
  let binary = ''
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return btoa(binary)
}

function fromBase64(text: string): Uint8Array {
  const binary = atob(text)
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}

const encode = (value: unknown) =>
  JSON.stringify(value, (_k, v: unknown) => (v instanceof Uint8Array ? { $bytes: toBase64(v) } : v))

const decode = (text: string) =>
  JSON.parse(text, (_k, v: unknown) =>
    v && typeof v === 'object' && typeof (v as { $bytes?: unknown }).$bytes === 'string'
      ? fromBase64((v as { $bytes: string }).$bytes)
      : v
  ) as { id?: number; result?: unknown; event?: string; payload?: unknown }

function connect(): void {
  const ws = new WebSocket(`ws://${location.host}/ipc?token=${encodeURIComponent(token)}`)
  ws.onopen = () => {
    socket = ws
    for (const frame of queue.splice(0)) ws.send(frame)
  }
  ws.onmessage = (message) => {
    const frame = decode(String(message.data))
    if (typeof frame.id === 'number') {
      pending.get(frame.id)?.(frame.result)
      pending.delete(frame.id)
    } else if (frame.event) {
      listeners.get(frame.event)?.forEach((listener) => listener({}, frame.payload))
    }
  }
  ws.onclose = () => {
    socket = null
    for (const resolve of pending.values()) {
      resolve({ ok: false, error: { code: 'networkError', message: messages.networkError } })
    }
    pending.clear()
    setTimeout(connect, 500)
  }
}
connect()

export const ipcRenderer = {
  invoke(channel: string, input: unknown): Promise<unknown> {
    const id = nextId++
    const frame = encode({ id, channel, input })
    return new Promise((resolve) => {
      pending.set(id, resolve)
      if (socket) socket.send(frame)
      else queue.push(frame)
    })
  },
  on(event: string, listener: Listener) {
    if (!listeners.has(event)) listeners.set(event, new Set())
    listeners.get(event)!.add(listener)
    return ipcRenderer
  },
  removeListener(event: string, listener: Listener) {
    listeners.get(event)?.delete(listener)
    return ipcRenderer
  }
}

export const contextBridge = {
  exposeInMainWorld(key: string, api: unknown) {
    Object.defineProperty(window, key, { value: api, writable: false, configurable: false })
  }
}

export type IpcRendererEvent = unknown
