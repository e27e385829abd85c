import type { Updater } from '../app/updates'

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
