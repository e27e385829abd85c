import { EventEmitter } from 'node:events'
import { readFileSync } from 'node:fs'
import type { EventPayloads } from '@shared/ipc/contract'
import { createShellService } from '../main/app/shell-service'
import type { Updater, UpdateInfo } from '../main/app/updates'
import { devUpdateFeed } from '../main/desktop/dev-update-feed'

/** What the harness's page did to the shell, for tests to read. */
export interface ShellRecording {
  checks: number
  installs: number
  /** Each start-at-login change handed to the OS, in order. */
  loginItems: boolean[]
  /** Each web link handed to the system browser, in order. */
  links: string[]
}

/**
 * An updater whose events the harness's caller fires (POST /__harness/shell/updater), so the
 * real update controller and the page's prompt can be driven through every path in a browser.
 * A check nobody scripted finds no update, as a copy on the latest version would.
 */
class ScriptedUpdater extends EventEmitter implements Updater {
  autoDownload = true
  autoInstallOnAppQuit = true
  channel: string | null = null
  allowPrerelease = false
  allowDowngrade = false
  scripted = false
  /** A generic feed to check as electron-updater would (npm run smoke:desktop's), or null. */
  feed: string | null = null

  constructor(private readonly recording: ShellRecording) {
    super()
  }

  checkForUpdates(): Promise<unknown> {
    this.recording.checks++
    this.emit('checking-for-update')
    if (this.feed) return this.fromFeed(this.feed)
    if (!this.scripted) setImmediate(() => this.emit('update-not-available', { version: '0.0.0' }))
    return Promise.resolve({})
  }

  /** Linux's channel file, then its artifact: the requests and events electron-updater makes for a new version. */
  private async fromFeed(feed: string): Promise<unknown> {
    try {
      const channel = await (await fetch(new URL('latest-linux.yml', feed))).text()
      const offered = /^version:\s*(\S+)/m.exec(channel)?.[1]
      const path = /^path:\s*(\S+)/m.exec(channel)?.[1]
      if (!offered || !path) throw new Error('the channel file names no version or path')
      if (offered === version) return void this.emit('update-not-available', { version: offered })
      this.emit('update-available', { version: offered })
      const artifact = await fetch(new URL(path, feed))
      if (!artifact.ok) throw new Error(`the artifact answered ${artifact.status}`)
      await artifact.arrayBuffer()
      this.emit('download-progress', { percent: 100 })
      this.emit('update-downloaded', { version: offered })
    } catch (error) {
      this.emit('error', error instanceof Error ? error : new Error(String(error)))
    }
    return {}
  }

  quitAndInstall(): void {
    this.recording.installs++
  }
}

export type ScriptedUpdaterEvent =
  | { event: 'update-available' | 'update-downloaded'; info: UpdateInfo }
  /** From now on checks read this generic feed (a local one: npm run smoke:desktop's). */
  | { event: 'feed'; url: string }
  | { event: 'download-progress'; percent: number }
  | { event: 'update-not-available' | 'checking-for-update' }
  | { event: 'error'; message: string }

/** The project's version, as a packaged Magpie reports its own. */
const version = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version

export function createHarnessShell(profileDir: string, emit: (event: 'shell:changed', payload: EventPayloads['shell:changed']) => void) {
  const recording: ShellRecording = { checks: 0, installs: 0, loginItems: [], links: [] }
  const updater = new ScriptedUpdater(recording)
  const service = createShellService({
    profileDir,
    version,
    updater,
    // The "OS" answers with the last switch the page flipped.
    loginItem: { isEnabled: () => recording.loginItems.at(-1) ?? false, set: (openAtLogin) => void recording.loginItems.push(openAtLogin) },
    openExternal: (url) => void recording.links.push(url),
    emit,
    // No check on a timer: a harness run only checks when its page or its caller asks.
    timing: { firstCheckMs: 2 ** 31 - 1, intervalMs: 2 ** 31 - 1 }
  })
  return {
    port: service,
    recording,
    stop: service.stop,
    /** Fires an updater event (tests); from then on checks wait for the script. */
    fire(step: ScriptedUpdaterEvent) {
      // Only a feed on this computer, as development's own updater takes (desktop/dev-update-feed.ts).
      if (step.event === 'feed') {
        updater.feed = devUpdateFeed(step.url)
        return
      }
      updater.scripted = true
      if (step.event === 'update-available' || step.event === 'update-downloaded') updater.emit(step.event, step.info)
      else if (step.event === 'download-progress') updater.emit(step.event, { percent: step.percent })
      else if (step.event === 'error') updater.emit('error', new Error(step.message))
      else updater.emit(step.event)
    }
  }
}

export type HarnessShell = ReturnType<typeof createHarnessShell>
