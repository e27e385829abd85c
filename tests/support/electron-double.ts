import { EventEmitter } from 'node:events'
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  emptyLoginItems,
  getLoginItemSettings as getOsLoginItem,
  type LoginItemSettingsInput,
  setLoginItemSettings as setOsLoginItem
} from './electron-double-login-items'
import {
  addWordToSpellCheckerDictionary,
  emptySpellcheck,
  setSpellCheckerLanguages,
  type SpellcheckState
} from './electron-double-spellcheck'
import { emptyShellTasks, fakeDock, fakeSetUserTasks } from './electron-double-tray-tasks'
import { emptyCrashReporter, fakeCrashReporter } from './electron-double-crash'
import { emptyQuitState, fakeQuit } from './electron-double-quit'

/**
 * A recording stand-in for the `electron` module, for Vitest (vitest.config.ts aliases
 * `electron` to this file). It implements only what Magpie's glue uses: src/main/index.ts,
 * src/main/desktop/* and the preload. Every call is logged in `electronRecording.calls`, and
 * the things a test wants to look at or trigger (windows and their webContents handlers,
 * IPC handlers, the protocol handler, notifications, the tray) are kept in typed lists.
 * `resetElectron()` clears it all and restores the default configuration.
 *
 * Tests import the recording from this file; the code under test imports `electron`, and
 * both resolve to this one module.
 */

/** Whatever Node's EventEmitter accepts as a listener. */
type Listener = Parameters<EventEmitter['on']>[1]

export interface RecordedCall {
  api: string
  args: unknown[]
}

/** The object Electron passes to listeners that may cancel what is about to happen. */
export interface FakeEvent {
  defaultPrevented: boolean
  preventDefault(): void
}

export function fakeEvent<T extends object>(extra?: T): FakeEvent & T {
  const event = {
    defaultPrevented: false,
    preventDefault() {
      event.defaultPrevented = true
    },
    ...extra
  }
  return event as FakeEvent & T
}

let nextFrameId = 1

/**
 * WebFrameMain: what `event.senderFrame` is. Each frame is one (processId, routingId) pair,
 * as a RenderFrameHost is; a destroyed or detached frame says so.
 */
export class FakeWebFrameMain {
  readonly processId: number
  readonly routingId: number
  readonly frameTreeNodeId: number
  readonly frames: FakeWebFrameMain[] = []
  detached = false
  destroyed = false

  constructor(
    public url = '',
    readonly parent: FakeWebFrameMain | null = null,
    ids?: { processId: number; routingId: number }
  ) {
    const id = nextFrameId++
    this.processId = ids?.processId ?? (parent ? parent.processId : id)
    this.routingId = ids?.routingId ?? id
    this.frameTreeNodeId = id
    parent?.frames.push(this)
  }

  get top(): FakeWebFrameMain {
    return this.parent ? this.parent.top : this
  }

  get origin(): string {
    try {
      return new URL(this.url).origin
    } catch {
      return 'null'
    }
  }

  isDestroyed(): boolean {
    return this.destroyed
  }

  /** A subframe of this frame (an <iframe> on the page). */
  child(url: string): FakeWebFrameMain {
    return new FakeWebFrameMain(url, this)
  }
}

export interface FakeIpcMainInvokeEvent {
  senderFrame: FakeWebFrameMain | null
}

export type IpcHandler = (event: FakeIpcMainInvokeEvent, ...args: unknown[]) => unknown
export type ProtocolHandler = (request: Request) => Response | Promise<Response>
export type WindowOpenHandler = (details: { url: string; frameName?: string; disposition?: string }) => {
  action: 'allow' | 'deny'
}
export type PermissionRequestHandler = (
  webContents: unknown,
  permission: string,
  callback: (granted: boolean) => void,
  details?: unknown
) => void
export type PermissionCheckHandler = (webContents: unknown, permission: string, requestingOrigin?: string, details?: unknown) => boolean

export interface CustomScheme {
  scheme: string
  privileges?: Record<string, boolean>
}

export interface MenuItemTemplate {
  label?: string
  type?: 'normal' | 'separator' | 'submenu' | 'checkbox' | 'radio'
  click?: (...args: unknown[]) => unknown
  [key: string]: unknown
}

interface Rectangle {
  x: number
  y: number
  width: number
  height: number
}

/** The part of Electron's Display the glue reads. */
export interface Display {
  id: number
  bounds: Rectangle
  workArea: Rectangle
  scaleFactor: number
}

/** A display whose work area is its bounds less a 40 px taskbar at the bottom. */
export function fakeDisplay(bounds: Rectangle, id = 1): Display {
  return { id, bounds, workArea: { ...bounds, height: bounds.height - 40 }, scaleFactor: 1 }
}

function defaultConfig() {
  return {
    /** What app.requestSingleInstanceLock() answers. */
    singleInstanceLock: true,
    /** What Notification.isSupported() answers. */
    notificationsSupported: true,
    /** What safeStorage.isEncryptionAvailable() answers. */
    encryptionAvailable: false,
    isPackaged: false,
    /** What app.getAppPath() answers (the project folder in development, app.asar when packaged). */
    appPath: process.cwd(),
    /** When false, app.whenReady() waits for becomeReady(): for what must happen before ready. */
    autoReady: true,
    /** The first one is the primary display. */
    displays: [fakeDisplay({ x: 0, y: 0, width: 1920, height: 1080 })] as Display[],
    /** What ipcRenderer.invoke() resolves to. */
    invokeResult: { ok: true, data: null } as unknown,
    /** macOS: what getLoginItemSettings().wasOpenedAtLogin answers. */
    openedAtLogin: false,
    /** Whether the OS itself is in dark mode (nativeTheme follows it while themeSource is 'system'). */
    osDark: false,
    /** Linux: whether the desktop runs Unity's launcher, the only place app.setBadgeCount shows. */
    unityRunning: false,
    /** What safeStorage.getSelectedStorageBackend() answers on Linux. */
    storageBackend: 'gnome_libsecret' as string,
    /** What Notification.getHistory() resolves to (macOS, signed builds): notifications from an earlier run. */
    notificationHistory: [] as { id: string; groupId?: string; title?: string; body?: string }[],
    /**
     * [shell] macOS: how the previous run ended. A normal quit destroys its notifications, and each
     * CocoaNotification's destructor removes itself from Notification Center (cocoa_notification.mm:33-41),
     * so getHistory() then finds none of them; after a crash or a kill they are still there.
     */
    previousRunEnded: 'crash' as 'crash' | 'quit',
    /**
     * [shell] macOS: the 'ready' event's launchInfo. A click on a notification that launched the app
     * is this UNNotificationResponse — actionIdentifier, date, identifier (the notification's id),
     * userInfo — and that notification has left Notification Center (electron_application_delegate.mm:23-43, 71-96).
     */
    launchInfo: {} as Record<string, unknown>,
    /** Whether the page's loadURL succeeds; an Error makes it reject as Electron does on a failed load. */
    loadError: null as Error | null,
    /** The OS's proxy auto-config: FindProxyForURL(url, host); null: no proxy configured (DIRECT). */
    pacScript: null as ((url: string, host: string) => string) | null,
    /** The network service's proxy lookup fails (it went away): resolveProxy answers ''. */
    proxyLookupFails: false
  }
}

function emptyRecording() {
  return {
    config: defaultConfig(),
    /** Every call into the double, in order: `{ api: 'app.setBadgeCount', args: [3] }`. */
    calls: [] as RecordedCall[],
    app: {
      badgeCounts: [] as number[],
      quits: 0,
      /** [quit] Where app.quit() stands: quitting, or shut down ('quit' emitted). electron-double-quit.ts. */
      quit: emptyQuitState(),
      exits: [] as number[],
      whenReadyCalls: 0,
      singleInstanceLockRequests: 0,
      /** The userData folder at each requestSingleInstanceLock(): Electron's lock lives there. */
      singleInstanceLockDirs: [] as string[],
      appUserModelIds: [] as string[],
      /** app.setPath calls, in order. */
      pathsSet: [] as { name: string; path: string }[],
      /** app.setAsDefaultProtocolClient calls, in order. */
      protocolClients: [] as { protocol: string; path?: string; args?: string[] }[],
      /** [shell] The OS's handler of each scheme: the installed app's until something takes it (setAsDefaultProtocolClient). */
      protocolHandlers: new Map<string, string>()
    },
    windows: [] as FakeBrowserWindow[],
    trays: [] as FakeTray[],
    notifications: [] as FakeNotification[],
    /** The callback given to Notification.handleActivation (Windows), if any. */
    notificationActivation: null as ((details: ActivationArguments) => void) | null,
    /** Whether the notification presenter exists (created lazily, see FakeNotification). */
    notificationPresenter: false,
    /** An activation Windows delivered before any handleActivation callback, kept for it. */
    pendingActivation: null as ActivationArguments | null,
    /** Toast activations Windows could not deliver: no activator was registered yet (the click is lost). */
    lostActivations: [] as ActivationArguments[],
    /** Notifications restored by getHistory(). */
    restoredNotifications: [] as FakeNotification[],
    clipboard: { text: [] as string[] },
    loginItemSettings: [] as Record<string, unknown>[],
    /** [shell] The OS's login items: Windows' Run and StartupApproved values, macOS's SMAppService status. */
    loginItems: emptyLoginItems(),
    aboutPanelOptions: [] as Record<string, unknown>[],
    /** [tray] The Dock menu and the Jump List (electron-double-tray-tasks.ts). */
    shellTasks: emptyShellTasks(),
    /** [crash] crashReporter.start calls (electron-double-crash.ts). */
    crashReporter: emptyCrashReporter(),
    applicationMenus: [] as (MenuItemTemplate[] | null)[],
    popups: [] as { menu: MenuItemTemplate[]; options: unknown }[],
    messageBoxes: [] as { window: unknown; options: Record<string, unknown> }[],
    /** How the next showMessageBox is answered (the index of the button clicked); null: it stays open until aborted. */
    messageBoxResponse: 0 as number | null,
    images: [] as FakeNativeImage[],
    menus: [] as MenuItemTemplate[][],
    ipcHandlers: new Map<string, IpcHandler>(),
    protocol: {
      privilegedSchemes: [] as CustomScheme[],
      handlers: new Map<string, ProtocolHandler>()
    },
    session: {
      permissionRequestHandler: null as PermissionRequestHandler | null,
      permissionCheckHandler: null as PermissionCheckHandler | null,
      /** [desk] The spellchecker's languages and custom dictionary (electron-double-spellcheck.ts). */
      spellcheck: emptySpellcheck() as SpellcheckState
    },
    shell: { openedExternal: [] as string[], shownInFolder: [] as string[] },
    dialog: {
      errorBoxes: [] as { title: string; content: string }[],
      /** showSaveDialog calls: the window it was modal to (null: none) and its options. */
      saveDialogs: [] as { window: unknown; options: Record<string, unknown> }[],
      /** What the next save dialogs answer: a path, or null for 취소. */
      saveDialogAnswer: null as string | null
    },
    /** contextBridge.exposeInMainWorld calls, in order. */
    exposedInMainWorld: [] as { key: string; api: unknown }[],
    /** ipcRenderer.invoke calls, in order. */
    invoked: [] as { channel: string; input: unknown }[],
    /** ipcRenderer.on listeners by event name. */
    rendererListeners: new Map<string, Set<Listener>>()
  }
}

export type ElectronRecording = ReturnType<typeof emptyRecording>

export const electronRecording: ElectronRecording = emptyRecording()

/** Clears every recording, registered handler and listener, and restores the default configuration. */
export function resetElectron(): void {
  Object.assign(electronRecording, emptyRecording())
  app.removeAllListeners()
  nativeTheme.removeAllListeners()
  themeSource = 'system'
  userDataRoot = null
  appName = 'Magpie'
  app.toastActivatorCLSID = ''
  pathOverrides.clear()
  ready = false
  readyWaiters.splice(0)
  powerMonitor.removeAllListeners()
  autoUpdater.removeAllListeners()
}

/** What screen throws when used before ready (electron_api_screen.cc:204-209). */
function requireReady(module: string): void {
  if (!ready) throw new Error(`The '${module}' module can't be used before the app 'ready' event`)
}

function record(api: string, ...args: unknown[]): void {
  electronRecording.calls.push({ api, args })
}

/** The calls made to one API, e.g. callsTo('app.quit'). */
export function callsTo(api: string): RecordedCall[] {
  return electronRecording.calls.filter((call) => call.api === api)
}

// ---------------------------------------------------------------------------------------
// app

let userDataRoot: string | null = null
let appName = 'Magpie'
const pathOverrides = new Map<string, string>()
let ready = false
const readyWaiters: (() => void)[] = []

/** With config.autoReady false: Electron finishes initialising now (emits 'ready', resolves whenReady). */
export function becomeReady(): void {
  if (ready) return
  ready = true
  app.emit('ready', fakeEvent(), electronRecording.config.launchInfo)
  for (const resolve of readyWaiters.splice(0)) resolve()
}

class FakeApp extends EventEmitter {
  get isPackaged(): boolean {
    return electronRecording.config.isPackaged
  }

  readonly #dock = fakeDock(() => electronRecording.shellTasks, record)
  readonly #setUserTasks = fakeSetUserTasks(() => electronRecording.shellTasks, record)

  /** [tray] macOS only (electron-double-tray-tasks.ts). */
  get dock(): ReturnType<typeof fakeDock> | undefined {
    return process.platform === 'darwin' ? this.#dock : undefined
  }

  /** [tray] Windows only (electron-double-tray-tasks.ts). */
  get setUserTasks(): ReturnType<typeof fakeSetUserTasks> | undefined {
    return process.platform === 'win32' ? this.#setUserTasks : undefined
  }

  requestSingleInstanceLock(_additionalData?: Record<string, unknown>): boolean {
    record('app.requestSingleInstanceLock')
    electronRecording.app.singleInstanceLockRequests++
    electronRecording.app.singleInstanceLockDirs.push(this.getPath('userData'))
    return electronRecording.config.singleInstanceLock
  }

  whenReady(): Promise<void> {
    record('app.whenReady')
    electronRecording.app.whenReadyCalls++
    if (electronRecording.config.autoReady) becomeReady()
    return ready ? Promise.resolve() : new Promise((resolve) => readyWaiters.push(resolve))
  }

  isReady(): boolean {
    return ready
  }

  /**
   * [shell] Makes this process the OS's handler of `protocol`, whichever app held it before, and
   * records it in electronRecording.app.protocolHandlers. Windows writes
   * HKCU\Software\Classes\<protocol>\shell\open\command = "<exe>" [args] "%1" (browser_win.cc:75-98,
   * 492-534): in development, electron.exe. macOS hands the scheme to the running bundle's id
   * (browser_mac.mm:238-252): in development, Electron.app's com.github.Electron. Linux sets
   * CHROME_DESKTOP's entry through xdg-settings, which fails when that entry is not installed, as in
   * development (browser_linux.cc:170-176).
   */
  setAsDefaultProtocolClient(protocol: string, path?: string, args?: string[]): boolean {
    record('app.setAsDefaultProtocolClient', protocol, path, args)
    electronRecording.app.protocolClients.push({ protocol, path, args })
    const packaged = electronRecording.config.isPackaged
    if (process.platform === 'win32') {
      const command = [path || process.execPath, ...(args ?? [])].map((arg) => (/[ \\"]/.test(arg) ? `"${arg}"` : arg)).join(' ')
      electronRecording.app.protocolHandlers.set(protocol, `${command} "%1"`)
      return true
    }
    if (process.platform === 'darwin') {
      electronRecording.app.protocolHandlers.set(protocol, packaged ? 'app.magpie.desktop' : 'com.github.Electron')
      return true
    }
    if (!packaged) return false
    electronRecording.app.protocolHandlers.set(protocol, 'magpie.desktop')
    return true
  }

  // [shell] Login items with `enabled` and the OS's own switch: electron-double-login-items.ts.
  setLoginItemSettings(settings: LoginItemSettingsInput): void {
    record('app.setLoginItemSettings', settings)
    electronRecording.loginItemSettings.push(settings as Record<string, unknown>)
    setOsLoginItem(electronRecording.loginItems, settings, electronRecording.app.appUserModelIds.at(-1) ?? '')
  }

  /** wasOpenedAtLogin is macOS's, set in applicationDidFinishLaunching just before ready (electron_application_delegate.mm:88-94); elsewhere the app reads its own argv. */
  getLoginItemSettings(options: LoginItemSettingsInput = {}): ReturnType<typeof getOsLoginItem> {
    record('app.getLoginItemSettings', options)
    return getOsLoginItem(electronRecording.loginItems, options, electronRecording.app.appUserModelIds.at(-1) ?? '', ready && electronRecording.config.openedAtLogin)
  }

  toastActivatorCLSID = ''

  /** Windows: with or without braces; anything else throws (electron_api_app.cc:2037-2056). Unset, a random one is made per run. */
  setToastActivatorCLSID(id: string): void {
    record('app.setToastActivatorCLSID', id)
    if (!/^\{?[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\}?$/i.test(id)) throw new Error('Invalid CLSID format')
    this.toastActivatorCLSID = id.replace(/^\{?(.*?)\}?$/, '{$1}')
  }

  setAboutPanelOptions(options: Record<string, unknown>): void {
    record('app.setAboutPanelOptions', options)
    electronRecording.aboutPanelOptions.push(options)
  }

  showAboutPanel(): void {
    record('app.showAboutPanel')
  }

  /** Linux, before ready: WM_CLASS and the Wayland app id (electron.d.ts app.setDesktopName; init.ts:131 sets package.json's desktopName). */
  setDesktopName(name: string): void {
    record('app.setDesktopName', name)
  }

  setName(name: string): void {
    record('app.setName', name)
    appName = name
  }

  /** [quit] before-quit, the windows' close, will-quit and quit, as Electron (electron-double-quit.ts). */
  quit(): void {
    record('app.quit')
    electronRecording.app.quits++
    fakeQuit(electronRecording.app.quit, this, () => electronRecording.windows, fakeEvent)
  }

  /** [shell] Starts a new instance once this one exits; it does not quit (electron_api_app.cc:1110-1140). */
  relaunch(options?: { args?: string[]; execPath?: string }): void {
    record('app.relaunch', options)
  }

  exit(code = 0): void {
    record('app.exit', code)
    electronRecording.app.exits.push(code)
  }

  /** Shown on macOS and Windows; on Linux only under Unity's launcher, false elsewhere. (macOS browser_mac.mm:298-308; Linux browser_linux.cc:254-262. Windows, undocumented: draws its own taskbar overlay and answers true, browser_win.cc:586-680) */
  setBadgeCount(count?: number): boolean {
    record('app.setBadgeCount', count)
    electronRecording.app.badgeCounts.push(count ?? 0)
    return process.platform !== 'linux' || electronRecording.config.unityRunning
  }

  setAppUserModelId(id: string): void {
    record('app.setAppUserModelId', id)
    electronRecording.app.appUserModelIds.push(id)
  }

  /** Like Electron: sessionData follows userData unless set itself. */
  setPath(name: string, path: string): void {
    record('app.setPath', name, path)
    electronRecording.app.pathsSet.push({ name, path })
    pathOverrides.set(name, path)
  }

  /** A fresh temp folder per reset, with one subfolder per name (userData, temp, …), unless setPath chose one. */
  getPath(name: string): string {
    record('app.getPath', name)
    const chosen = pathOverrides.get(name) ?? (name === 'sessionData' ? pathOverrides.get('userData') : undefined)
    if (chosen) return chosen
    // [crash] userData/Crashpad unless set itself, worked out from userData when asked (electron_paths.cc:34-38).
    if (name === 'crashDumps') {
      const dir = join(this.getPath('userData'), 'Crashpad')
      mkdirSync(dir, { recursive: true })
      return dir
    }
    userDataRoot ??= mkdtempSync(join(tmpdir(), 'magpie-electron-double-'))
    const dir = join(userDataRoot, name)
    mkdirSync(dir, { recursive: true })
    return dir
  }

  getAppPath(): string {
    record('app.getAppPath')
    return electronRecording.config.appPath
  }

  getVersion(): string {
    return '0.0.0-test'
  }

  getName(): string {
    return appName
  }

  override on(event: string | symbol, listener: Listener): this {
    record('app.on', event)
    return super.on(event, listener)
  }

  override once(event: string | symbol, listener: Listener): this {
    record('app.once', event)
    return super.once(event, listener)
  }
}

export const app = new FakeApp()

// ---------------------------------------------------------------------------------------
// BrowserWindow and webContents

export class FakeWebContents extends EventEmitter {
  /** The top frame of the page this webContents shows. */
  readonly mainFrame = new FakeWebFrameMain()
  windowOpenHandler: WindowOpenHandler | null = null
  sent: { channel: string; args: unknown[] }[] = []
  destroyed = false

  override on(event: string | symbol, listener: Listener): this {
    record('webContents.on', event)
    return super.on(event, listener)
  }

  setWindowOpenHandler(handler: WindowOpenHandler): void {
    record('webContents.setWindowOpenHandler')
    this.windowOpenHandler = handler
  }

  send(channel: string, ...args: unknown[]): void {
    record('webContents.send', channel, ...args)
    this.sent.push({ channel, args })
  }

  isDestroyed(): boolean {
    return this.destroyed
  }

  reloads = 0
  zoomLevel = 0
  copiedImagesAt: { x: number; y: number }[] = []
  /** [desk] replaceMisspelling calls: the editing command runs in the focused frame (electron.d.ts webContents.replaceMisspelling). */
  misspellingsReplaced: string[] = []

  /** [desk] The window's session: the default one (no partition given). */
  get session() {
    return session.defaultSession
  }

  replaceMisspelling(text: string): void {
    record('webContents.replaceMisspelling', text)
    this.misspellingsReplaced.push(text)
  }
  crashedForcefully = 0

  reload(): void {
    record('webContents.reload')
    this.reloads++
  }

  /** A no-op until a page is live (web_contents_zoom_controller.cc:71-127). */
  setZoomLevel(level: number): void {
    record('webContents.setZoomLevel', level)
    if (!this.mainFrame.url) return
    this.zoomLevel = level
  }

  getZoomLevel(): number {
    return this.zoomLevel
  }

  copyImageAt(x: number, y: number): void {
    record('webContents.copyImageAt', x, y)
    this.copiedImagesAt.push({ x, y })
  }

  forcefullyCrashRenderer(): void {
    record('webContents.forcefullyCrashRenderer')
    this.crashedForcefully++
  }

  /**
   * The renderer process died: details { reason, exitCode } (electron.d.ts RenderProcessGoneDetails).
   * [shell] Emitted from a posted task, not from within the death's notification, and only if
   * this webContents still exists then (a weak pointer; electron_api_web_contents.cc:2082-2103).
   * Resolves once the task has run.
   */
  renderProcessGone(details: { reason: string; exitCode: number }): Promise<void> {
    return new Promise((resolve) =>
      setImmediate(() => {
        if (!this.isDestroyed()) this.emit('render-process-gone', fakeEvent(), details)
        resolve()
      })
    )
  }

  /** Fires a cancellable event (will-navigate, will-redirect, will-attach-webview) and returns it. */
  fire(event: string, ...args: unknown[]): FakeEvent {
    const cancellable = fakeEvent()
    this.emit(event, cancellable, ...args)
    return cancellable
  }

  /** What the page's window.open / target=_blank would get. */
  openWindow(url: string): { action: 'allow' | 'deny' } {
    if (!this.windowOpenHandler) return { action: 'allow' }
    return this.windowOpenHandler({ url, frameName: '', disposition: 'new-window' })
  }
}

export interface BrowserWindowOptions {
  webPreferences?: Record<string, unknown>
  [key: string]: unknown
}

export class FakeBrowserWindow extends EventEmitter {
  static getAllWindows(): FakeBrowserWindow[] {
    return electronRecording.windows.filter((window) => !window.destroyed)
  }

  readonly options: BrowserWindowOptions
  readonly webContents = new FakeWebContents()
  visible = false
  focused = false
  minimized = false
  maximized = false
  destroyed = false
  loadedUrls: string[] = []
  overlayIcons: { image: FakeNativeImage | null; description: string }[] = []
  /** setBackgroundColor calls, in order. */
  backgroundColors: string[] = []

  constructor(options: BrowserWindowOptions = {}) {
    super()
    record('new BrowserWindow', options)
    this.options = options
    electronRecording.windows.push(this)
  }

  override on(event: string | symbol, listener: Listener): this {
    record('BrowserWindow.on', event)
    return super.on(event, listener)
  }

  override once(event: string | symbol, listener: Listener): this {
    record('BrowserWindow.once', event)
    return super.once(event, listener)
  }

  /**
   * Resolves when the page has finished loading and rejects when it failed to load
   * (did-fail-load), as webContents.loadURL does. (lib/browser/api/web-contents.ts:278-377)
   */
  loadURL(url: string): Promise<void> {
    record('BrowserWindow.loadURL', url)
    this.loadedUrls.push(url)
    this.webContents.mainFrame.url = url
    const error = electronRecording.config.loadError
    if (error) return Promise.reject(error)
    this.webContents.emit('did-finish-load')
    return Promise.resolve()
  }

  /** The first paint is ready: what Electron emits once, after the page's first frame. (once per document's first non-empty layout: electron_render_frame_observer.cc:156-165; web-contents.ts:749-756) */
  readyToShow(): void {
    this.emit('ready-to-show', fakeEvent())
  }

  /**
   * [tray] On Windows and Linux Show() and Hide() notify their observers every time, so 'show' and 'hide'
   * come even for a window already in that state (native_window_views.cc:587-596, 625-631;
   * native_window.cc:518-524); on macOS they follow the window's occlusion state, so only a change
   * emits (electron_ns_window_delegate.mm:57-78).
   */
  show(): void {
    record('BrowserWindow.show')
    const wasVisible = this.visible
    if (!this.visible && !this.minimized) this.taskbarButtonCreated()
    this.visible = true
    this.minimized = false
    if (process.platform !== 'darwin' || !wasVisible) this.emit('show', fakeEvent())
  }

  hide(): void {
    record('BrowserWindow.hide')
    const wasVisible = this.visible
    this.visible = false
    this.focused = false
    // [tray] Windows: a hidden window leaves the taskbar, button and overlay (native_window_views.cc:637-644).
    this.taskbarOverlay = null
    if (process.platform !== 'darwin' || wasVisible) this.emit('hide', fakeEvent())
  }

  /**
   * [tray] Windows: the overlay on the taskbar button as the person sees it. Electron hands it to
   * ITaskbarList3::SetOverlayIcon for that HWND's button and keeps nothing to put back
   * (taskbar_host.cc:189-238); a shown window gets a new button without it. Only thumbar buttons
   * are re-added, on Explorer's TaskbarCreated (native_window_views_win.cc:292-296). A minimized
   * window keeps its button.
   */
  taskbarOverlay: { image: FakeNativeImage | null; description: string } | null = null

  private taskbarButtonCreated(): void {
    this.taskbarOverlay = null
  }

  focus(): void {
    record('BrowserWindow.focus')
    this.focused = true
  }

  restore(): void {
    record('BrowserWindow.restore')
    this.minimized = false
  }

  minimize(): void {
    record('BrowserWindow.minimize')
    this.minimized = true
    this.focused = false
  }

  /** As in Electron, maximizing also shows a hidden window (without focusing it). */
  maximize(): void {
    record('BrowserWindow.maximize')
    const wasHidden = !this.visible
    if (wasHidden && !this.minimized) this.taskbarButtonCreated()
    this.maximized = true
    this.visible = true
    this.minimized = false
    // A hidden window is shown maximized, with 'show' (native_window_views.cc:730-735).
    if (wasHidden) this.emit('show', fakeEvent())
  }

  isVisible(): boolean {
    return this.visible
  }

  isFocused(): boolean {
    return this.focused
  }

  isMinimized(): boolean {
    return this.minimized
  }

  isMaximized(): boolean {
    return this.maximized
  }

  isDestroyed(): boolean {
    return this.destroyed
  }

  getNormalBounds(): { x: number; y: number; width: number; height: number } {
    const { x = 0, y = 0, width = 800, height = 600 } = this.options as Partial<Record<'x' | 'y' | 'width' | 'height', number>>
    return { x, y, width, height }
  }

  setBackgroundColor(colour: string): void {
    record('BrowserWindow.setBackgroundColor', colour)
    this.backgroundColors.push(colour)
  }

  setOverlayIcon(image: FakeNativeImage | null, description: string): void {
    record('BrowserWindow.setOverlayIcon', image, description)
    this.overlayIcons.push({ image, description })
    // [tray] Only a button that exists takes it: a hidden window's call changes nothing the person will see.
    if (this.visible || this.minimized) this.taskbarOverlay = image ? { image, description } : null
  }

  /** Like a click on the close button: 'close' listeners may prevent it; otherwise the window is destroyed. */
  close(): FakeEvent {
    record('BrowserWindow.close')
    const event = fakeEvent()
    this.emit('close', event)
    if (!event.defaultPrevented) this.destroy()
    return event
  }

  destroy(): void {
    record('BrowserWindow.destroy')
    if (this.destroyed) return
    this.destroyed = true
    this.visible = false
    this.webContents.destroyed = true
    this.webContents.mainFrame.destroyed = true
    this.emit('closed')
  }
}

export { FakeBrowserWindow as BrowserWindow }

// ---------------------------------------------------------------------------------------
// nativeTheme

type ThemeSource = 'system' | 'light' | 'dark'
let themeSource: ThemeSource = 'system'

/**
 * nativeTheme as electron.d.ts has it: `themeSource` overrides the OS ('system' follows
 * config.osDark), `shouldUseDarkColors` is the result, and 'updated' is emitted when either
 * changes. `setOsDark` is the OS switching its own mode.
 */
class FakeNativeTheme extends EventEmitter {
  get themeSource(): ThemeSource {
    return themeSource
  }

  set themeSource(source: ThemeSource) {
    record('nativeTheme.themeSource', source)
    themeSource = source
    this.emit('updated')
  }

  get shouldUseDarkColors(): boolean {
    return themeSource === 'dark' || (themeSource === 'system' && electronRecording.config.osDark)
  }
}

export const nativeTheme = new FakeNativeTheme()

export function setOsDark(dark: boolean): void {
  electronRecording.config.osDark = dark
  nativeTheme.emit('updated')
}

// ---------------------------------------------------------------------------------------
// nativeImage, Tray, Menu, Notification

export class FakeNativeImage {
  /** The file it was loaded from (createFromPath); Electron also loads its @2x sibling. */
  path: string | null = null
  template = false

  constructor(
    readonly buffer: Buffer,
    /** The size asked of resize(), or null for an image made from bytes. */
    readonly resizedTo: { width?: number; height?: number } | null = null,
    readonly resizedFrom: FakeNativeImage | null = null
  ) {
    electronRecording.images.push(this)
  }

  setTemplateImage(option: boolean): void {
    record('nativeImage.setTemplateImage', option)
    this.template = option
  }

  isTemplateImage(): boolean {
    return this.template
  }

  resize(options: { width?: number; height?: number; quality?: string }): FakeNativeImage {
    record('nativeImage.resize', options)
    return new FakeNativeImage(this.buffer, { width: options.width, height: options.height }, this)
  }

  /** The bytes it was made from (the double does not decode or scale). */
  toPNG(): Buffer {
    return this.buffer
  }

  isEmpty(): boolean {
    return this.buffer.length === 0
  }
}

export const nativeImage = {
  createFromBuffer(buffer: Buffer): FakeNativeImage {
    record('nativeImage.createFromBuffer', buffer)
    return new FakeNativeImage(Buffer.from(buffer))
  },
  createEmpty(): FakeNativeImage {
    record('nativeImage.createEmpty')
    return new FakeNativeImage(Buffer.alloc(0))
  },
  /** Reads the file; a missing one gives an empty image, as in Electron. On macOS a name ending in Template makes a template image. */
  createFromPath(path: string): FakeNativeImage {
    record('nativeImage.createFromPath', path)
    let bytes: Buffer
    try {
      bytes = readFileSync(path)
    } catch {
      bytes = Buffer.alloc(0)
    }
    const image = new FakeNativeImage(bytes)
    image.path = path
    image.template = process.platform === 'darwin' && /Template(@\dx)?\.png$/.test(path)
    return image
  }
}

export class FakeTray extends EventEmitter {
  image: FakeNativeImage | string
  images: (FakeNativeImage | string)[] = []
  toolTips: string[] = []
  /** setTitle calls (macOS: text beside the icon in the menu bar). */
  titles: string[] = []
  contextMenu: MenuItemTemplate[] | null = null
  destroyed = false

  constructor(image: FakeNativeImage | string) {
    super()
    record('new Tray', image)
    this.image = image
    this.images.push(image)
    electronRecording.trays.push(this)
  }

  get toolTip(): string | undefined {
    return this.toolTips.at(-1)
  }

  setImage(image: FakeNativeImage | string): void {
    record('Tray.setImage', image)
    this.image = image
    this.images.push(image)
  }

  setTitle(title: string, _options?: { fontType?: string }): void {
    record('Tray.setTitle', title)
    this.titles.push(title)
  }

  isDestroyed(): boolean {
    return this.destroyed
  }

  setToolTip(toolTip: string): void {
    record('Tray.setToolTip', toolTip)
    this.toolTips.push(toolTip)
  }

  setContextMenu(menu: MenuItemTemplate[] | null): void {
    record('Tray.setContextMenu', menu)
    this.contextMenu = menu
  }

  override on(event: string | symbol, listener: Listener): this {
    record('Tray.on', event)
    return super.on(event, listener)
  }

  destroy(): void {
    record('Tray.destroy')
    this.destroyed = true
  }
}

export { FakeTray as Tray }

/** A built menu: the template itself (a test reads labels and calls clicks directly), with popup(). */
export type FakeMenu = MenuItemTemplate[] & { popup(options?: unknown): void }

/** buildFromTemplate returns the template itself, so a test reads labels and calls clicks directly. */
export const Menu = {
  buildFromTemplate(template: MenuItemTemplate[]): FakeMenu {
    record('Menu.buildFromTemplate', template)
    electronRecording.menus.push(template)
    const menu = template as FakeMenu
    menu.popup = (options?: unknown) => {
      record('Menu.popup', options)
      electronRecording.popups.push({ menu: template, options })
    }
    return menu
  },
  setApplicationMenu(menu: MenuItemTemplate[] | null): void {
    record('Menu.setApplicationMenu', menu)
    electronRecording.applicationMenus.push(menu)
  }
}

export interface NotificationOptions {
  id?: string
  groupId?: string
  title?: string
  body?: string
  icon?: FakeNativeImage | string
  silent?: boolean
  /** Windows: the toast's own XML, superseding every other option. */
  toastXml?: string
  [key: string]: unknown
}

/** Electron's ActivationArguments: what Windows hands back when a toast is clicked. */
export interface ActivationArguments {
  type: string
  arguments: string
  actionIndex?: number
  reply?: string
  userInputs?: Record<string, string>
}

/**
 * Windows' notification presenter, made the first time anything asks for it
 * (Notification.isSupported(), show()). Only then is the toast activator registered with
 * Windows, so only then can a click in Action Center reach this process. (electron_browser_client.cc:1116-1119; notification_presenter_win.cc:42-56; windows_toast_activator.cc:325-383). show() does not make it (electron_api_notification.cc:299)
 */
function notificationPresenter(): void {
  if (electronRecording.notificationPresenter) return
  electronRecording.notificationPresenter = true
  record('Notification.presenter')
}

export class FakeNotification extends EventEmitter {
  static isSupported(): boolean {
    notificationPresenter()
    return electronRecording.config.notificationsSupported
  }

  /**
   * Windows only in Electron: one callback for every toast activation, even after the
   * object is gone. It only stores the callback (no presenter is made); an activation that
   * came before it is handed over at once. (electron_api_notification.cc:387-399; windows_toast_activator.cc:56-66)
   */
  static handleActivation(callback: (details: ActivationArguments) => void): void {
    record('Notification.handleActivation')
    electronRecording.notificationActivation = callback
    const pending = electronRecording.pendingActivation
    electronRecording.pendingActivation = null
    if (pending) callback(pending)
  }

  /** macOS: the notifications still in Notification Center from an earlier run, live again. (since 42.0.0; electron.d.ts Notification.getHistory; electron_api_notification.cc:403-465; notification_presenter_mac.mm:88-117) */
  static getHistory(): Promise<FakeNotification[]> {
    record('Notification.getHistory')
    notificationPresenter()
    const history = electronRecording.config.previousRunEnded === 'quit' ? [] : electronRecording.config.notificationHistory
    const restored = history.map((entry) => new FakeNotification({ ...entry }))
    electronRecording.restoredNotifications.push(...restored)
    return Promise.resolve(restored)
  }

  readonly options: NotificationOptions
  shown = false
  closed = false

  /** Before ready it throws (electron_api_notification.cc:129-132); it makes the presenter (:75-77). */
  constructor(options: NotificationOptions = {}) {
    if (!ready) throw new Error('Cannot create Notification before app is ready')
    // [shell] Windows refuses an id or groupId over 64 UTF-16 units (electron_api_notification.cc:137-151).
    if (process.platform === 'win32') {
      if ((options.id ?? '').length > 64) throw new Error('Notification id exceeds Windows limit of 64 UTF-16 characters')
      if ((options.groupId ?? '').length > 64) throw new Error('Notification groupId exceeds Windows limit of 64 UTF-16 characters')
    }
    super()
    record('new Notification', options)
    notificationPresenter()
    this.options = options
    electronRecording.notifications.push(this)
  }

  get id(): string | undefined {
    return this.options.id
  }

  get groupId(): string | undefined {
    return this.options.groupId
  }

  get title(): string | undefined {
    return this.options.title
  }

  get body(): string | undefined {
    return this.options.body
  }

  get icon(): FakeNativeImage | string | undefined {
    return this.options.icon
  }

  show(): void {
    record('Notification.show')
    this.shown = true
    this.closed = false
  }

  /** Dismisses it, and emits 'close' — only on macOS, synchronously; on Windows and Linux the delegate is gone before the OS reports it, so nothing is emitted (electron_api_notification.cc:275-289; cocoa_notification.mm:239-249; windows_toast_notification.cc:571-575, 910-933; libnotify_notification.cc:200-217) */
  close(): void {
    record('Notification.close')
    if (!this.shown || this.closed) return
    this.closed = true
    if (process.platform === 'darwin') this.emit('close', fakeEvent())
  }

  /**
   * [shell] Windows: the toast left the screen by itself for Action Center. Electron emits 'close'
   * with { reason: 'timedOut' } in place of an Event and keeps the toast (windows_toast_notification.cc:910-932;
   * notification.cc:58-67, should_destroy false; electron_api_notification.cc:256-273). A click there
   * later reaches only this object, and is lost once it was collected (windows_toast_notification.cc:884-904):
   * the glue must keep it. Elsewhere nothing happens.
   */
  timeOut(): void {
    if (process.platform === 'win32') this.emit('close', { reason: 'timedOut' })
  }

  /**
   * What the user's click on the shown notification does. On Windows a click on a toast still
   * shown reaches only this object's 'click', not handleActivation (windows_toast_notification.cc:864-908).
   */
  click(): void {
    this.emit('click', fakeEvent())
  }

  /**
   * [notify] macOS: the person typed in the reply field (hasReply) and sent it. Electron emits 'reply'
   * with an event object carrying `reply`, then the text again (deprecated)
   * (notification_center_delegate.mm:58-65; electron_api_notification.cc:231-243).
   */
  reply(text: string): void {
    if (!this.options.hasReply) throw new Error('the notification has no reply field')
    this.emit('reply', Object.assign(fakeEvent(), { reply: text }), text)
  }

  /**
   * [notify] macOS: a button of `actions` ("ACTION_<index>"); 'action' with an event object carrying
   * actionIndex and selectionIndex (-1), then both again (notification_center_delegate.mm:66-70;
   * electron_api_notification.cc:211-225).
   */
  action(index: number): void {
    const actions = (this.options.actions as unknown[] | undefined) ?? []
    if (index < 0 || index >= actions.length) throw new Error(`no action ${index}`)
    this.emit('action', Object.assign(fakeEvent(), { actionIndex: index, selectionIndex: -1 }), index, -1)
  }

  /** The OS refused to show it (macOS: an unsigned app; Windows: toasts off). ((event, error: string): electron_api_notification.cc:250-252; docs/api/notification.md on unsigned macOS builds) */
  fail(error: string): void {
    this.emit('failed', fakeEvent(), error)
  }
}

export { FakeNotification as Notification }

// ---------------------------------------------------------------------------------------
// ipcMain, protocol, net, session, shell, screen, dialog, safeStorage

export const ipcMain = {
  handle(channel: string, handler: IpcHandler): void {
    record('ipcMain.handle', channel)
    // Electron refuses a second handler for a channel; so does the double.
    if (electronRecording.ipcHandlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`)
    electronRecording.ipcHandlers.set(channel, handler)
  },
  removeHandler(channel: string): void {
    record('ipcMain.removeHandler', channel)
    electronRecording.ipcHandlers.delete(channel)
  }
}

/** Calls the handler registered for a channel, as the renderer frame `senderFrame` would (null: a destroyed frame). */
export async function invokeIpc(channel: string, senderFrame: FakeWebFrameMain | null, ...args: unknown[]): Promise<unknown> {
  const handler = electronRecording.ipcHandlers.get(channel)
  if (!handler) throw new Error(`No handler registered for '${channel}'`)
  return await handler({ senderFrame }, ...args)
}

/**
 * A click on a toast in Windows' Action Center, long after its Notification object is gone.
 * Windows reaches the process only through the activator the presenter registered; without
 * it the click is lost (Windows starts `Magpie.exe -Embedding`, which loses the single-instance
 * lock and exits). Returns whether the process received it. (COM's Activate arrives only after CoRegisterClassObject: windows_toast_activator.cc:325-383, 431-570)
 */
export function activateToast(details: ActivationArguments): boolean {
  if (!electronRecording.notificationPresenter) {
    electronRecording.lostActivations.push(details)
    return false
  }
  const callback = electronRecording.notificationActivation
  if (callback) callback(details)
  else electronRecording.pendingActivation = details
  return true
}

export const protocol = {
  /** Before ready only, and once: a later call replaces the first call's list. (throws after ready: electron_api_protocol.cc:362-372. A second call does not throw, but sets the child processes' scheme switches to its own list, electron_api_protocol.cc:131-199, so the double keeps the last list only) */
  registerSchemesAsPrivileged(schemes: CustomScheme[]): void {
    record('protocol.registerSchemesAsPrivileged', schemes)
    if (ready) throw new Error('protocol.registerSchemesAsPrivileged should be called before app is ready')
    electronRecording.protocol.privilegedSchemes.splice(0, Infinity, ...schemes)
  },
  handle(scheme: string, handler: ProtocolHandler): void {
    record('protocol.handle', scheme)
    if (electronRecording.protocol.handlers.has(scheme)) throw new Error(`The scheme '${scheme}' is already handled`)
    electronRecording.protocol.handlers.set(scheme, handler)
  },
  unhandle(scheme: string): void {
    record('protocol.unhandle', scheme)
    electronRecording.protocol.handlers.delete(scheme)
  },
  isProtocolHandled(scheme: string): boolean {
    return electronRecording.protocol.handlers.has(scheme)
  }
}

/**
 * net.fetch: file:// URLs are read from disk; anything else is refused (tests never reach the
 * network). [shell] A file that is not there rejects, as Chromium's URL loader fails with
 * net::ERR_FILE_NOT_FOUND and net.fetch rejects on the request's 'error' (net-fetch.ts:131-132);
 * it never resolves to a 404.
 */
export const net = {
  async fetch(input: string | Request, init?: RequestInit): Promise<Response> {
    const url = typeof input === 'string' ? input : input.url
    record('net.fetch', url, init)
    if (!url.startsWith('file:')) throw new Error(`electron-double: net.fetch only reads file:// URLs, not ${url}`)
    try {
      return new Response(await readFile(fileURLToPath(url)))
    } catch {
      throw new Error('net::ERR_FILE_NOT_FOUND')
    }
  }
}

/** [shell] Chromium's net error codes that protocol.handle answers with (protocol.ts:14-15). */
export const netErrors = { ERR_FAILED: -2, ERR_UNEXPECTED: -9 } as const

/**
 * [shell] A request to a scheme as the page makes it: through Electron's wrapper around the
 * handler, which turns a thrown or rejected handler into ERR_UNEXPECTED (logging the error with
 * console.error), a non-Response into ERR_UNEXPECTED, and Response.error() into ERR_FAILED
 * (lib/browser/api/protocol.ts:123-163). Resolves to the Response, or { error } for a failed load.
 */
export async function requestScheme(url: string, init?: RequestInit): Promise<Response | { error: number }> {
  const scheme = url.slice(0, url.indexOf(':'))
  const handler = electronRecording.protocol.handlers.get(scheme)
  if (!handler) throw new Error(`No handler registered for '${scheme}'`)
  try {
    const response: unknown = await handler(new Request(url, init))
    if (!(response instanceof Response)) return { error: netErrors.ERR_UNEXPECTED }
    return response.type === 'error' ? { error: netErrors.ERR_FAILED } : response
  } catch (error) {
    console.error(error)
    return { error: netErrors.ERR_UNEXPECTED }
  }
}

const defaultSession = {
    // [desk] The spellchecker (electron-double-spellcheck.ts, cited there).
    get availableSpellCheckerLanguages(): string[] {
      return [...electronRecording.session.spellcheck.available]
    },
    getSpellCheckerLanguages(): string[] {
      return [...electronRecording.session.spellcheck.languages]
    },
    setSpellCheckerLanguages(languages: string[]): void {
      record('session.setSpellCheckerLanguages', languages)
      setSpellCheckerLanguages(electronRecording.session.spellcheck, languages)
    },
    addWordToSpellCheckerDictionary(word: string): boolean {
      record('session.addWordToSpellCheckerDictionary', word)
      return addWordToSpellCheckerDictionary(electronRecording.session.spellcheck, word)
    },
    setPermissionRequestHandler(handler: PermissionRequestHandler | null): void {
      record('session.setPermissionRequestHandler')
      electronRecording.session.permissionRequestHandler = handler
    },
    setPermissionCheckHandler(handler: PermissionCheckHandler | null): void {
      record('session.setPermissionCheckHandler')
      electronRecording.session.permissionCheckHandler = handler
    },
    /**
     * Chromium's proxy decision (electron_api_session.cc:637-650 → resolve_proxy_helper.cc:34-91):
     * net::ProxyInfo::ToPacString of the lookup — entries joined by ";" without spaces, each
     * "DIRECT" or "<SCHEME> host:port" with the port spelt out (net/proxy_resolution/proxy_list.cc
     * ToPacString; Electron's spec/api-session-spec.ts:769,781,800,817 expect 'PROXY myproxy:80',
     * 'DIRECT'); '' when the lookup failed (resolve_proxy_helper.cc:84-86, ERR_ABORTED on a lost
     * network service). Loopback hosts are DIRECT without asking the PAC script (Chromium's
     * implicit bypass rules, which '<-loopback>' removes: spec/api-session-spec.ts:772-781), and an
     * https URL reaches the script stripped to its origin (net's PAC URL sanitising).
     */
    resolveProxy(url: string): Promise<string> {
      record('session.resolveProxy', url)
      const { pacScript, proxyLookupFails } = electronRecording.config
      if (proxyLookupFails) return Promise.resolve('')
      const parsed = new URL(url)
      const loopback = parsed.hostname === 'localhost' || parsed.hostname === '[::1]' || /^127\./.test(parsed.hostname)
      if (!pacScript || loopback) return Promise.resolve('DIRECT')
      const answer = pacScript(parsed.protocol === 'https:' ? `${parsed.origin}/` : parsed.href, parsed.hostname)
      const defaultPorts: Record<string, number> = { PROXY: 80, HTTPS: 443, SOCKS: 1080, SOCKS4: 1080, SOCKS5: 1080, QUIC: 443 }
      const entries = answer
        .split(';')
        .map((entry) => entry.trim().split(/\s+/))
        .flatMap(([word = '', address]) => {
          const scheme = word.toUpperCase()
          if (scheme === 'DIRECT') return ['DIRECT']
          const port = defaultPorts[scheme]
          if (!port || !address) return []
          return [`${scheme === 'SOCKS4' ? 'SOCKS' : scheme} ${/:\d+$/.test(address) ? address : `${address}:${port}`}`]
        })
      // An answer with nothing usable is DIRECT (ProxyList::SetFromPacString).
      return Promise.resolve(entries.length > 0 ? entries.join(';') : 'DIRECT')
    }
}

export const session = {
  /** defaultSession before ready throws a TypeError (electron_api_session.cc:1891-1909) */
  get defaultSession() {
    if (!ready) throw new TypeError('Session can only be received when app is ready')
    return defaultSession
  }
}

export const shell = {
  openExternal(url: string): Promise<void> {
    record('shell.openExternal', url)
    electronRecording.shell.openedExternal.push(url)
    return Promise.resolve()
  },
  /** [crash] Shows the file in the file manager, selected where it can; returns nothing (docs/api/shell.md:24-28). */
  showItemInFolder(fullPath: string): void {
    record('shell.showItemInFolder', fullPath)
    electronRecording.shell.shownInFolder.push(fullPath)
  }
}

export const crashReporter = fakeCrashReporter(() => electronRecording.crashReporter, () => app.getPath('crashDumps'), record)

/** Its first use before ready throws (lib/browser/api/screen.ts:13-51; electron_api_screen.cc:204-209) */
export const screen = {
  getAllDisplays(): Display[] {
    requireReady('screen')
    record('screen.getAllDisplays')
    return electronRecording.config.displays
  },
  getPrimaryDisplay(): Display {
    requireReady('screen')
    record('screen.getPrimaryDisplay')
    return electronRecording.config.displays[0]!
  }
}

export const dialog = {
  showErrorBox(title: string, content: string): void {
    record('dialog.showErrorBox', title, content)
    electronRecording.dialog.errorBoxes.push({ title, content })
  },
  /**
   * As Electron's (https://www.electronjs.org/docs/latest/api/dialog#dialogshowsavedialogwindow-options):
   * the window argument is optional, and it resolves { canceled, filePath }, filePath '' when canceled.
   */
  showSaveDialog(...args: [unknown, Record<string, unknown>] | [Record<string, unknown>]): Promise<{ canceled: boolean; filePath: string }> {
    const [window, options] = args.length === 2 ? args : [null, args[0]]
    record('dialog.showSaveDialog', options)
    electronRecording.dialog.saveDialogs.push({ window, options })
    const answer = electronRecording.dialog.saveDialogAnswer
    return Promise.resolve(answer === null ? { canceled: true, filePath: '' } : { canceled: false, filePath: answer })
  },
  /** Resolves with the button clicked; an aborted `signal` closes it, answering cancelId. (electron.d.ts MessageBoxOptions.signal) */
  /** [shell] The window is optional: showMessageBox(options) is a dialog of its own (electron.d.ts dialog.showMessageBox). */
  showMessageBox(
    windowOrOptions: unknown,
    maybeOptions?: Record<string, unknown> & { signal?: AbortSignal; cancelId?: number }
  ): Promise<{ response: number }> {
    const window = maybeOptions ? windowOrOptions : null
    const options = (maybeOptions ?? windowOrOptions) as Record<string, unknown> & { signal?: AbortSignal; cancelId?: number }
    record('dialog.showMessageBox', options)
    electronRecording.messageBoxes.push({ window, options })
    const response = electronRecording.messageBoxResponse
    if (response !== null) return Promise.resolve({ response })
    return new Promise((resolve) => {
      options.signal?.addEventListener('abort', () => resolve({ response: options.cancelId ?? 0 }))
    })
  }
}

export const clipboard = {
  writeText(text: string): void {
    record('clipboard.writeText', text)
    electronRecording.clipboard.text.push(text)
  }
}

/**
 * Electron's own autoUpdater (Squirrel), which electron-updater's MacUpdater drives: its
 * quitAndInstall emits 'before-quit-for-update' and closes every window, with no 'before-quit'
 * first (electron_api_auto_updater.cc:116-128).
 */
export const autoUpdater = new EventEmitter()

/**
 * Emits 'resume', 'unlock-screen', 'suspend' as the OS does. [shell] 'suspend' and 'resume' on every
 * OS (electron_api_power_monitor.cc:116-122); 'unlock-screen' on macOS (electron_api_power_monitor_mac.mm:75-79)
 * and Windows, from a posted task (electron_api_power_monitor_win.cc:141-148), never on Linux. Listeners may be
 * added before ready: the event source starts once the app is ready and someone listens (power-monitor.ts:13-20).
 */
export const powerMonitor = new EventEmitter()

/** A reversible, obviously fake "encryption", so a round trip can be checked. */
export const safeStorage = {
  /** Linux: which secret store encrypts, 'basic_text' meaning none ('unknown' before ready: electron_api_safe_storage.cc:194-199) */
  getSelectedStorageBackend(): string {
    record('safeStorage.getSelectedStorageBackend')
    return ready ? electronRecording.config.storageBackend : 'unknown'
  },
  isEncryptionAvailable(): boolean {
    record('safeStorage.isEncryptionAvailable')
    return electronRecording.config.encryptionAvailable
  },
  encryptString(plain: string): Buffer {
    record('safeStorage.encryptString')
    return Buffer.from(`enc:${plain}`, 'utf8')
  },
  decryptString(data: Buffer): string {
    record('safeStorage.decryptString')
    const text = data.toString('utf8')
    if (!text.startsWith('enc:')) throw new Error('electron-double: not encrypted by safeStorage')
    return text.slice(4)
  }
}

// ---------------------------------------------------------------------------------------
// Preload side: contextBridge and ipcRenderer

export const contextBridge = {
  exposeInMainWorld(key: string, api: unknown): void {
    record('contextBridge.exposeInMainWorld', key)
    electronRecording.exposedInMainWorld.push({ key, api })
  }
}

interface FakeIpcRenderer {
  invoke(channel: string, input?: unknown): Promise<unknown>
  on(event: string, listener: Listener): FakeIpcRenderer
  removeListener(event: string, listener: Listener): FakeIpcRenderer
}

export const ipcRenderer: FakeIpcRenderer = {
  invoke(channel: string, input?: unknown): Promise<unknown> {
    record('ipcRenderer.invoke', channel, input)
    electronRecording.invoked.push({ channel, input })
    return Promise.resolve(electronRecording.config.invokeResult)
  },
  on(event: string, listener: Listener): FakeIpcRenderer {
    record('ipcRenderer.on', event)
    const listeners = electronRecording.rendererListeners.get(event) ?? new Set<Listener>()
    listeners.add(listener)
    electronRecording.rendererListeners.set(event, listeners)
    return ipcRenderer
  },
  removeListener(event: string, listener: Listener): FakeIpcRenderer {
    record('ipcRenderer.removeListener', event)
    electronRecording.rendererListeners.get(event)?.delete(listener)
    return ipcRenderer
  }
}

/** Delivers an event from main to the preload's listeners, as webContents.send would. */
export function sendToRenderer(event: string, payload: unknown): void {
  for (const listener of electronRecording.rendererListeners.get(event) ?? []) {
    listener({ sender: ipcRenderer }, payload)
  }
}

export type IpcRendererEvent = { sender: typeof ipcRenderer }

export { utilityProcess } from './electron-double-utility-process'
import { utilityProcess } from './electron-double-utility-process'

export default {
  utilityProcess,
  clipboard,
  powerMonitor,
  autoUpdater,
  app,
  BrowserWindow: FakeBrowserWindow,
  Tray: FakeTray,
  Menu,
  Notification: FakeNotification,
  nativeImage,
  nativeTheme,
  ipcMain,
  protocol,
  net,
  session,
  shell,
  screen,
  dialog,
  safeStorage,
  contextBridge,
  ipcRenderer
}
