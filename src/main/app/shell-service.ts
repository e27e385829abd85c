import type { EventPayloads } from '@shared/ipc/contract'
import type { ShellPreferences, ShellView } from '@shared/types'
import { readShellPreferences, saveShellPreferences } from '../config/shell-preferences'
import type { ShellPort } from '../desktop-port'
import { createUpdateController, type Updater, type updateTiming } from './updates'

/** Starting with the computer: the OS's own list (Windows, macOS) or an autostart file (Linux). */
export interface LoginItem {
  /** Whether the OS will start Magpie at login now, its own switch (Task Manager, System Settings, GNOME, KDE) included. */
  isEnabled(): boolean
  /** Written only when the person flips 설정's switch. */
  set(openAtLogin: boolean): void | Promise<void>
}

/**
 * A link from someone's text that may leave for the system browser: http or https with a host, no
 * user name or password (a `https://bank.example@evil.example` that reads as another site). The
 * renderer only sends links it found in text, but it is untrusted: this is the check that counts.
 */
export function webLinkUrl(raw: string): string | null {
  try {
    const url = new URL(raw)
    if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !url.hostname || url.username || url.password) return null
    return url.toString()
  } catch {
    return null
  }
}

/**
 * The 설정 → 앱 section behind the IPC: this copy's preferences (profile folder), the update
 * controller and the login item. Electron passes electron-updater and the OS's login item;
 * the browser harness passes its scripted updater and a recorded login item.
 */
export function createShellService(options: {
  profileDir: string
  version: string
  updater: Updater | null
  /** A .deb's install through pkexec (updates.ts); absent elsewhere. */
  privilegedInstall?: (downloadedFile: string) => Promise<void>
  loginItem: LoginItem
  /** The OS's browser (Electron's shell.openExternal; the harness records). */
  openExternal: (url: string) => void | Promise<void>
  emit: (event: 'shell:changed', payload: EventPayloads['shell:changed']) => void
  log?: { warn(...args: unknown[]): void }
  timing?: typeof updateTiming
}): ShellPort & { stop(): void } {
  let preferences = readShellPreferences(options.profileDir)
  // The OS's word, read each time: the person may have turned it off there since.
  const openAtLogin = () => {
    try {
      return options.loginItem.isEnabled()
    } catch (error) {
      options.log?.warn('[login item]', error)
      return false
    }
  }
  const view = (): ShellView => ({ version: options.version, ...preferences, openAtLogin: openAtLogin(), update: updates.status() })
  const updates = createUpdateController({
    updater: options.updater,
    enabled: preferences.autoUpdate,
    channel: preferences.updateChannel,
    privilegedInstall: options.privilegedInstall,
    onChange: () => options.emit('shell:changed', view()),
    log: options.log,
    timing: options.timing
  })

  return {
    view,
    async setPreferences(changes: Partial<ShellPreferences>) {
      const { openAtLogin: login, ...saved } = changes
      // Nothing is written at start: only the person's flip reaches the OS's list.
      if (login !== undefined && login !== openAtLogin()) await options.loginItem.set(login)
      const next = { ...preferences, ...saved }
      if (next.autoUpdate !== preferences.autoUpdate || next.updateChannel !== preferences.updateChannel) await saveShellPreferences(options.profileDir, next)
      preferences = next
      updates.setEnabled(next.autoUpdate)
      updates.setChannel(next.updateChannel)
      const current = view()
      options.emit('shell:changed', current)
      return current
    },
    checkForUpdates() {
      updates.check()
      return view()
    },
    restartToUpdate() {
      updates.install()
    },
    openLink(raw: string) {
      const url = webLinkUrl(raw)
      if (url) void Promise.resolve(options.openExternal(url)).catch((error: unknown) => options.log?.warn('[open link]', error))
    },
    stop: () => updates.stop()
  }
}
