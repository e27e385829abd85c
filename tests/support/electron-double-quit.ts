import type { EventEmitter } from 'node:events'

/**
 * [quit] app.quit() as Electron 42's Browser::Quit runs it (shell/browser/browser.cc, 42-x-y):
 *
 * - A quit already under way is not started again (browser.cc:119-121).
 * - 'before-quit' first; a listener's preventDefault() cancels the quit, and a later app.quit()
 *   starts afresh with another 'before-quit' (browser.cc:123-125, 300-304; electron_api_app.cc:580-584).
 * - Then every window is asked to close, each its own 'close' event (window_list.cc:77-88); one
 *   that is prevented cancels the quit (electron_api_browser_window.cc:111 → browser.cc:306-311).
 * - Once no window is left — at once when there was none — 'will-quit' (browser.cc:127-128, 313-317;
 *   no 'window-all-closed' while quitting); its preventDefault() cancels the quit again, so the next
 *   app.quit() emits 'before-quit' once more (browser.cc:286-298). Otherwise 'quit' with the exit
 *   code (electron_api_app.cc:596-598) and the app is shut down.
 *
 * The double runs it synchronously; Electron closes windows through their pages' beforeunload,
 * so its 'close' events and 'will-quit' may come a task later. Nothing here depends on that.
 */
export interface QuitState {
  /** Browser's is_quitting_. */
  quitting: boolean
  /** Browser's is_shutdown_: 'quit' was emitted and the app is gone. */
  shutdown: boolean
}

export const emptyQuitState = (): QuitState => ({ quitting: false, shutdown: false })

interface ClosableWindow {
  close(): { defaultPrevented: boolean }
  isDestroyed(): boolean
}

type Event = { defaultPrevented: boolean; preventDefault(): void }

export function fakeQuit(state: QuitState, app: EventEmitter, windows: () => ClosableWindow[], fakeEvent: () => Event): void {
  if (state.quitting || state.shutdown) return
  const beforeQuit = fakeEvent()
  app.emit('before-quit', beforeQuit)
  if (beforeQuit.defaultPrevented) return
  state.quitting = true
  for (const window of windows()) {
    if (window.isDestroyed()) continue
    if (window.close().defaultPrevented) state.quitting = false
  }
  if (!state.quitting || windows().some((window) => !window.isDestroyed())) return
  const willQuit = fakeEvent()
  app.emit('will-quit', willQuit)
  if (willQuit.defaultPrevented) {
    state.quitting = false
    return
  }
  state.shutdown = true
  app.emit('quit', fakeEvent(), 0)
}
