import type { UpdateChannel, UpdateStatus } from '@shared/types'

/** The part of electron-updater's AppUpdater the controller drives (electron-updater 6, AppUpdater.d.ts). */
export interface Updater {
  autoDownload: boolean
  autoInstallOnAppQuit: boolean
  /** The feed's channel file (latest.yml, beta.yml); setting it turns allowDowngrade on (AppUpdater.js:33-45). */
  channel: string | null
  allowPrerelease: boolean
  allowDowngrade: boolean
  on(event: 'checking-for-update' | 'update-not-available' | 'update-cancelled', listener: () => void): unknown
  on(event: 'update-available', listener: (info: UpdateInfo) => void): unknown
  on(event: 'update-downloaded', listener: (info: UpdateInfo & { downloadedFile?: string }) => void): unknown
  on(event: 'download-progress', listener: (progress: { percent: number }) => void): unknown
  on(event: 'error', listener: (error: Error) => void): unknown
  checkForUpdates(): Promise<unknown>
  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean): void
}

/** builder-util-runtime's UpdateInfo, as far as the prompt reads it. */
export interface UpdateInfo {
  version: string
  releaseNotes?: string | readonly { version: string; note: string | null }[] | null
}

export const updateTiming = {
  /** The first check waits until start-up is over. */
  firstCheckMs: 15_000,
  /** Then every few hours: the app may live in the tray for weeks. */
  intervalMs: 4 * 60 * 60 * 1000
}

const notesMax = 2000

/**
 * Release notes as plain text. GitHub's come as HTML, and nothing a release says is ever
 * rendered as HTML: tags become line breaks or nothing, a few entities are decoded, the rest is
 * text for React to escape.
 */
export function plainReleaseNotes(notes: UpdateInfo['releaseNotes']): string {
  const raw = typeof notes === 'string' ? notes : (notes ?? []).map((entry) => entry.note ?? '').join('\n')
  const text = raw
    .replace(/<\s*(br|\/p|\/li|\/h\d|\/div)\s*\/?>/gi, '\n')
    .replace(/<\s*li[^>]*>/gi, '• ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(lt|gt|quot|#39|apos|nbsp|amp);/g, (_m, name: string) =>
      ({ lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ', amp: '&' })[name]!
    )
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
  const chars = [...text]
  return chars.length > notesMax ? `${chars.slice(0, notesMax).join('')}…` : text
}

export interface UpdateController {
  status(): UpdateStatus
  /** The 설정 switch: on checks now and on a timer, off stops checking (a ready update stays ready). */
  setEnabled(enabled: boolean): void
  /** A check asked for by the person: it runs (and downloads) even with automatic updates off. */
  check(): void
  /** 안정 or 베타, from the next check on. */
  setChannel(channel: UpdateChannel): void
  /** Quits and installs, only when a download is complete. */
  install(): boolean
  stop(): void
}

/**
 * Automatic updates over electron-updater: a check after start-up and every few hours,
 * the download in the background, and the new version installed when the person says so
 * (다시 시작) or at their next quit. electron-updater verifies the download's sha512 before it
 * is installed and keeps it apart from the installed app, so an interrupted or failed
 * download leaves the installed app as it was; the next check tries again.
 */
export function createUpdateController(options: {
  /** null: this copy cannot update itself (development, the harness). */
  updater: Updater | null
  enabled: boolean
  channel?: UpdateChannel
  /**
   * A .deb: installing needs the administrator (pkexec), which electron-updater would ask for in
   * a spawnSync — at quit, after the window closed, or at logout when nobody can answer. Given,
   * nothing installs at quit and 다시 시작 runs this instead, without blocking main.
   */
  privilegedInstall?: (downloadedFile: string) => Promise<void>
  onChange: (status: UpdateStatus) => void
  now?: () => number
  log?: { warn(...args: unknown[]): void }
  timing?: typeof updateTiming
}): UpdateController {
  const { updater } = options
  const now = options.now ?? Date.now
  const timing = options.timing ?? updateTiming
  let enabled = options.enabled
  let checkedAt: number | null = null
  let state: UpdateStatus = !updater ? { state: 'unsupported' } : enabled ? { state: 'idle', checkedAt } : { state: 'off', checkedAt }
  let timer: ReturnType<typeof setTimeout> | null = null
  let checking = false
  let downloadedFile: string | null = null
  let installing = false
  const privileged = options.privilegedInstall

  const set = (next: UpdateStatus) => {
    if (JSON.stringify(next) === JSON.stringify(state)) return
    state = next
    options.onChange(state)
  }
  const resting = (): UpdateStatus => (enabled ? { state: 'idle', checkedAt } : { state: 'off', checkedAt })
  const downloadingOrReady = () => state.state === 'downloading' || state.state === 'ready'

  const run = () => {
    if (!updater || checking || state.state === 'ready') return
    checking = true
    updater.checkForUpdates().then(
      (result) => {
        // null: electron-updater declined to check (not packaged, no app-update.yml).
        if (result === null) set({ state: 'unsupported' })
      },
      (error: unknown) => {
        // The 'error' event says it too; a rejection alone must not go unhandled.
        options.log?.warn('[updates] check failed', error)
        if (!downloadingOrReady() && state.state !== 'failed') set({ state: 'failed' })
      }
    ).finally(() => {
      checking = false
    })
  }

  const schedule = (delay: number) => {
    if (timer) clearTimeout(timer)
    timer = null
    if (!updater || !enabled) return
    timer = setTimeout(() => {
      run()
      schedule(timing.intervalMs)
    }, delay)
    timer.unref?.()
  }

  const setChannel = (channel: UpdateChannel) => {
    if (!updater) return
    // beta.yml lists the beta and every later stable release (electron-builder.yml:
    // generateUpdatesFilesForAllChannels). No downgrade either way: back on 안정, a beta stays
    // until a stable release passes it.
    updater.channel = channel === 'beta' ? 'beta' : 'latest'
    updater.allowPrerelease = channel === 'beta'
    updater.allowDowngrade = false
  }

  if (updater) {
    updater.autoDownload = true
    updater.autoInstallOnAppQuit = enabled && !privileged
    setChannel(options.channel ?? 'stable')
    updater.on('checking-for-update', () => {
      if (!downloadingOrReady()) set({ state: 'checking' })
    })
    updater.on('update-not-available', () => {
      checkedAt = now()
      set(resting())
    })
    updater.on('update-available', (info) => set({ state: 'downloading', version: info.version, percent: 0 }))
    updater.on('download-progress', (progress) => {
      if (state.state !== 'downloading') return
      const percent = Math.max(0, Math.min(100, Math.floor(progress.percent)))
      if (percent !== state.percent) set({ ...state, percent })
    })
    updater.on('update-downloaded', (info) => {
      checkedAt = now()
      downloadedFile = info.downloadedFile ?? null
      set({ state: 'ready', version: info.version, notes: plainReleaseNotes(info.releaseNotes), needsPassword: Boolean(privileged) })
    })
    updater.on('update-cancelled', () => set(resting()))
    updater.on('error', (error) => {
      options.log?.warn('[updates]', error)
      // A ready download stays ready; anything else is told once and tried again at the next check.
      if (state.state !== 'ready') set({ state: 'failed' })
    })
    schedule(timing.firstCheckMs)
  }

  return {
    status: () => state,
    setEnabled(next) {
      if (!updater || next === enabled) return
      enabled = next
      updater.autoInstallOnAppQuit = next && !privileged
      if (!downloadingOrReady() && state.state !== 'checking') set(resting())
      schedule(next ? 0 : timing.intervalMs)
    },
    setChannel,
    check() {
      run()
    },
    install() {
      if (!updater || state.state !== 'ready') return false
      if (privileged) {
        if (installing || !downloadedFile) return false
        installing = true
        // The system's password prompt runs beside a working window; a refusal leaves the update ready.
        privileged(downloadedFile)
          .catch((error: unknown) => options.log?.warn('[updates] install failed', error))
          .finally(() => {
            installing = false
          })
        return true
      }
      // Silent: electron-updater ignores isForceRunAfter otherwise and NSIS ends on its Finish page
      // (BaseUpdater.js:13-16; installSection.nsh:104-109); forced: Magpie comes back by itself.
      updater.quitAndInstall(true, true)
      return true
    },
    stop() {
      if (timer) clearTimeout(timer)
      timer = null
    }
  }
}
