import { app, nativeImage, type BrowserWindow, type NativeImage, type Tray } from 'electron'
import { format, messages } from '@shared/messages'
import { renderBadgeIcon } from '../media/badge-icon'

/**
 * The alert count on the tray icon and its tooltip, the Dock badge (macOS), the launcher count
 * (Linux under Unity) and the taskbar overlay (Windows): what DesktopPort.setBadge draws.
 */
export function createBadge(options: { window: () => BrowserWindow | null; tray: () => Tray | null; trayIconPng: Buffer; platform: NodeJS.Platform }) {
  const { platform } = options
  // What was last drawn and where: a count reported before the tray or window existed
  // (at start) is drawn again once they do.
  let drawn: { count: number; tray: Tray | null; window: BrowserWindow | null } | null = null
  // Windows: the overlay lives on the taskbar button, which a window hidden in the tray does not
  // have; Electron keeps nothing to put back (taskbar_host.cc:189-238, native_window_views.cc:637-644).
  // So the latest overlay is kept and put on each new button as the window is shown.
  let overlay: { image: NativeImage | null; description: string } | null = null
  const followed = new WeakSet<BrowserWindow>()

  function putOverlay(window: BrowserWindow): void {
    if (overlay && !window.isDestroyed()) window.setOverlayIcon(overlay.image, overlay.description)
  }

  function followShows(window: BrowserWindow): void {
    if (followed.has(window)) return
    followed.add(window)
    window.on('show', () => putOverlay(window))
  }

  return function setBadge(count: number): void {
    const tray = options.tray()
    const window = options.window()
    if (drawn && drawn.count === count && drawn.tray === tray && drawn.window === window) return
    const current = { count, tray, window }
    drawn = current
    // Windows: Electron's setBadgeCount draws a taskbar overlay of its own, and Magpie's
    // (below) carries the count's spoken label; one overlay, not two. Linux: it shows only
    // under Unity's launcher (false elsewhere), so the tray icon carries the count everywhere.
    if (platform !== 'win32') app.setBadgeCount(count)
    tray?.setToolTip(format.trayTooltip(count))
    if (platform === 'darwin') {
      // The template icon stays as it is; the count is text beside it in the menu bar.
      tray?.setTitle(count > 0 ? String(count) : '')
      return
    }
    if (platform === 'win32' && window) followShows(window)
    void renderBadgeIcon(options.trayIconPng, count, 32)
      .then((png) => {
        // Renders can finish out of order: only the latest count is shown.
        if (drawn !== current) return
        tray?.setImage(nativeImage.createFromBuffer(png))
        if (platform === 'win32' && window) {
          overlay = {
            image: count > 0 ? nativeImage.createFromBuffer(png).resize({ width: 16, height: 16 }) : null,
            description: count > 0 ? format.alertBadgeLabel(count) : messages.appName
          }
          putOverlay(window)
        }
      })
      .catch((error: unknown) => console.error('badge icon', error))
  }
}
