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
  let drawn = -1
  return {
    notify(notification) {
      if (!Notification.isSupported()) return
      const native = new Notification({
        title: notification.title,
        body: notification.body,
        icon: notification.icon ? nativeImage.createFromBuffer(notification.icon) : undefined,
        silent: false
      })
      native.on('click', () => options.showRoute(notification.route))
      native.show()
    },
    setBadge(count) {
      if (count === drawn) return
      drawn = count
      app.setBadgeCount(count)
      const tray = options.tray()
      tray?.setToolTip(format.trayTooltip(count))
      void renderBadgeIcon(options.trayIconPng, count, 32).then((png) => {
        const image = nativeImage.createFromBuffer(png)
        tray?.setImage(image)
        const window = options.window()
        if (process.platform === 'win32' && window) {
          const overlay = count > 0 ? nativeImage.createFromBuffer(png).resize({ width: 16, height: 16 }) : null
          window.setOverlayIcon(overlay, count > 0 ? format.alertBadgeLabel(count) : messages.appName)
        }
      })
    },
    isFocused() {
      const window = options.window()
      return Boolean(window && window.isVisible() && window.isFocused())
    }
  }
}
