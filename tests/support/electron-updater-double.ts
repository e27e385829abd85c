import { EventEmitter } from 'node:events'

/**
 * A stand-in for electron-updater under Vitest (vitest.config.ts aliases it): the real one
 * imports the `electron` package, which cannot run here. It records what main asks of it;
 * tests fire its events as electron-updater 6 emits them (AppUpdater.d.ts: checking-for-update,
 * update-available, download-progress, update-downloaded, update-not-available, error).
 */
class FakeAppUpdater extends EventEmitter {
  autoDownload = true
  autoInstallOnAppQuit = true
  logger: unknown = null
  /** AppUpdater.js:161 (6.8.10): false, so an unpackaged app checks nothing unless told. */
  forceDevUpdateConfig = false
  /** Each setFeedURL call (AppUpdater.js:234-247: it replaces app-update.yml's provider). */
  feeds: unknown[] = []
  checks = 0
  installs: [boolean | undefined, boolean | undefined][] = []

  checkForUpdates(): Promise<unknown> {
    this.checks++
    return Promise.resolve({})
  }

  setFeedURL(options: unknown): void {
    this.feeds.push(options)
  }

  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean): void {
    this.installs.push([isSilent, isForceRunAfter])
  }
}

export const autoUpdater = new FakeAppUpdater()

export default { autoUpdater }
