import { app, BrowserWindow, dialog, safeStorage } from 'electron'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { createMagpie, type Magpie } from './app/create-magpie'
import { loadSettings, SettingsError } from './config/settings'
import { startingCommunity } from './config/settings-file'
import { createElectronDesktop } from './desktop/electron-desktop'
import { registerIpc, sendEvent } from './desktop/ipc-bridge'
import { handleMediaProtocol, mediaUrl, registerMediaScheme } from './desktop/media-protocol'
import { createTray } from './desktop/tray'
import { createMainWindow, lockDownSession } from './desktop/window'

/**
 * Electron's entry: thin glue around createMagpie. Everything below it runs in plain
 * Node too (tests, the browser harness); only the window, tray and OS calls live here.
 */
const here = fileURLToPath(new URL('.', import.meta.url))
const resources = app.isPackaged ? process.resourcesPath : join(here, '../../resources')
const rendererUrl = process.env.ELECTRON_RENDERER_URL ?? pathToFileURL(join(here, '../renderer/index.html')).toString()

let window: BrowserWindow | null = null
let magpie: Magpie | null = null
let quitting = false

if (!app.requestSingleInstanceLock()) {
  app.quit()
} else {
  registerMediaScheme()
  app.on('second-instance', () => showRoute(null))
  app.whenReady().then(start).catch((error: unknown) => {
    dialog.showErrorBox('까치', error instanceof SettingsError ? error.message : String(error))
    app.exit(1)
  })
}

function showRoute(route: string | null): void {
  if (!window) return
  if (window.isMinimized()) window.restore()
  window.show()
  window.focus()
  if (route) sendEvent(window.webContents, 'app:navigate', { route })
}

async function start(): Promise<void> {
  app.setAppUserModelId('app.magpie.desktop')
  const settings = loadSettings(process.env, app.getPath('userData'))
  lockDownSession()
  const trayIconPng = readFileSync(join(resources, 'tray.png'))
  let tray: ReturnType<typeof createTray> | null = null
  const desktop = createElectronDesktop({ window: () => window, tray: () => tray, trayIconPng, showRoute })

  const { community, managed } = startingCommunity(settings)
  const running = await createMagpie({
    dataDir: settings.dataDir,
    profileDir: settings.profileDir,
    synchronous: settings.synchronous,
    community,
    managedCommunity: managed,
    emulators: settings.emulators ?? undefined,
    desktop,
    emit: (event, payload) => sendEvent(window?.webContents, event, payload),
    mediaUrl,
    cipher: safeStorage.isEncryptionAvailable()
      ? { encrypt: (plain) => safeStorage.encryptString(plain), decrypt: (data) => safeStorage.decryptString(data) }
      : null
  })
  magpie = running
  handleMediaProtocol(() => running.imagesDir)
  registerIpc(running.dispatch, () => rendererUrl)

  window = createMainWindow({
    preload: join(here, '../preload/index.cjs'),
    boundsFile: join(settings.profileDir, 'window.json'),
    icon: join(resources, 'icon.png')
  })
  // Closing the window keeps Magpie in the tray, so alerts still arrive.
  window.on('close', (event) => {
    if (!quitting) {
      event.preventDefault()
      window?.hide()
    }
  })
  await window.loadURL(rendererUrl)

  tray = createTray(trayIconPng, {
    open: () => showRoute(null),
    alerts: () => showRoute('/myalert'),
    quit: () => app.quit()
  })
  running.refreshBadge()
}

app.on('before-quit', () => {
  quitting = true
})
app.on('will-quit', () => magpie?.close())
app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit()
})
app.on('activate', () => showRoute(null))
