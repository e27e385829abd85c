import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, type Mock, vi } from 'vitest'
import { FakeAppUpdater } from '../../../tests/support/electron-updater-double'
import { createShellService, type LoginItem, webLinkUrl } from './shell-service'

const timing = { firstCheckMs: 2 ** 30, intervalMs: 2 ** 30 }

/** An OS list that keeps one switch: what set() wrote, unless the person turned it off there. */
function osLoginItem(on = false) {
  const item = { on, isEnabled: vi.fn(() => item.on), set: vi.fn((next: boolean) => void (item.on = next)) }
  return item
}

function setup(profileDir = mkdtempSync(join(tmpdir(), 'magpie-shell-')), loginItem: LoginItem & { set: Mock } = osLoginItem()) {
  const updater = new FakeAppUpdater('nsis')
  vi.spyOn(updater, 'checkForUpdates')
  vi.spyOn(updater, 'quitAndInstall')
  const emit = vi.fn()
  const openExternal = vi.fn()
  const shell = createShellService({ profileDir, version: '0.1.0', updater, loginItem, openExternal, emit, timing })
  return { shell, updater, emit, loginItem, profileDir, openExternal }
}

describe('the shell service', () => {
  it('starts with updates on, the stable channel, and start at login as the OS says', () => {
    const { shell, loginItem } = setup()
    expect(shell.view()).toEqual({ version: '0.1.0', autoUpdate: true, openAtLogin: false, updateChannel: 'stable', update: { state: 'idle', checkedAt: null } })
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
    // Start at login is the OS's to keep: never saved here.
    expect(JSON.parse(readFileSync(join(profileDir, 'preferences.json'), 'utf8'))).toEqual({ autoUpdate: false, updateChannel: 'stable' })
    shell.stop()
    const again = setup(profileDir, loginItem)
    expect(again.shell.view()).toMatchObject({ openAtLogin: true, autoUpdate: false })
    again.shell.stop()
  })

  it('never writes the login item at start, and shows the switch turned off in the OS as off', () => {
    const profileDir = mkdtempSync(join(tmpdir(), 'magpie-shell-'))
    // An older Magpie kept the switch in its preferences and said it to the OS at every start.
    writeFileSync(join(profileDir, 'preferences.json'), JSON.stringify({ autoUpdate: true, openAtLogin: true }))
    const loginItem = osLoginItem(false)
    const { shell } = setup(profileDir, loginItem)
    expect(loginItem.set).not.toHaveBeenCalled()
    expect(shell.view().openAtLogin).toBe(false)
    // Turned on again in the OS's list: 설정 shows it at the next look.
    loginItem.on = true
    expect(shell.view().openAtLogin).toBe(true)
    shell.stop()
  })

  it('a login item the OS refuses changes nothing saved', async () => {
    const { shell, profileDir } = setup(undefined, { isEnabled: () => false, set: vi.fn(() => Promise.reject(new Error('EACCES'))) })
    await expect(shell.setPreferences({ openAtLogin: true })).rejects.toThrow('EACCES')
    expect(shell.view().openAtLogin).toBe(false)
    expect(() => readFileSync(join(profileDir, 'preferences.json'))).toThrow()
    shell.stop()
  })

  it('a login item the OS cannot read shows as off, never a failed 설정', () => {
    const log = { warn: vi.fn() }
    const profileDir = mkdtempSync(join(tmpdir(), 'magpie-shell-'))
    const shell = createShellService({
      profileDir,
      version: '0.1.0',
      updater: null,
      loginItem: { isEnabled: () => { throw new Error('registry') }, set: vi.fn() },
      openExternal: vi.fn(),
      emit: vi.fn(),
      log,
      timing
    })
    expect(shell.view().openAtLogin).toBe(false)
    expect(log.warn).toHaveBeenCalledWith('[login item]', expect.any(Error))
    shell.stop()
  })

  it('a damaged preferences file is the defaults', () => {
    const profileDir = mkdtempSync(join(tmpdir(), 'magpie-shell-'))
    writeFileSync(join(profileDir, 'preferences.json'), '{"autoUpdate": "yes", "updateChannel": "nightly"')
    const { shell } = setup(profileDir)
    expect(shell.view()).toMatchObject({ autoUpdate: true, openAtLogin: false, updateChannel: 'stable' })
    shell.stop()
  })

  it('the 베타 channel reads beta.yml with prereleases, never downgrading; back on 안정 it reads latest.yml', async () => {
    const { shell, updater, profileDir } = setup()
    expect(updater).toMatchObject({ channel: 'latest', allowPrerelease: false, allowDowngrade: false })
    await shell.setPreferences({ updateChannel: 'beta' })
    expect(updater).toMatchObject({ channel: 'beta', allowPrerelease: true, allowDowngrade: false })
    expect(JSON.parse(readFileSync(join(profileDir, 'preferences.json'), 'utf8'))).toEqual({ autoUpdate: true, updateChannel: 'beta' })
    await shell.setPreferences({ updateChannel: 'stable' })
    expect(updater).toMatchObject({ channel: 'latest', allowPrerelease: false, allowDowngrade: false })
    shell.stop()
  })

  it('checks when asked, tells each step to the page, and restarts only into a downloaded version', () => {
    const { shell, updater, emit } = setup()
    shell.checkForUpdates()
    expect(updater.checkForUpdates).toHaveBeenCalledOnce()
    shell.restartToUpdate()
    expect(updater.quitAndInstall).not.toHaveBeenCalled()
    updater.emit('update-downloaded', { version: '0.2.0', releaseNotes: '새 기능' })
    expect(emit).toHaveBeenLastCalledWith(
      'shell:changed',
      expect.objectContaining({ update: { state: 'ready', version: '0.2.0', notes: '새 기능', needsPassword: false } })
    )
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
