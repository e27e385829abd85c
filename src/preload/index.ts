import { contextBridge, ipcRenderer } from 'electron'
import { channels, isEventName, type Channel } from '@shared/ipc/channels'
import type { MagpieApi } from '@shared/ipc/contract'
import { createEventRelay, type EventRelay } from './event-relay'
import { prepareCalls, startCalls, type PreparedCalls } from './prepared'

/**
 * window.magpie: one method per channel of the contract and a subscription to the
 * listed events. The renderer never sees ipcRenderer itself.
 */
function buildApi(prepared: PreparedCalls, relay: EventRelay): MagpieApi {
  const api: Record<string, Record<string, (input?: unknown) => Promise<unknown>>> = {}
  for (const channel of channels) {
    const [namespace, method] = channel.split(':') as [string, string]
    api[namespace] ??= {}
    api[namespace][method] = (input?: unknown) => prepared.take(channel, input) ?? ipcRenderer.invoke(channel satisfies Channel, input)
  }
  const on: MagpieApi['on'] = (event, listener) => {
    if (!isEventName(event)) throw new Error(`unknown event ${String(event)}`)
    return relay.on(event, (payload) => listener(payload as never))
  }
  return Object.freeze({ ...api, on }) as unknown as MagpieApi
}

// Main's events from now on, kept for the page until it listens (a cold start's deep link comes early).
const relay = createEventRelay((event, handler) => ipcRenderer.on(event, (_event, payload: unknown) => handler(payload)))

// The page's start calls leave now, before its scripts are even parsed (src/preload/prepared.ts).
// They are for the page's first run only: any event from main, or the document having loaded
// (the page's scripts have run), drops what was not taken.
const prepared = prepareCalls(startCalls(location.hash), (channel, input) => ipcRenderer.invoke(channel, input), (drop) => {
  const stopObserving = relay.observe(drop)
  const onLoaded = () => setTimeout(drop)
  document.addEventListener('DOMContentLoaded', onLoaded, { once: true })
  return () => {
    stopObserving()
    document.removeEventListener('DOMContentLoaded', onLoaded)
  }
})

contextBridge.exposeInMainWorld('magpie', buildApi(prepared, relay))
