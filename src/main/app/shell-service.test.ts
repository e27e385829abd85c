import { EventEmitter } from 'node:events'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { createShellService, webLinkUrl } from './shell-service'
import type { Updater } from './updates'

const timing = { firstCheckMs: 2 ** 30, intervalMs: 2 ** 30 }

function setup(profileDir = mkdtempSync(join(tmpdir(), 'magpie-shell-')), loginItem = { set: vi.fn() }) {
  const updater = Object.assign(new EventEmitter(), {
    autoDownload: false,
    autoInstallOnAppQuit: false,
    checkForUpdates: vi.fn(() => Promise.resolve({})),
    quitAndInstall: vi.fn()
  })
  const emit = vi.fn()
  const openExternal = vi.fn()
  const shell = createShellService({ profileDir, version: '0.1.0', updater: updater as unknown as Updater, loginItem, openExternal, emit, timing })
  return { shell, updater, emit, loginItem, profileDir, openExternal }
}

describe('the shell service', () => {
  it('starts with updates on and start at login off', () => {
    const { shell, loginItem } = setup()
    expect(shell.view()).toEqual({ version: '0.1.0', autoUpdate: true, openAtLogin: false, update: { state: 'idle', checkedAt: null } })
    expect(loginItem.set).not.toHaveBeenCalled()
    shell.stop()
  })

  it('saves each change in the profile, hands start at login to the OS and tells the page', async () => {
    const { shell, loginItem, emit, profileDir, updater } = setup()
    const view = await shell.setPreferences({ openAtLogin: true, autoUpdate: false })
    expect(view).toMatchObject({ openAtLogin: true, autoUpdate: false, update: { state: 'off' } })
    expect(loginItem.set).toHaveBeenCalledExactlyOnceWith(true)
    expect(updater.autoInstallOnAppQuit).toBe(false)
    expect(emit).toHaveBeenLastCalledWith('shell:changed', view)
    expect(JSON.parse(readFileSync(join(profileDir, 'preferences.json'), 'utf8'))).toEqual({ autoUpdate: false, openAtLogin: true })
    shell.stop()
    // The next start reads them back, and says the login item again so it names this version's executable.
    const again = setup(profileDir)
    expect(again.shell.view()).toMatchObject({ openAtLogin: true, autoUpdate: false })
    expect(again.loginItem.set).toHaveBeenCalledWith(true)
    again.shell.stop()
  })

  it('a login item the OS refuses changes nothing saved', async () => {
    const { shell, profileDir } = setup(undefined, { set: vi.fn(() => Promise.reject(new Error('EACCES'))) })
    await expect(shell.setPreferences({ openAtLogin: true })).rejects.toThrow('EACCES')
    expect(shell.view().openAtLogin).toBe(false)
    expect(() => readFileSync(join(profileDir, 'preferences.json'))).toThrow()
    shell.stop()
  })

  it('a damaged preferences file is the defaults', () => {
    const profileDir = mkdtempSync(join(tmpdir(), 'magpie-shell-'))
    writeFileSync(join(profileDir, 'preferences.json'), '{"autoUpdate": "yes"')
    const { shell } = setup(profileDir)
    expect(shell.view()).toMatchObject({ autoUpdate: true, openAtLogin: false })
    shell.stop()
  })

  it('checks when asked, tells each step to the page, and restarts only into a downloaded version', () => {
    const { shell, updater, emit } = setup()
    shell.checkForUpdates()
    expect(updater.checkForUpdates).toHaveBeenCalledOnce()
    shell.restartToUpdate()
    expect(updater.quitAndInstall).not.toHaveBeenCalled()
    updater.emit('update-downloaded', { version: '0.2.0', releaseNotes: '새 기능' })
    expect(emit).toHaveBeenLastCalledWith('shell:changed', expect.objectContaining({ update: { state: 'ready', version: '0.2.0', notes: '새 기능' } }))
    shell.restartToUpdate()
    expect(updater.quitAndInstall).toHaveBeenCalledOnce()
    shell.stop()
  })
})

describe('links from text', () => {
  it.each([
    ['https://example.com', 'https://example.com/'],
    ['http://example.com/a?b=1#c', 'http://example.com/a?b=1#c'],
    ['HTTP://Example.COM/한강', 'http://example.com/%ED%95%9C%EA%B0%95']
  ])('lets %s through as %s', (raw, expected) => {
    expect(webLinkUrl(raw)).toBe(expected)
  })

  it.each(['javascript:alert(1)', 'file:///etc/passwd', 'magpie://detail/x', 'https://user:pw@example.com/', 'https://bank.example@evil.example/', 'data:text/html,hi', 'example.com', ''])(
    'refuses %s',
    (raw) => {
      expect(webLinkUrl(raw)).toBeNull()
    }
  )

  it('hands only a checked link to the OS', () => {
    const { shell, openExternal } = setup()
    shell.openLink('javascript:alert(1)')
    shell.openLink('https://example.com/x')
    expect(openExternal).toHaveBeenCalledExactlyOnceWith('https://example.com/x')
    shell.stop()
  })
})
