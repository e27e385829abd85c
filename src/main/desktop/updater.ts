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

/**
 * The feed a development run may check (MAGPIE_DEV_UPDATE_FEED, `npm run smoke:desktop` serves
 * one): plain HTTP on this computer only, so no setting can point even a development copy at
 * another server. Anything else is null: the copy then cannot update itself, as before.
 */
export function devUpdateFeed(raw: string | undefined): string | null {
  if (!raw) return null
  try {
    const url = new URL(raw)
    const loopback = url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.hostname === '[::1]'
    return url.protocol === 'http:' && loopback && !url.username && !url.password ? url.toString() : null
  } catch {
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
