/** Long enough for the store's checkpoint and the community listeners to stop; short enough that quitting never seems to hang. */
export const closeTimeoutMs = 5000

interface QuittingApp {
  on(event: 'will-quit', listener: (event: { preventDefault(): void }) => void): unknown
  quit(): void
}

/**
 * Quitting waits for Magpie to close (the store, the community listeners): the first
 * will-quit is held while close() runs, then the app quits for real. A close that hangs
 * is logged and given up on after `timeoutMs`, so quitting can never hang forever.
 */
export function quitAfterClose(app: QuittingApp, close: () => Promise<void> | void, timeoutMs = closeTimeoutMs): void {
  let state: 'running' | 'closing' | 'closed' = 'running'
  app.on('will-quit', (event) => {
    if (state === 'closed') return
    event.preventDefault()
    if (state === 'closing') return
    state = 'closing'
    let timer: ReturnType<typeof setTimeout> | undefined
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        console.error(`Magpie did not close within ${timeoutMs} ms; quitting anyway`)
        resolve()
      }, timeoutMs)
    })
    const closing = Promise.resolve()
      .then(close)
      .catch((error: unknown) => console.error('closing Magpie failed', error))
    void Promise.race([closing, timeout]).then(() => {
      clearTimeout(timer)
      state = 'closed'
      app.quit()
    })
  })
}

interface AskingApp {
  on(event: 'before-quit', listener: (event: { preventDefault(): void }) => void): unknown
  quit(): void
}

/**
 * Quitting asks the page first when it may hold unsaved writing (decision 039): the first
 * before-quit is cancelled and `ask()` sends the page app:quitRequested; the page answers
 * 'agreed' (nothing to lose, 임시 저장, 저장하지 않고 나가기) and the app quits again, this
 * time let through. 계속 쓰기 answers nothing, so the quit stays cancelled, as Electron
 * cancels it (browser.cc:119-131: a prevented before-quit leaves is_quitting_ false).
 * `ask()` answers false when there is no page to ask (none loaded, or it is gone): the quit
 * goes on. An update's restart and the OS's session end `allow()` the quit unasked.
 * `quitting` is told when a quit really goes on, so the window closes instead of hiding.
 */
export function askBeforeQuit(app: AskingApp, options: { ask: () => boolean; quitting: () => void }) {
  let allowed = false
  let waiting = false
  app.on('before-quit', (event) => {
    if (!allowed && options.ask()) {
      waiting = true
      event.preventDefault()
      return
    }
    options.quitting()
  })
  return {
    /** Whether a quit asked the page and it has not agreed yet: only then does the page's answer count. */
    waiting: () => waiting,
    /** The page agreed: the quit it was asked about goes on. */
    agreed(): void {
      if (!waiting) return
      waiting = false
      allowed = true
      app.quit()
    },
    /** What follows quits without asking the page (an update's restart, the OS's session end). */
    allow(): void {
      allowed = true
    }
  }
}
