import { app } from 'electron'
import { existsSync, readFileSync } from 'node:fs'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { LoginItem } from '../app/shell-service'

/** What Magpie is started with at login on Windows and Linux: it opens to the tray, not a window. */
export const openedAtLoginFlag = '--opened-at-login'

/** A desktop entry's Exec argument, quoted as the Desktop Entry Specification asks. */
const quoteExec = (arg: string) => `"${arg.replace(/(["`$\\])/g, '\\$1')}"`
/** A desktop entry's string value: backslash, and the line breaks that would end it, escaped. */
const escapeValue = (value: string) => value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/\r/g, '\\r').replace(/\t/g, '\\t')

export function autostartEntry(command: readonly string[]): string {
  return [
    '[Desktop Entry]',
    'Type=Application',
    'Name=까치 (Magpie)',
    // An uninstalled or moved Magpie: the session skips the entry instead of failing to start it.
    `TryExec=${escapeValue(command[0] ?? '')}`,
    `Exec=${[...command, openedAtLoginFlag].map(quoteExec).join(' ')}`,
    'Icon=magpie',
    'X-GNOME-Autostart-enabled=true',
    ''
  ].join('\n')
}

/**
 * Whether the session will start an autostart entry: there, not Hidden (the spec's "deleted",
 * which KDE's switch writes), not X-GNOME-Autostart-enabled=false (GNOME's), and its TryExec
 * (when it has one) still there.
 */
export function autostartEntryStarts(text: string): boolean {
  const values = new Map<string, string>()
  let group = ''
  for (const line of text.split(/\r?\n/)) {
    const header = /^\[(.+)\]\s*$/.exec(line)
    if (header) group = header[1]!
    else if (group === 'Desktop Entry' && line.includes('=') && !line.startsWith('#')) {
      const at = line.indexOf('=')
      values.set(line.slice(0, at).trim(), line.slice(at + 1).trim())
    }
  }
  if (values.get('Hidden') === 'true' || values.get('X-GNOME-Autostart-enabled') === 'false') return false
  const tryExec = values.get('TryExec')
  return !tryExec || !tryExec.startsWith('/') || existsSync(tryExec.replace(/\\(.)/g, (_m, c: string) => ({ n: '\n', r: '\r', t: '\t' })[c] ?? c))
}

/**
 * Start at login, written only when the person flips the switch and read back from the OS, so a
 * switch turned off in Task Manager, Windows Settings, macOS System Settings, GNOME or KDE stays
 * off and 설정 shows it so. Windows and macOS keep their own list (setLoginItemSettings); Linux
 * has none in Electron, so an XDG autostart entry is written to ~/.config/autostart
 * (XDG_CONFIG_HOME), which GNOME, KDE and the others start at login.
 */
export function createLoginItem(options: {
  platform: NodeJS.Platform
  /** The program and its arguments: the AppImage's own path for an AppImage, the app folder too in development. */
  command: readonly string[]
  autostartDir: string
  /** The autostart file's name: development's is its own (magpie-dev.desktop). */
  entryName?: string
}): LoginItem {
  const file = join(options.autostartDir, options.entryName ?? 'magpie.desktop')
  const [path, ...args] = options.command
  const windowsItem = { path, args: [...args, openedAtLoginFlag] }
  return {
    isEnabled() {
      if (options.platform === 'linux') {
        try {
          return autostartEntryStarts(readFileSync(file, 'utf8'))
        } catch {
          return false
        }
      }
      // Windows: a Run value starts this exe and StartupApproved (Task Manager's switch) leaves
      // it on; macOS: SMAppService says enabled, not waiting for the person's approval.
      const settings = app.getLoginItemSettings(options.platform === 'win32' ? windowsItem : undefined)
      return options.platform === 'win32' ? settings.executableWillLaunchAtLogin === true : settings.openAtLogin
    },
    async set(openAtLogin) {
      if (options.platform === 'linux') {
        if (!openAtLogin) return rm(file, { force: true })
        await mkdir(options.autostartDir, { recursive: true })
        return writeFile(file, autostartEntry(options.command), { mode: 0o644 })
      }
      // enabled: the person asked for it here, so Task Manager's earlier "off" gives way (Windows only).
      app.setLoginItemSettings(options.platform === 'win32' ? { openAtLogin, ...windowsItem, enabled: true } : { openAtLogin })
    }
  }
}

/** Whether this start came from the login item: macOS says so itself, elsewhere the flag does. */
export function wasOpenedAtLogin(platform: NodeJS.Platform, argv: readonly string[]): boolean {
  if (platform === 'darwin') return app.getLoginItemSettings().wasOpenedAtLogin === true
  return argv.includes(openedAtLoginFlag)
}
