import { ipcMain, type WebContents } from 'electron'
import { channels } from '@shared/ipc/channels'
import { messages } from '@shared/messages'
import type { Dispatch } from '../ipc/dispatch'
import { isTrustedSender } from './security'

/** Connects each contract channel to the dispatcher, for calls from our own page only. */
export function registerIpc(dispatch: Dispatch, appUrl: () => string): void {
  for (const channel of channels) {
    ipcMain.handle(channel, (event, input: unknown) => {
      const frame = event.senderFrame
      if (!frame || frame.parent !== null || !isTrustedSender(frame.url, appUrl())) {
        return { ok: false, error: { code: 'invalidRequest', message: messages.invalidRequest } }
      }
      return dispatch(channel, input)
    })
  }
}

export function sendEvent(contents: WebContents | undefined, event: string, payload: unknown): void {
  if (contents && !contents.isDestroyed()) contents.send(event, payload)
}
