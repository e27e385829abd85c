import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron'
import { channels, isEventName, type Channel } from '@shared/ipc/channels'
import type { MagpieApi } from '@shared/ipc/contract'

/**
 * window.magpie: one method per channel of the contract and a subscription to the
 * listed events. The renderer never sees ipcRenderer itself.
 */
function buildApi(): MagpieApi {
  const api: Record<string, Record<string, (input?: unknown) => Promise<unknown>>> = {}
  for (const channel of channels) {
    const [namespace, method] = channel.split(':') as [string, string]
    api[namespace] ??= {}
    api[namespace][method] = (input?: unknown) => ipcRenderer.invoke(channel satisfies Channel, input)
  }
  const on: MagpieApi['on'] = (event, listener) => {
    if (!isEventName(event)) throw new Error(`unknown event ${String(event)}`)
    const wrapped = (_event: IpcRendererEvent, payload: unknown) => listener(payload as never)
    ipcRenderer.on(event, wrapped)
    return () => {
      ipcRenderer.removeListener(event, wrapped)
    }
  }
  return Object.freeze({ ...api, on }) as unknown as MagpieApi
}

contextBridge.exposeInMainWorld('magpie', buildApi())
