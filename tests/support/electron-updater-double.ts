import { EventEmitter } from 'node:events'

/**
 * A stand-in for electron-updater under Vitest (vitest.config.ts aliases it): the real one
 * imports the `electron` package, which cannot run here. It follows electron-updater 6.8.10
 * (node_modules/electron-updater/out) where Magpie's choices meet it: which installer runs, how,
 * and when — on quitAndInstall and at the app's quit. Tests fire its events as AppUpdater.d.ts
 * names them (checking-for-update, update-available, download-progress, update-downloaded,
 * update-not-available, error) or call downloaded() for a finished download.
 */

/** main.js doLoadAutoUpdater: NsisUpdater on Windows, MacUpdater on macOS, DebUpdater where resources/package-type says deb. */
export type PackageType = 'nsis' | 'mac' | 'deb'

/** One install electron-updater started: what it ran, and whether the main process waited on it. */
export interface InstallRun {
  /** quitAndInstall, or the quit handler of a quit with a download waiting. */
  trigger: 'quitAndInstall' | 'quit'
  isSilent: boolean
  isForceRunAfter: boolean
  /** The program and arguments electron-updater spawned (none on macOS: Squirrel installs). */
  command: string[]
  /** NSIS not silent: the installer's wizard opens, its Finish page waiting for the person. */
  wizard: boolean
  /** spawnSync: the main process is blocked until it ends (a password prompt included). */
  blocksMain: boolean
  /** The app relaunched itself after the install (DebUpdater: app.relaunch when isForceRunAfter). */
  relaunch: boolean
}

export class FakeAppUpdater extends EventEmitter {
  autoDownload = true
  autoInstallOnAppQuit = true
  /** AppUpdater.js:119: true by default; what quitAndInstall uses in place of isForceRunAfter when not silent. */
  autoRunAppAfterInstall = true
  allowPrerelease = false
  allowDowngrade = false
  logger: unknown = null
  /** AppUpdater.js:161 (6.8.10): false, so an unpackaged app checks nothing unless told. */
  forceDevUpdateConfig = false
  /** Each setFeedURL call (AppUpdater.js:234-247: it replaces app-update.yml's provider). */
  feeds: unknown[] = []
  checks = 0
  /** The quitAndInstall calls as made: [isSilent, isForceRunAfter]. */
  installs: [boolean | undefined, boolean | undefined][] = []
  /** What actually ran. */
  runs: InstallRun[] = []
  quits = 0
  private _channel: string | null = null
  private downloadedFile: string | null = null
  private quitHandlerAdded = false
  private quitAndInstallCalled = false

  constructor(readonly packageType: PackageType = 'nsis') {
    super()
  }

  get channel(): string | null {
    return this._channel
  }

  /** Setting a channel turns allowDowngrade on (AppUpdater.js:33-45). */
  set channel(value: string | null) {
    if (this._channel != null && (typeof value !== 'string' || value.length === 0)) throw new Error('ERR_UPDATER_INVALID_CHANNEL')
    this._channel = value
    this.allowDowngrade = true
  }

  checkForUpdates(): Promise<unknown> {
    this.checks++
    return Promise.resolve({})
  }

  setFeedURL(options: unknown): void {
    this.feeds.push(options)
  }

  /** A finished, verified download: update-downloaded with its file, then the quit handler (BaseUpdater.js:28-37). */
  downloaded(version: string, downloadedFile = `/tmp/magpie-updater/pending/magpie-${version}.${this.packageType === 'deb' ? 'deb' : 'exe'}`): void {
    this.downloadedFile = downloadedFile
    this.emit('update-downloaded', { version, releaseNotes: null, downloadedFile })
    this.addQuitHandler()
  }

  /** Not silent, isForceRunAfter is ignored for autoRunAppAfterInstall (BaseUpdater.js:13-27). */
  quitAndInstall(isSilent = false, isForceRunAfter = false): void {
    this.installs.push([isSilent, isForceRunAfter])
    if (this.packageType === 'mac') {
      // MacUpdater.quitAndInstall: Squirrel installs at quit, arguments unused (MacUpdater.js:240-260).
      this.quits++
      return
    }
    if (this.install('quitAndInstall', isSilent, isSilent ? isForceRunAfter : this.autoRunAppAfterInstall)) this.quits++
  }

  /**
   * The app quits with exit code `exitCode` (ElectronAppAdapter.js:37-39): with a download waiting and
   * autoInstallOnAppQuit, the installer runs silently, not started again (BaseUpdater.js:69-90).
   */
  appQuit(exitCode = 0): void {
    if (!this.quitHandlerAdded || this.quitAndInstallCalled || !this.autoInstallOnAppQuit || exitCode !== 0) return
    this.install('quit', true, false)
  }

  private addQuitHandler(): void {
    // Added once, and only if autoInstallOnAppQuit is on when the download finishes (BaseUpdater.js:69-73).
    if (this.quitHandlerAdded || !this.autoInstallOnAppQuit) return
    this.quitHandlerAdded = true
  }

  private install(trigger: InstallRun['trigger'], isSilent: boolean, isForceRunAfter: boolean): boolean {
    // Once only; nothing without a download (BaseUpdater.js:42-55).
    if (this.quitAndInstallCalled || !this.downloadedFile) return false
    this.quitAndInstallCalled = true
    const file = this.downloadedFile
    if (this.packageType === 'deb') {
      // DebUpdater.doInstall → runCommandWithSudoIfNeeded: pkexec in a spawnSync with shell:true
      // (DebUpdater.js:27-50, LinuxUpdater.js:34-66, BaseUpdater.js:102-121); relaunch when forced.
      const command = ['pkexec', '--disable-internal-agent', '/bin/bash', '-c', `'dpkg -i ${file}'`]
      this.runs.push({ trigger, isSilent, isForceRunAfter, command, wizard: false, blocksMain: true, relaunch: isForceRunAfter })
      return true
    }
    // NsisUpdater.doInstall: --updated, /S when silent, --force-run when forced, spawned detached (NsisUpdater.js:101-148).
    // Magpie's assisted installer (nsis.oneClick false) starts the app itself only when silent
    // and forced; otherwise its wizard ends on the Finish page (app-builder-lib 26.17
    // templates/nsis/installSection.nsh:104-109, assistedInstaller.nsh:46-64).
    const command = [file, '--updated', ...(isSilent ? ['/S'] : []), ...(isForceRunAfter ? ['--force-run'] : [])]
    this.runs.push({ trigger, isSilent, isForceRunAfter, command, wizard: !isSilent, blocksMain: false, relaunch: isSilent && isForceRunAfter })
    return true
  }
}

export const autoUpdater = new FakeAppUpdater()

export default { autoUpdater }
