import { Menu, nativeImage, Tray } from 'electron'
import { messages } from '@shared/messages'

export function createTray(iconPng: Buffer, actions: { open(): void; alerts(): void; quit(): void }): Tray {
  const tray = new Tray(nativeImage.createFromBuffer(iconPng).resize({ width: 32, height: 32 }))
  tray.setToolTip(messages.appName)
  tray.setContextMenu(
    Menu.buildFromTemplate([
      { label: messages.trayOpen, click: actions.open },
      { label: messages.trayAlerts, click: actions.alerts },
      { type: 'separator' },
      { label: messages.trayQuit, click: actions.quit }
    ])
  )
  tray.on('click', actions.open)
  return tray
}
