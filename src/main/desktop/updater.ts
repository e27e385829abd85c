import { app } from 'electron'
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Updater } from '../app/updates'
import { devUpdateFeed } from './dev-update-feed'

/**
 * electron-updater's autoUpdater, for a packaged app: it picks the installer's kind itself
 * (NSIS, dmg/zip, deb from resources/package-type) and reads the feed from
 * resources/app-update.yml, which electron-builder writes from `publish`. Loaded only when
 * packaged; a package without app-update.yml reports each check as failed, never a crash.
 */
export async function loadUpdater(log: { warn(...args: unknown[]): void }): Promise<Updater | null> {
  try {
    const { default: updater } = await import('electron-updater')
    const { autoUpdater } = updater
    autoUpdater.logger = { info: () => {}, debug: () => {}, warn: (m: unknown) => log.warn('[updates]', m), error: (m: unknown) => log.warn('[updates]', m) }
    return autoUpdater as unknown as Updater
  } catch (error) {
    log.warn('[updates] electron-updater could not start', error)
    return null
  }
}

/**
 * Development's updater: none, unless MAGPIE_DEV_UPDATE_FEED names a local feed. index.ts calls
 * this only when the app is not packaged, so an installed Magpie never reads the variable.
 * forceDevUpdateConfig lets an unpackaged app check (AppUpdater.js:277-278, electron-updater
 * 6.8.10); setFeedURL sets the provider itself, so no dev-app-update.yml is read (:234-247, :382).
 */
export async function loadDevUpdater(env: NodeJS.ProcessEnv, log: { warn(...args: unknown[]): void }): Promise<Updater | null> {
  const feed = devUpdateFeed(env.MAGPIE_DEV_UPDATE_FEED)
  if (!feed) {
    if (env.MAGPIE_DEV_UPDATE_FEED) log.warn('[updates] MAGPIE_DEV_UPDATE_FEED must be an http:// address on this computer; ignored')
    return null
  }
  const updater = await loadUpdater(log)
  if (!updater) return null
  const appUpdater = updater as Updater & { forceDevUpdateConfig: boolean; setFeedURL(options: { provider: 'generic'; url: string }): void }
  appUpdater.forceDevUpdateConfig = true
  appUpdater.setFeedURL({ provider: 'generic', url: feed })
  return updater
}

/** Whether this copy was installed from a .deb: electron-builder writes the package's kind beside app.asar, as electron-updater reads it (main.js doLoadAutoUpdater). */
export function installedFromDeb(resourcesPath: string): boolean {
  try {
    return readFileSync(join(resourcesPath, 'package-type'), 'utf8').trim() === 'deb'
  } catch {
    return false
  }
}

/**
 * A .deb's update, started by 다시 시작: `pkexec dpkg -i` in a child that main never waits on,
 * so the window keeps working while the system asks for the administrator's password. Installed,
 * Magpie starts again; refused or failed, it rejects and the update stays ready.
 * (electron-updater's DebUpdater would run it in a spawnSync, at quit too: DebUpdater.js:27-50,
 * LinuxUpdater.js:34-51, BaseUpdater.js:102-121.)
 */
export function debInstaller(spawnProcess: typeof spawn = spawn): (downloadedFile: string) => Promise<void> {
  return (downloadedFile) =>
    new Promise<void>((resolve, reject) => {
      // Absolute paths: no PATH lookup for a program that runs as root. No shell: the file name is one argument.
      const child = spawnProcess('/usr/bin/pkexec', ['--disable-internal-agent', '/usr/bin/dpkg', '-i', downloadedFile], { stdio: 'ignore' })
      child.once('error', reject)
      child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`pkexec dpkg -i exited with ${String(code)}`))))
    }).then(() => {
      app.relaunch()
      app.quit()
    })
}
