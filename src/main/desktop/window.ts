import { BrowserWindow, screen, session, shell } from 'electron'
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

const defaults: Bounds = { width: 1180, height: 860 }

/** The last size and place of the window, if it still fits on a connected screen. */
function loadBounds(file: string): Bounds {
  try {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as Bounds
    if (typeof saved.width !== 'number' || typeof saved.height !== 'number') return defaults
    if (saved.x === undefined || saved.y === undefined) return saved
    const visible = screen.getAllDisplays().some(({ workArea: a }) =>
      saved.x! < a.x + a.width && saved.x! + saved.width > a.x && saved.y! < a.y + a.height && saved.y! + saved.height > a.y
    )
    return visible ? saved : { width: saved.width, height: saved.height }
  } catch {
    return defaults
  }
}

function saveBounds(file: string, window: BrowserWindow): void {
  try {
    mkdirSync(dirname(file), { recursive: true })
    writeFileSync(file, JSON.stringify({ ...window.getNormalBounds(), maximized: window.isMaximized() }))
  } catch {
    // Losing the window position is not worth bothering the user about.
  }
}

/** Denies what a page should never do on its own: navigate away, open windows, ask for permissions. */
export function lockDownSession(): void {
  session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false))
  session.defaultSession.setPermissionCheckHandler(() => false)
}

export function createMainWindow(options: { preload: string; boundsFile: string; icon: string }): BrowserWindow {
  const bounds = loadBounds(options.boundsFile)
  const window = new BrowserWindow({
    ...bounds,
    minWidth: 380,
    minHeight: 520,
    show: false,
    title: '까치',
    icon: options.icon,
    backgroundColor: '#faf8f5',
    autoHideMenuBar: true,
    webPreferences: secureWebPreferences(options.preload)
  })
  if (bounds.maximized) window.maximize()
  window.once('ready-to-show', () => window.show())
  window.on('close', () => saveBounds(options.boundsFile, window))

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
