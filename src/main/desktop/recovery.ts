import { dialog, type App, type BrowserWindow } from 'electron'
import { messages } from '@shared/messages'

/** More crashes than this within the window means the page cannot run: stop reloading and say so. */
export const crashLoop = { reloads: 3, withinMs: 5 * 60_000 }

interface Log {
  warn(...args: unknown[]): void
  error(...args: unknown[]): void
}

/**
 * A renderer that dies (a crash, the OS killing it for memory) would leave a blank window for
 * good: it is reloaded, and the page is told why once it is back (drafts are kept in the page's
 * sessionStorage, which a reload keeps). A renderer that crashes again and again is not
 * reloaded forever. A hung one offers to wait or reload, and the question goes away by itself if
 * the page answers again.
 */
export function recoverFromCrashes(window: BrowserWindow, options: { recovered(): void; log: Log; now?: () => number }): void {
  const now = options.now ?? Date.now
  const contents = window.webContents
  const reloads: number[] = []
  let asking: AbortController | null = null

  contents.on('render-process-gone', (_event, details) => {
    asking?.abort()
    if (details.reason === 'clean-exit' || window.isDestroyed()) return
    options.log.error('renderer gone', details)
    const since = now() - crashLoop.withinMs
    while (reloads.length > 0 && reloads[0]! < since) reloads.shift()
    if (reloads.length >= crashLoop.reloads) {
      dialog.showErrorBox(messages.appName, messages.rendererGone)
      return
    }
    reloads.push(now())
    contents.once('did-finish-load', () => options.recovered())
    contents.reload()
  })

  contents.on('unresponsive', () => {
    if (asking || window.isDestroyed()) return
    options.log.warn('renderer unresponsive')
    const controller = new AbortController()
    asking = controller
    const question = {
      type: 'warning' as const,
      title: messages.unresponsiveTitle,
      message: messages.unresponsiveTitle,
      detail: messages.unresponsiveMessage,
      buttons: [messages.unresponsiveWait, messages.unresponsiveReload],
      defaultId: 0,
      cancelId: 0,
      noLink: true,
      signal: controller.signal
    }
    // A window hidden in the tray would hold the question where nobody sees it (a sheet on macOS): it stands alone then.
    void (window.isVisible() ? dialog.showMessageBox(window, question) : dialog.showMessageBox(question)).then(({ response }) => {
      if (asking === controller) asking = null
      // The page is ended and comes back through render-process-gone's reload, with its notice.
      if (response === 1 && !controller.signal.aborted && !window.isDestroyed()) contents.forcefullyCrashRenderer()
    })
  })
  contents.on('responsive', () => asking?.abort())
}

/** GPU, utility and other helper processes: logged, since Chromium restarts what it needs. */
export function logChildProcesses(app: App, log: Log): void {
  app.on('child-process-gone', (_event, details) => {
    if (details.reason !== 'clean-exit') log.warn('child process gone', details)
  })
}
