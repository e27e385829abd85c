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
