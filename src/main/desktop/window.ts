import { BrowserWindow, nativeTheme, screen, session, shell } from 'electron'
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { safeExternalUrl, secureWebPreferences } from './security'

interface Bounds {
  x?: number
  y?: number
  width: number
  height: number
  maximized?: boolean
}

interface Rectangle {
  x: number
  y: number
  width: number
  height: number
}

const defaults: Bounds = { width: 1180, height: 860 }
const minSize = { width: 380, height: 520 }

/** How much of the title bar must lie on a screen's work area for the user to grab it and move the window. */
export const grabbableTitleBar = { width: 100, height: 24 }

function overlap(a: Rectangle, b: Rectangle): { width: number; height: number } {
  return {
    width: Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x),
    height: Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y)
  }
}

/**
 * Where the window opens: the saved place if its title bar can still be grabbed on one of
 * the current screens' work areas (a screen was unplugged, the resolution changed, the
 * taskbar moved); otherwise centred on the primary screen, at the saved size made to fit.
 */
export function placeWindow(saved: Bounds, displays: readonly { workArea: Rectangle }[], primary: { workArea: Rectangle }): Bounds {
  const { x, y } = saved
  if (x !== undefined && y !== undefined) {
    const titleBar = { x, y, width: saved.width, height: grabbableTitleBar.height }
    const need = Math.min(grabbableTitleBar.width, saved.width)
    const grabbable = displays.some(({ workArea }) => {
      const shared = overlap(titleBar, workArea)
      return shared.width >= need && shared.height >= grabbableTitleBar.height
    })
    if (grabbable) return saved
  }
  const area = primary.workArea
  const width = Math.max(minSize.width, Math.min(saved.width, area.width))
  const height = Math.max(minSize.height, Math.min(saved.height, area.height))
  return {
    x: Math.round(area.x + (area.width - width) / 2),
    y: Math.round(area.y + (area.height - height) / 2),
    width,
    height,
    maximized: saved.maximized
  }
}

function loadBounds(file: string): Bounds {
  let saved: Bounds
  try {
    saved = JSON.parse(readFileSync(file, 'utf8')) as Bounds
  } catch {
    return defaults
  }
  const finite = (value: unknown) => typeof value === 'number' && Number.isFinite(value)
  if (!saved || !finite(saved.width) || !finite(saved.height)) return defaults
  const bounds: Bounds = { width: saved.width, height: saved.height, maximized: saved.maximized === true }
  if (finite(saved.x) && finite(saved.y)) Object.assign(bounds, { x: saved.x, y: saved.y })
  return placeWindow(bounds, screen.getAllDisplays(), screen.getPrimaryDisplay())
}

/** Synchronous, so it also runs in Windows' session-end, after which the process is ended. */
export function saveBounds(file: string, window: BrowserWindow): void {
  try {
    mkdirSync(dirname(file), { recursive: true })
    writeFileSync(file, JSON.stringify({ ...window.getNormalBounds(), maximized: window.isMaximized() }))
  } catch {
    // Losing the window position is not worth bothering the user about.
  }
}

/**
 * Writing the clipboard, from the app page's main frame, is the one permission granted: it
 * is what "링크 복사" does. Reading it, and everything else, stays denied.
 */
const granted = (permission: string, details: { isMainFrame?: boolean } | undefined) =>
  permission === 'clipboard-sanitized-write' && details?.isMainFrame === true

/** Denies what a page should never do on its own: navigate away, open windows, ask for permissions. */
export function lockDownSession(): void {
  session.defaultSession.setPermissionRequestHandler((_contents, permission, callback, details) =>
    callback(granted(permission, details))
  )
  session.defaultSession.setPermissionCheckHandler((_contents, permission, _origin, details) => granted(permission, details))
}

/** The page's own background (global.css's --paper in each scheme): no other colour shows before it paints or while resizing. */
export const windowBackground = { light: '#fbf9f6', dark: '#141311' } as const

const currentBackground = () => (nativeTheme.shouldUseDarkColors ? windowBackground.dark : windowBackground.light)

export function createMainWindow(options: {
  preload: string
  boundsFile: string
  icon: string
  /** Started at login: Windows and macOS stay in the tray; Linux shows the window minimized (decision 012). */
  atLogin?: NodeJS.Platform | null
}): BrowserWindow {
  const bounds = loadBounds(options.boundsFile)
  const { maximized, ...place } = bounds
  const window = new BrowserWindow({
    ...place,
    minWidth: minSize.width,
    minHeight: minSize.height,
    // Shown at ready-to-show, so no blank window flashes while the page loads.
    show: false,
    title: '까치',
    icon: options.icon,
    backgroundColor: currentBackground(),
    autoHideMenuBar: true,
    webPreferences: secureWebPreferences(options.preload)
  })
  window.once('ready-to-show', () => {
    if (options.atLogin === 'linux') return window.minimize()
    if (options.atLogin) return
    // maximize() shows the window too: it waits for the page like show() does.
    if (maximized) window.maximize()
    window.show()
  })
  window.on('close', () => saveBounds(options.boundsFile, window))
  // The OS switching mode, or the scheme chosen in 설정 (DesktopPort.setTheme), changes nativeTheme.
  const followTheme = () => window.setBackgroundColor(currentBackground())
  nativeTheme.on('updated', followTheme)
  window.once('closed', () => nativeTheme.off('updated', followTheme))

  const contents = window.webContents
  contents.on('will-navigate', (event) => event.preventDefault())
  contents.on('will-redirect', (event) => event.preventDefault())
  contents.on('will-attach-webview', (event) => event.preventDefault())
  contents.setWindowOpenHandler(({ url }) => {
    const safe = safeExternalUrl(url)
    if (safe) void shell.openExternal(safe)
    return { action: 'deny' }
  })
  return window
}

/**
 * Closing the window keeps Magpie running so alerts still arrive. On Windows and macOS it
 * hides to the tray (or the dock). On Linux it minimizes instead: many desktops (GNOME
 * without the AppIndicator extension) have no tray host, and Electron cannot tell whether
 * one shows the icon, so a hidden window could leave an invisible process holding the
 * single-instance lock. Minimized, Magpie stays in the taskbar or dash. Quitting (the tray
 * menu, the app menu, logging out) really closes it.
 */
export function keepRunningOnClose(window: BrowserWindow, platform: NodeJS.Platform, quitting: () => boolean): void {
  window.on('close', (event) => {
    if (quitting()) return
    event.preventDefault()
    if (platform === 'linux') window.minimize()
    else window.hide()
  })
}
