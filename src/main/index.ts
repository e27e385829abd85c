import { app, BrowserWindow, dialog, safeStorage } from 'electron'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { createMagpie } from './app/create-magpie'
import { loadSettings, profileDirFromEnv } from './config/settings'
import { startupMessage } from './core/faults'
import { startingCommunity } from './config/settings-file'
import { electronNativeBinding } from './config/native-binding'
import { createLinkRouter, registerProtocolClient, routeFromArgv } from './desktop/deep-links'
import { createElectronDesktop, routeToastClicks } from './desktop/electron-desktop'
import { registerIpc, sendEvent } from './desktop/ipc-bridge'
import { startMainLog } from './desktop/log'
import { handleMediaProtocol, mediaUrl, registerMediaScheme } from './desktop/media-protocol'
import { quitAfterClose } from './desktop/quit'
import { createTray, trayImage } from './desktop/tray'
import { createMainWindow, keepRunningOnClose, lockDownSession } from './desktop/window'
import { routeFromLink } from '@shared/deep-link'

/**
 * Electron's entry: thin glue around createMagpie. Everything below it runs in plain
 * Node too (tests, the browser harness); only the window, tray and OS calls live here.
 */
const here = fileURLToPath(new URL('.', import.meta.url))
const resources = app.isPackaged ? process.resourcesPath : join(here, '../../resources')
// The dev server only in development: a packaged app loads its own files, whatever the environment says.
const rendererUrl =
  (!app.isPackaged && process.env.ELECTRON_RENDERER_URL) || pathToFileURL(join(here, '../renderer/index.html')).toString()

// The OS's app data folder, for the store, before MAGPIE_PROFILE_DIR takes Electron's own userData.
const appDataDir = app.getPath('userData')
// Electron's userData holds the Chromium profile and the single-instance lock: a profile
// folder of its own makes a copy of its own ("two copies, two profiles", portable installs).
const profileDir = profileDirFromEnv(process.env)
if (profileDir) app.setPath('userData', profileDir)
const mainLog = startMainLog(app.getPath('userData'))

let window: BrowserWindow | null = null
let quitting = false
const links = createLinkRouter()

if (!app.requestSingleInstanceLock()) {
  app.quit()
} else {
  registerMediaScheme()
  registerProtocolClient(app, {
    execPath: process.execPath,
    argv: process.argv,
    defaultApp: Boolean(process.defaultApp)
  })
  // macOS hands links over as open-url, from before ready on: the router holds them for the window.
  app.on('open-url', (event, url) => {
    event.preventDefault()
    links.open(routeFromLink(url))
  })
  // Windows and Linux start a second copy with the link in its argv; it hands over and quits.
  app.on('second-instance', (_event, argv) => links.open(routeFromArgv(argv)))
  const coldStartRoute = routeFromArgv(process.argv)
  if (coldStartRoute) links.open(coldStartRoute)
  routeToastClicks((route) => links.open(route))
  app.on('before-quit', () => {
    quitting = true
  })
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit()
  })
  app.on('activate', () => showRoute(null))
  app.whenReady().then(start).catch((error: unknown) => {
    mainLog.log.error('start-up failed', error)
    // The dialog says what happened and what to do (a store fault names its path); the stack stays in the log.
    dialog.showErrorBox('까치', startupMessage(error))
    app.exit(1)
  })
}

function showRoute(route: string | null): void {
  if (!window || window.isDestroyed()) return
  if (window.isMinimized()) window.restore()
  window.show()
  window.focus()
  if (route) sendEvent(window.webContents, 'app:navigate', { route })
}

async function start(): Promise<void> {
  app.setAppUserModelId('app.magpie.desktop')
  const settings = loadSettings(process.env, appDataDir)
  lockDownSession()
  const trayIconPng = readFileSync(join(resources, 'tray.png'))
  let tray: ReturnType<typeof createTray> | null = null
  const desktop = createElectronDesktop({
    window: () => window,
    tray: () => tray,
    trayIconPng,
    showRoute,
    toastIconDir: join(app.getPath('temp'), 'magpie-toast-icons')
  })

  const { community, managed } = startingCommunity(settings)
  const running = await createMagpie({
    dataDir: settings.dataDir,
    profileDir: settings.profileDir,
    synchronous: settings.synchronous,
    // Electron loads its own better-sqlite3 build, never the one Node's tests use (decision 009).
    nativeBinding: electronNativeBinding(app.getAppPath(), app.isPackaged, process.resourcesPath),
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
  quitAfterClose(app, () => running.close())
  handleMediaProtocol(() => running.imagesDir)
  registerIpc(running.dispatch, () => (window && !window.isDestroyed() ? window.webContents.mainFrame : null))

  window = createMainWindow({
    preload: join(here, '../preload/index.cjs'),
    boundsFile: join(settings.profileDir, 'window.json'),
    icon: join(resources, 'icon.png')
  })
  keepRunningOnClose(window, process.platform, () => quitting)
  await window.loadURL(rendererUrl)

  tray = createTray(trayImage(resources, process.platform), {
    open: () => showRoute(null),
    alerts: () => showRoute('/myalert'),
    quit: () => app.quit()
  })
  running.refreshBadge()
  // Links that came before the window (a cold start's, macOS's open-url, a toast's) go now.
  links.ready(showRoute)
}
