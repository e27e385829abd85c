import { EventEmitter } from 'node:events'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { UpdateStatus } from '@shared/types'
import { FakeAppUpdater } from '../../../tests/support/electron-updater-double'
import { createUpdateController, plainReleaseNotes, type Updater } from './updates'

/** Fires electron-updater's events by hand (AppUpdater.d.ts); checkForUpdates resolves as told. */
class FakeUpdater extends EventEmitter {
  autoDownload = false
  autoInstallOnAppQuit = false
  checks = 0
  installs: unknown[][] = []
  result: Promise<unknown> = Promise.resolve({})
  checkForUpdates(): Promise<unknown> {
    this.checks++
    return this.result
  }
  quitAndInstall(...args: unknown[]): void {
    this.installs.push(args)
  }
}

const timing = { firstCheckMs: 1000, intervalMs: 10_000 }
afterEach(() => vi.useRealTimers())

function setup(enabled = true) {
  vi.useFakeTimers()
  const updater = new FakeUpdater()
  const seen: UpdateStatus[] = []
  const log = { warn: vi.fn() }
  const controller = createUpdateController({ updater: updater as unknown as Updater, enabled, onChange: (s) => seen.push(s), now: () => 42, log, timing })
  return { updater, seen, controller, log }
}

describe('the update controller', () => {
  it('checks after start-up and then every few hours, downloading in the background', async () => {
    const { updater, controller } = setup()
    expect(updater.autoDownload).toBe(true)
    expect(updater.autoInstallOnAppQuit).toBe(true)
    expect(updater.checks).toBe(0)
    await vi.advanceTimersByTimeAsync(timing.firstCheckMs)
    expect(updater.checks).toBe(1)
    await vi.advanceTimersByTimeAsync(timing.intervalMs)
    expect(updater.checks).toBe(2)
    controller.stop()
    await vi.advanceTimersByTimeAsync(timing.intervalMs * 3)
    expect(updater.checks).toBe(2)
  })

  it('goes checking → downloading n% → ready with plain notes, and installs only when ready', () => {
    const { updater, seen, controller } = setup()
    expect(controller.install()).toBe(false)
    updater.emit('checking-for-update')
    updater.emit('update-available', { version: '0.2.0' })
    updater.emit('download-progress', { percent: 41.7 })
    updater.emit('download-progress', { percent: 41.9 })
    updater.emit('update-downloaded', { version: '0.2.0', releaseNotes: '<p>빠른 피드</p><img src=x onerror=alert(1)>' })
    expect(seen).toEqual([
      { state: 'checking' },
      { state: 'downloading', version: '0.2.0', percent: 0 },
      { state: 'downloading', version: '0.2.0', percent: 41 },
      { state: 'ready', version: '0.2.0', notes: '빠른 피드', needsPassword: false }
    ])
    expect(controller.install()).toBe(true)
    expect(updater.installs).toEqual([[true, true]])
  })

  it('a failed or interrupted download says so and tries again at the next check; a ready one stays ready', async () => {
    const { updater, controller, log } = setup()
    updater.emit('update-available', { version: '0.2.0' })
    updater.emit('error', new Error('net::ERR_CONNECTION_RESET'))
    expect(controller.status()).toEqual({ state: 'failed' })
    expect(log.warn).toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(timing.firstCheckMs)
    expect(updater.checks).toBe(1)
    updater.emit('update-downloaded', { version: '0.2.0' })
    updater.emit('error', new Error('later'))
    expect(controller.status()).toMatchObject({ state: 'ready' })
  })

  it('no update: idle, with when it was checked', () => {
    const { updater, controller } = setup()
    updater.emit('checking-for-update')
    updater.emit('update-not-available', { version: '0.1.0' })
    expect(controller.status()).toEqual({ state: 'idle', checkedAt: 42 })
  })

  it('off: no checks on the timer and no install at quit, but a check asked for still runs', async () => {
    const { updater, controller } = setup(false)
    expect(controller.status()).toEqual({ state: 'off', checkedAt: null })
    expect(updater.autoInstallOnAppQuit).toBe(false)
    await vi.advanceTimersByTimeAsync(timing.intervalMs * 2)
    expect(updater.checks).toBe(0)
    controller.check()
    expect(updater.checks).toBe(1)
    controller.setEnabled(true)
    expect(updater.autoInstallOnAppQuit).toBe(true)
    await vi.advanceTimersByTimeAsync(1)
    expect(updater.checks).toBe(2)
  })

  it('a rejected check is never unhandled; electron-updater declining (null) means unsupported', async () => {
    const { updater, controller } = setup()
    updater.result = Promise.reject(new Error('offline'))
    controller.check()
    await vi.advanceTimersByTimeAsync(0)
    expect(controller.status()).toEqual({ state: 'failed' })
    updater.result = Promise.resolve(null)
    controller.check()
    await vi.advanceTimersByTimeAsync(0)
    expect(controller.status()).toEqual({ state: 'unsupported' })
  })

  it('without an updater (development, the harness) is unsupported and does nothing', () => {
    const controller = createUpdateController({ updater: null, enabled: true, onChange: vi.fn() })
    controller.check()
    expect(controller.status()).toEqual({ state: 'unsupported' })
    expect(controller.install()).toBe(false)
  })
})

describe('plainReleaseNotes', () => {
  it('turns HTML into text (never markup), decodes a few entities and caps the length', () => {
    expect(plainReleaseNotes('<h2>0.2.0</h2><ul><li>하트 &amp; 댓글</li><li>&lt;b&gt;</li></ul>')).toBe('0.2.0\n• 하트 & 댓글\n• <b>')
    expect(plainReleaseNotes([{ version: '0.2.0', note: '하나' }, { version: '0.1.9', note: null }])).toBe('하나')
    expect(plainReleaseNotes(null)).toBe('')
    expect([...plainReleaseNotes('가'.repeat(3000))]).toHaveLength(2001)
  })
})

describe('installing, as electron-updater 6.8 runs it', () => {
  const statuses = (updater: FakeAppUpdater, privilegedInstall?: (file: string) => Promise<void>) => {
    const seen: UpdateStatus[] = []
    const controller = createUpdateController({ updater, enabled: true, onChange: (s) => seen.push(s), timing: { firstCheckMs: 2 ** 30, intervalMs: 2 ** 30 }, privilegedInstall })
    return { seen, controller }
  }

  it('on Windows 다시 시작 installs silently and Magpie starts again: no wizard, no Finish page', () => {
    const updater = new FakeAppUpdater('nsis')
    const { controller } = statuses(updater)
    updater.downloaded('0.2.0')
    expect(controller.install()).toBe(true)
    expect(updater.runs).toEqual([expect.objectContaining({ trigger: 'quitAndInstall', wizard: false, relaunch: true })])
    expect(updater.runs[0]!.command).toEqual(expect.arrayContaining(['--updated', '/S', '--force-run']))
    controller.stop()
  })

  it('on Windows a download waiting at quit installs silently then, as before', () => {
    const updater = new FakeAppUpdater('nsis')
    const { controller } = statuses(updater)
    updater.downloaded('0.2.0')
    updater.appQuit(0)
    expect(updater.runs).toEqual([expect.objectContaining({ trigger: 'quit', wizard: false, relaunch: false })])
    controller.stop()
  })

  it('from a .deb, nothing ever installs at quit: no password prompt after the window closed or at logout', () => {
    const updater = new FakeAppUpdater('deb')
    const privilegedInstall = vi.fn(() => Promise.resolve())
    const { controller, seen } = statuses(updater, privilegedInstall)
    expect(updater.autoInstallOnAppQuit).toBe(false)
    controller.setEnabled(false)
    controller.setEnabled(true)
    expect(updater.autoInstallOnAppQuit).toBe(false)
    updater.downloaded('0.2.0', '/home/m/.cache/magpie-updater/pending/magpie 0.2.0.deb')
    // 설정 says first that the system will ask for the password.
    expect(seen.at(-1)).toEqual({ state: 'ready', version: '0.2.0', notes: '', needsPassword: true })
    updater.appQuit(0)
    expect(updater.runs).toEqual([])
    controller.stop()
  })

  it('from a .deb, 다시 시작 runs the privileged install beside main, never electron-updater\'s blocking one', async () => {
    const updater = new FakeAppUpdater('deb')
    let refuse: (error: Error) => void = () => {}
    const privilegedInstall = vi.fn(() => new Promise<void>((_resolve, reject) => (refuse = reject)))
    const log = { warn: vi.fn() }
    const controller = createUpdateController({ updater, enabled: true, onChange: () => {}, log, timing: { firstCheckMs: 2 ** 30, intervalMs: 2 ** 30 }, privilegedInstall })
    updater.downloaded('0.2.0', '/tmp/pending/magpie-0.2.0.deb')
    expect(controller.install()).toBe(true)
    expect(privilegedInstall).toHaveBeenCalledExactlyOnceWith('/tmp/pending/magpie-0.2.0.deb')
    // A second press while the password prompt is open starts nothing more.
    expect(controller.install()).toBe(false)
    expect(updater.installs).toEqual([])
    expect(updater.runs).toEqual([])
    // The person cancels the prompt: the update stays ready, to be tried again.
    refuse(new Error('pkexec exited with 126'))
    await vi.waitFor(() => expect(log.warn).toHaveBeenCalledWith('[updates] install failed', expect.any(Error)))
    expect(controller.status()).toMatchObject({ state: 'ready', needsPassword: true })
    expect(controller.install()).toBe(true)
    expect(privilegedInstall).toHaveBeenCalledTimes(2)
    controller.stop()
  })
})
