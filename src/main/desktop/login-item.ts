import { app } from 'electron'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { LoginItem } from '../app/shell-service'

/** What Magpie is started with at login on Windows and Linux: it opens to the tray, not a window. */
export const openedAtLoginFlag = '--opened-at-login'

/** A desktop entry's Exec argument, quoted as the Desktop Entry Specification asks. */
const quoteExec = (arg: string) => `"${arg.replace(/(["`$\\])/g, '\\$1')}"`

export function autostartEntry(command: readonly string[]): string {
  return [
    '[Desktop Entry]',
    'Type=Application',
    'Name=까치 (Magpie)',
    `Exec=${[...command, openedAtLoginFlag].map(quoteExec).join(' ')}`,
    'Icon=magpie',
    'X-GNOME-Autostart-enabled=true',
    ''
  ].join('\n')
}

/**
 * Start at login. Windows and macOS keep their own list (setLoginItemSettings); Linux has none
 * in Electron, so an XDG autostart entry is written to ~/.config/autostart (XDG_CONFIG_HOME),
 * which GNOME, KDE and the others start at login.
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
  return {
    async set(openAtLogin) {
      if (options.platform === 'linux') {
        if (!openAtLogin) return rm(file, { force: true })
        await mkdir(options.autostartDir, { recursive: true })
        return writeFile(file, autostartEntry(options.command), { mode: 0o644 })
      }
      const [path, ...args] = options.command
      app.setLoginItemSettings(
        options.platform === 'win32' ? { openAtLogin, path, args: [...args, openedAtLoginFlag] } : { openAtLogin }
      )
    }
  }
}

/** Whether this start came from the login item: macOS says so itself, elsewhere the flag does. */
export function wasOpenedAtLogin(platform: NodeJS.Platform, argv: readonly string[]): boolean {
  if (platform === 'darwin') return app.getLoginItemSettings().wasOpenedAtLogin === true
  return argv.includes(openedAtLoginFlag)
}
