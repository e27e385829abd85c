import { app, autoUpdater as nativeUpdater, BrowserWindow, dialog, powerMonitor, safeStorage, session, shell as electronShell } from 'electron'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { EventName } from '@shared/ipc/channels'
import type { EventPayloads } from '@shared/ipc/contract'
import type { ShellNotice } from '@shared/types'
import type { NotificationAnswer } from './desktop-port'
import { createMagpie } from './app/create-magpie'
import { createInvitations } from './core/invitations'
import { createShellService } from './app/shell-service'
import { loadSettings, profileDirFromEnv } from './config/settings'
import { startupMessage } from './core/faults'
import { startingCommunity } from './config/settings-file'
import { electronNativeBinding } from './config/native-binding'
import { appPageUrl, handleAppProtocol, registerSchemes } from './desktop/app-protocol'
import { createLinkRouter, registerProtocolClient, routeFromArgv } from './desktop/deep-links'
import { createElectronDesktop, routeEarlierNotifications, toastActivatorCLSID } from './desktop/electron-desktop'
import { registerIpc, sendEvent } from './desktop/ipc-bridge'
import { startMainLog } from './desktop/log'
import { createLoginItem, wasOpenedAtLogin } from './desktop/login-item'
import { utilityImageWorker } from './desktop/image-process'
import { handleMediaProtocol, mediaUrl } from './desktop/media-protocol'
import { attachContextMenu, installApplicationMenu, setAboutPanel } from './desktop/menus'
import { electronNetwork } from './desktop/network'
import { createProblemReporter, startCrashReporter } from './desktop/problem-report'
import { crashRecordsFile, recordCrashes } from './desktop/crash-records'
import { askBeforeQuit, quitAfterClose } from './desktop/quit'
import { logChildProcesses, recoverFromCrashes } from './desktop/recovery'
import { setSpellingLanguages } from './desktop/spellcheck'
import { installShellTasks, taskFromArgv, type ShellTask } from './desktop/tasks'
import { createTray, trayImage } from './desktop/tray'
import { debInstaller, installedFromDeb, loadDevUpdater, loadUpdater } from './desktop/updater'
import { createMainWindow, keepRunningOnClose, lockDownSession, saveBounds } from './desktop/window'
import { keepZoom } from './desktop/zoom'

/**
 * Electron's entry: thin glue around createMagpie. Everything below it runs in plain
 * Node too (tests, the browser harness); only the window, tray and OS calls live here.
 */
const here = fileURLToPath(new URL('.', import.meta.url))
const resources = app.isPackaged ? process.resourcesPath : join(here, '../../resources')
const rendererDir = join(here, '../renderer')
// The dev server only in development: a packaged app loads its own page, whatever the environment says.
const rendererUrl = (!app.isPackaged && process.env.ELECTRON_RENDERER_URL) || appPageUrl
const development = !app.isPackaged
/** Development's own toast activator, so `npm start` never re-points the installed app's. */
const devToastActivatorCLSID = '{198db779-5ff3-41e3-a9cd-158f28bcd6fb}'

// Development runs as "Magpie Dev", with folders and a single-instance lock of its own, so
// `npm start` never just focuses the installed app nor migrates the person's real store.
// On Linux its windows are another application too (WM_CLASS, the Wayland app id: desktopName);
// on Windows its toasts, taskbar group and login item too (its own AppUserModelID and activator).
const appUserModelId = development ? 'app.magpie.desktop.dev' : 'app.magpie.desktop'
if (development) {
  app.setName('Magpie Dev')
  app.setPath('userData', join(app.getPath('appData'), 'Magpie Dev'))
  if (process.platform === 'linux') app.setDesktopName('magpie-dev.desktop')
}
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
// Links come before the app is ready: an invitation's config is read and held from the first.
const invitations = createInvitations()
/** Notices wait for the page: they are sent once it has loaded. */
const notices: ShellNotice[] = []
let pageLoaded = false
let launchInfo: unknown = null

const emit = <E extends EventName>(event: E, payload: EventPayloads[E]) => sendEvent(window?.webContents, event, payload)
function notice(kind: ShellNotice): void {
  if (pageLoaded) emit('app:notice', { notice: kind })
  else notices.push(kind)
}
/** 설정 asked for before the page loaded (a Jump List task that started Magpie) opens once it has. */
let settingsWaiting = false
function openSettings(): void {
  if (pageLoaded) emit('app:command', { command: 'settings' })
  else settingsWaiting = true
}
/** 좋아요 and 답글 from notifications wait for Magpie's services: a toast's 답글 can start the app. */
const waitingAnswers: NotificationAnswer[] = []
let answerNow: ((answer: NotificationAnswer) => void) | null = null
function answered(answer: NotificationAnswer): void {
  if (answerNow) answerNow(answer)
  else waitingAnswers.push(answer)
}
let quitGuard: ReturnType<typeof askBeforeQuit> | null = null
/** Sends the quit to the page to answer; false when there is no page to ask (not loaded, or gone). */
function askPageToQuit(): boolean {
  if (!window || window.isDestroyed() || !pageLoaded) return false
  emit('app:quitRequested', { unattended: false })
  return true
}
/** The page's answer: it is asking (the window comes forward to show the question), or the quit may go on. */
function quitAnswered(step: 'asking' | 'agreed'): void {
  if (!quitGuard?.waiting()) return
  if (step === 'asking') showRoute(null)
  else quitGuard.agreed()
}
/** A task from the tray, the Dock menu or the Jump List: the window comes forward at its page. */
function runTask(task: ShellTask): void {
  if (task === 'settings') {
    links.open(null)
    openSettings()
  } else links.open(task === 'newPost' ? '/write/new' : '/myalert')
}

if (!app.requestSingleInstanceLock()) {
  app.quit()
} else {
  startCrashReporter()
  // Which process each dump came from: main hears of every other one's end (crash-records.ts).
  recordCrashes(app, crashRecordsFile(app.getPath('userData')), mainLog.log)
  registerSchemes()
  registerProtocolClient(app, app.isPackaged)
  // macOS hands links over as open-url, from before ready on: the router holds them for the window.
  app.on('open-url', (event, url) => {
    event.preventDefault()
    links.open(invitations.routeFor(url))
  })
  // Windows and Linux start a second copy with a link or a Jump List task in its argv; it hands over and quits.
  app.on('second-instance', (_event, argv) => {
    const task = taskFromArgv(argv)
    if (task) runTask(task)
    else links.open(routeFromArgv(argv, invitations.routeFor))
  })
  const coldStartTask = taskFromArgv(process.argv)
  const coldStartRoute = routeFromArgv(process.argv, invitations.routeFor)
  if (coldStartTask) runTask(coldStartTask)
  else if (coldStartRoute) links.open(coldStartRoute)
  // 끝내기, Cmd+Q, a .deb update's restart and Linux's SIGTERM ask the page first: the editor may hold unsaved writing (decision 039).
  quitGuard = askBeforeQuit(app, { ask: askPageToQuit, quitting: () => (quitting = true) })
  // macOS installs an update through Electron's own autoUpdater, which closes the windows
  // without before-quit: they must close, not hide to the tray, or nothing quits to install.
  // The page was asked before the restart was (UpdatePrompt, 설정 → 앱), so nothing asks again.
  nativeUpdater.on('before-quit-for-update', () => {
    quitting = true
    quitGuard?.allow()
  })
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit()
  })
  app.on('activate', () => showRoute(null))
  logChildProcesses(app, mainLog.log)
  // macOS: a notification click that launched Magpie comes only with 'ready'.
  app.once('ready', (_event, info) => (launchInfo = info))
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

/** Linux's keyring may be missing: safeStorage then "encrypts" with a fixed key. The person is told once per profile. */
function tellIfSessionUnencrypted(profile: string): void {
  if (process.platform !== 'linux' || safeStorage.getSelectedStorageBackend() !== 'basic_text') return
  const told = join(profile, 'session-not-encrypted.told')
  if (existsSync(told)) return
  mainLog.log.warn('safeStorage uses basic_text: the session is not encrypted')
  notice('sessionNotEncrypted')
  try {
    writeFileSync(told, '')
  } catch {
    // Told again next time: better than never.
  }
}

async function start(): Promise<void> {
  app.setAppUserModelId(appUserModelId)
  const settings = loadSettings(process.env, appDataDir)
  lockDownSession()
  setSpellingLanguages(session.defaultSession, process.platform)
  routeEarlierNotifications((route) => links.open(route), process.platform, development ? devToastActivatorCLSID : toastActivatorCLSID, launchInfo, answered)
  // macOS says so only from ready on.
  const atLogin = wasOpenedAtLogin(process.platform, process.argv)
  setAboutPanel(join(resources, 'icon.png'))
  const trayIconPng = readFileSync(join(resources, 'tray.png'))
  let tray: ReturnType<typeof createTray> | null = null
  const desktop = createElectronDesktop({
    window: () => window,
    tray: () => tray,
    trayIconPng,
    showRoute,
    toastIconDir: join(app.getPath('temp'), 'magpie-toast-icons'),
    notificationsFailed: () => notice('notificationsFailed'),
    answered,
    quitAnswered
  })
  const shell = createShellService({
    profileDir: settings.profileDir,
    version: app.getVersion(),
    // Development checks only a local feed it is given (npm run smoke:desktop), never a release's.
    updater: app.isPackaged ? await loadUpdater(mainLog.log) : await loadDevUpdater(process.env, mainLog.log),
    privilegedInstall: app.isPackaged && installedFromDeb(process.resourcesPath) ? debInstaller() : undefined,
    loginItem: createLoginItem({
      platform: process.platform,
      // An AppImage is started by its own path, not the executable mounted inside it.
      command: process.env.APPIMAGE ? [process.env.APPIMAGE] : process.defaultApp ? [process.execPath, resolve(process.argv[1] ?? '.')] : [process.execPath],
      autostartDir: join(process.env.XDG_CONFIG_HOME || join(app.getPath('home'), '.config'), 'autostart'),
      entryName: development ? 'magpie-dev.desktop' : 'magpie.desktop'
    }),
    openExternal: (url) => electronShell.openExternal(url),
    emit,
    log: mainLog.log
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
    invitations,
    emulators: settings.emulators ?? undefined,
    desktop,
    shell,
    // Images decode in a utility process, never in main (docs/decisions/018-image-process.md).
    spawnImageWorker: utilityImageWorker(),
    // Firebase's connections follow the OS's proxy (PAC included) and trust its certificates (decision 035).
    network: electronNetwork(),
    emit,
    mediaUrl,
    cipher: safeStorage.isEncryptionAvailable()
      ? { encrypt: (plain) => safeStorage.encryptString(plain), decrypt: (data) => safeStorage.decryptString(data) }
      : null
  })
  answerNow = (answer) => void running.answerNotification(answer).catch((error: unknown) => mainLog.log.error('notification answer', error))
  for (const answer of waitingAnswers.splice(0)) answerNow(answer)
  // Closed at once, synchronously: when the OS or an installer ends the process right after.
  let closedNow = false
  const closeNow = () => {
    if (closedNow) return
    closedNow = true
    shell.stop()
    running.closeNow()
  }
  quitAfterClose(app, () => {
    if (closedNow) return
    shell.stop()
    return running.close()
  })
  // A Windows update's installer is already running: it waits 1.3 s, then ends Magpie by force
  // (app-builder-lib templates/nsis/include/allowOnlyOneInstallerInstance.nsh:104-125, 97-99), so
  // the store closes now rather than within quitting's 5 s (BaseUpdater.js:18-22 emits this first).
  nativeUpdater.on('before-quit-for-update', closeNow)
  handleAppProtocol(rendererDir)
  handleMediaProtocol(() => running.imagesDir)
  registerIpc(running.dispatch, () => (window && !window.isDestroyed() ? window.webContents.mainFrame : null))

  const boundsFile = join(settings.profileDir, 'window.json')
  window = createMainWindow({
    preload: join(here, '../preload/index.cjs'),
    boundsFile,
    icon: join(resources, 'icon.png'),
    atLogin: atLogin ? process.platform : null
  })
  keepRunningOnClose(window, process.platform, () => quitting)
  // Windows' logoff and shutdown end the process right after session-end: no before-quit or
  // will-quit follows, so the window's place and the store are saved here, synchronously.
  const shown = window
  // Windows asks first (WM_QUERYENDSESSION): nothing can be asked of the person then, so the page
  // keeps unsaved writing as a 임시 저장 글 while the store is still open (decision 039).
  shown.on('query-session-end', () => {
    quitGuard?.allow()
    if (pageLoaded) emit('app:quitRequested', { unattended: true })
  })
  shown.on('session-end', () => {
    quitting = true
    quitGuard?.allow()
    if (!shown.isDestroyed()) saveBounds(boundsFile, shown)
    closeNow()
  })
  const reportProblem = createProblemReporter({ window: () => window, logFile: mainLog.file, crashRecords: crashRecordsFile(app.getPath('userData')), log: (error) => mainLog.log.error('problem report', error) })
  const zoom = keepZoom(window.webContents, join(settings.profileDir, 'zoom.json'))
  installApplicationMenu(process.platform, development, {
    settings: () => runTask('settings'),
    newPost: () => runTask('newPost'),
    checkForUpdates: () => {
      shell.checkForUpdates()
      runTask('settings')
    },
    reportProblem: () => void reportProblem(),
    zoom
  })
  attachContextMenu(window)
  recoverFromCrashes(window, { recovered: () => emit('app:notice', { notice: 'rendererRecovered' }), log: mainLog.log })
  window.webContents.on('did-finish-load', () => {
    pageLoaded = true
    // A page reloaded after a crash (recovery.ts) is asked again about a quit still waiting for it.
    if (quitGuard?.waiting()) emit('app:quitRequested', { unattended: false })
    for (const waiting of notices.splice(0)) emit('app:notice', { notice: waiting })
    if (settingsWaiting) emit('app:command', { command: 'settings' })
    settingsWaiting = false
  })
  tellIfSessionUnencrypted(settings.profileDir)
  try {
    await window.loadURL(rendererUrl)
  } catch (error) {
    // A failed load (a missing file, a dev server that stopped) keeps the app alive in the
    // tray; the log says why, and the window shows what Chromium could draw.
    mainLog.log.error('the page did not load', error)
  }

  tray = createTray(trayImage(resources, process.platform), {
    open: () => showRoute(null),
    task: runTask,
    quit: () => app.quit()
  })
  installShellTasks(process.platform, app.isPackaged, runTask, (error) => mainLog.log.warn('shell tasks', error))
  running.refreshBadge()
  // Back from sleep or a locked screen: connections may be dead and the count stale.
  const wake = () => void running.wake()
  powerMonitor.on('resume', wake)
  powerMonitor.on('unlock-screen', wake)
  // Links that came before the window (a cold start's, macOS's open-url, a toast's) go now —
  // unless the login item started Magpie quietly and no link asked for the window.
  links.ready(showRoute)
}
