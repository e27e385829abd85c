import { Menu, nativeImage, Tray, type NativeImage } from 'electron'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { messages } from '@shared/messages'
import { taskMenuItems, type ShellTask } from './tasks'

/**
 * The tray icon as each OS wants it. macOS: a 16 pt black template image (with its @2x
 * file, which Electron loads beside it) that the menu bar tints for light and dark mode;
 * the count goes beside it as text. Windows and Linux: the colour icon, on which the
 * count is drawn (electron-desktop.ts).
 */
export function trayImage(resources: string, platform: NodeJS.Platform): NativeImage {
  if (platform === 'darwin') {
    const image = nativeImage.createFromPath(join(resources, 'trayTemplate.png'))
    image.setTemplateImage(true)
    return image
  }
  return nativeImage.createFromBuffer(readFileSync(join(resources, 'tray.png'))).resize({ width: 32, height: 32 })
}

/** The tray's menu: 열기, then the tasks the Dock menu and the Jump List offer too (tasks.ts), then 종료. */
export function createTray(image: NativeImage, actions: { open(): void; task(task: ShellTask): void; quit(): void }): Tray {
  const tray = new Tray(image)
  tray.setToolTip(messages.appName)
  tray.setContextMenu(
    Menu.buildFromTemplate([
      { label: messages.trayOpen, click: actions.open },
      ...taskMenuItems(actions.task),
      { type: 'separator' },
      { label: messages.trayQuit, click: actions.quit }
    ])
  )
  tray.on('click', actions.open)
  return tray
}
