import type { EventPayloads } from '@shared/ipc/contract'
import type { ShellPreferences, ShellView } from '@shared/types'
import { readShellPreferences, saveShellPreferences } from '../config/shell-preferences'
import type { ShellPort } from '../desktop-port'
import { createUpdateController, type Updater, type updateTiming } from './updates'

/** Starting with the computer: the OS's own list (Windows, macOS) or an autostart file (Linux). */
export interface LoginItem {
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
  loginItem: LoginItem
  /** The OS's browser (Electron's shell.openExternal; the harness records). */
  openExternal: (url: string) => void | Promise<void>
  emit: (event: 'shell:changed', payload: EventPayloads['shell:changed']) => void
  log?: { warn(...args: unknown[]): void }
  timing?: typeof updateTiming
}): ShellPort & { stop(): void } {
  let preferences = readShellPreferences(options.profileDir)
  const view = (): ShellView => ({ version: options.version, ...preferences, update: updates.status() })
  const updates = createUpdateController({
    updater: options.updater,
    enabled: preferences.autoUpdate,
    onChange: () => options.emit('shell:changed', view()),
    log: options.log,
    timing: options.timing
  })
  // Said again at each start, so the entry names the executable this version runs from.
  if (preferences.openAtLogin) void Promise.resolve(options.loginItem.set(true)).catch((error: unknown) => options.log?.warn('[login item]', error))

  return {
    view,
    async setPreferences(changes: Partial<ShellPreferences>) {
      const next = { ...preferences, ...changes }
      if (next.openAtLogin !== preferences.openAtLogin) await options.loginItem.set(next.openAtLogin)
      await saveShellPreferences(options.profileDir, next)
      preferences = next
      updates.setEnabled(next.autoUpdate)
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
