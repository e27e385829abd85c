import { app, nativeImage, Notification, type BrowserWindow, type Tray } from 'electron'
import { format, messages } from '@shared/messages'
import type { DesktopPort } from '../desktop-port'
import { renderBadgeIcon } from '../media/badge-icon'

/** The DesktopPort on a real OS: notifications, tray badge, dock/launcher count, taskbar overlay. */
export function createElectronDesktop(options: {
  window: () => BrowserWindow | null
  tray: () => Tray | null
  trayIconPng: Buffer
  showRoute: (route: string) => void
}): DesktopPort {
  // What was last drawn and where: a count reported before the tray or window existed
  // (at start) is drawn again once they do.
  let drawn: { count: number; tray: Tray | null; window: BrowserWindow | null } | null = null
  // Electron holds notifications weakly: without a reference here a collected one
  // forgets its click handler and the click would not open the post.
  const shown = new Set<Notification>()
  return {
    notify(notification) {
      if (!Notification.isSupported()) return
      const native = new Notification({
        title: notification.title,
        body: notification.body,
        icon: notification.icon ? nativeImage.createFromBuffer(notification.icon) : undefined,
        silent: false
      })
      const forget = () => shown.delete(native)
      native.on('click', () => {
        forget()
        options.showRoute(notification.route)
      })
      native.on('close', forget)
      native.on('failed', forget)
      shown.add(native)
      native.show()
    },
    setBadge(count) {
      const tray = options.tray()
      const window = options.window()
      if (drawn && drawn.count === count && drawn.tray === tray && drawn.window === window) return
      const current = { count, tray, window }
      drawn = current
      app.setBadgeCount(count)
      tray?.setToolTip(format.trayTooltip(count))
      void renderBadgeIcon(options.trayIconPng, count, 32)
        .then((png) => {
          // Renders can finish out of order: only the latest count is shown.
          if (drawn !== current) return
          tray?.setImage(nativeImage.createFromBuffer(png))
          if (process.platform === 'win32' && window) {
            const overlay = count > 0 ? nativeImage.createFromBuffer(png).resize({ width: 16, height: 16 }) : null
            window.setOverlayIcon(overlay, count > 0 ? format.alertBadgeLabel(count) : messages.appName)
          }
        })
        .catch((error: unknown) => console.error('badge icon', error))
    },
    isFocused() {
      const window = options.window()
      return Boolean(window && window.isVisible() && window.isFocused())
    }
  }
}
