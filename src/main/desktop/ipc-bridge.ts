import { ipcMain, type WebContents, type WebFrameMain } from 'electron'
import { channels } from '@shared/ipc/channels'
import { messages } from '@shared/messages'
import type { Dispatch } from '../ipc/dispatch'

/**
 * An IPC call is answered only when it comes from the main frame of the app window: the
 * frame itself is compared, not its URL (a file URL's spelling differs between Chromium
 * and Node, e.g. the case of a Windows drive letter). The window never navigates away from
 * the app's page (window.ts), so its main frame is always our page.
 */
export function isAppFrame(sender: WebFrameMain | null | undefined, appFrame: WebFrameMain | null | undefined): boolean {
  if (!sender || !appFrame || sender.isDestroyed() || appFrame.isDestroyed()) return false
  if (sender.detached || sender.parent !== null) return false
  // One RenderFrameHost is one (process, routing id) pair, whether or not Electron hands out the same wrapper object.
  return sender === appFrame || (sender.processId === appFrame.processId && sender.routingId === appFrame.routingId)
}

/** Connects each contract channel to the dispatcher, for calls from our own page only. */
export function registerIpc(dispatch: Dispatch, appFrame: () => WebFrameMain | null | undefined): void {
  for (const channel of channels) {
    ipcMain.handle(channel, (event, input: unknown) => {
      if (!isAppFrame(event.senderFrame, appFrame())) {
        return { ok: false, error: { code: 'invalidRequest', message: messages.invalidRequest } }
      }
      return dispatch(channel, input)
    })
  }
}

export function sendEvent(contents: WebContents | undefined, event: string, payload: unknown): void {
  if (contents && !contents.isDestroyed()) contents.send(event, payload)
}
