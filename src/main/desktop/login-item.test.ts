import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { app, becomeReady, electronRecording, resetElectron } from '../../../tests/support/electron-double'
import { turnOffInOs } from '../../../tests/support/electron-double-login-items'
import { createShellService } from '../app/shell-service'
import { autostartEntry, autostartEntryStarts, createLoginItem, openedAtLoginFlag, wasOpenedAtLogin } from './login-item'

const savedPlatform = Object.getOwnPropertyDescriptor(process, 'platform')!
const pretend = (platform: NodeJS.Platform) => Object.defineProperty(process, 'platform', { ...savedPlatform, value: platform })
const temp = () => mkdtempSync(join(tmpdir(), 'magpie-login-'))
const aumid = 'app.magpie.desktop'
const exe = 'C:\\Users\\민지\\AppData\\Local\\Programs\\magpie\\Magpie.exe'

beforeEach(() => {
  resetElectron()
  app.setAppUserModelId(aumid)
})
afterEach(() => Object.defineProperty(process, 'platform', savedPlatform))

/** A start of Magpie as main makes it: its profile (preferences.json) and the OS's login item. */
function start(profileDir: string, platform: NodeJS.Platform, command: string[], autostartDir = temp()) {
  const loginItem = createLoginItem({ platform, command, autostartDir })
  const shell = createShellService({ profileDir, version: '0.1.0', updater: null, loginItem, openExternal: vi.fn(), emit: vi.fn() })
  return { shell, loginItem, autostartDir }
}

/** The profile of someone who turned 시작 on in an earlier Magpie, which kept it in preferences.json. */
function profileWithSwitchOn(): string {
  const profileDir = temp()
  writeFileSync(join(profileDir, 'preferences.json'), JSON.stringify({ autoUpdate: true, openAtLogin: true }))
  return profileDir
}

describe('start at login on Windows', () => {
  beforeEach(() => pretend('win32'))

  it('flipped on, the Run value starts the exe with the tray flag, enabled, and reads back on', async () => {
    const { shell } = start(temp(), 'win32', [exe])
    await shell.setPreferences({ openAtLogin: true })
    expect(electronRecording.loginItemSettings).toEqual([{ openAtLogin: true, path: exe, args: [openedAtLoginFlag], enabled: true }])
    expect(electronRecording.loginItems.run.get(aumid)).toBe(`"${exe}" ${openedAtLoginFlag}`)
    expect(shell.view().openAtLogin).toBe(true)
    await shell.setPreferences({ openAtLogin: false })
    expect(electronRecording.loginItems.run.size).toBe(0)
    expect(shell.view().openAtLogin).toBe(false)
  })

  it('turned off in Task Manager stays off across starts, and 설정 shows it off', async () => {
    const first = start(temp(), 'win32', [exe])
    await first.shell.setPreferences({ openAtLogin: true })
    turnOffInOs(electronRecording.loginItems, aumid)
    const profileDir = profileWithSwitchOn()
    const { shell } = start(profileDir, 'win32', [exe])
    expect(electronRecording.loginItemSettings).toHaveLength(1)
    expect(electronRecording.loginItems.startupApproved.get(aumid)).toBe('disabled')
    expect(shell.view().openAtLogin).toBe(false)
    // The person turns it on in 설정 again: now it is theirs to say, and Task Manager's "off" gives way.
    await shell.setPreferences({ openAtLogin: true })
    expect(electronRecording.loginItems.startupApproved.has(aumid)).toBe(false)
    expect(shell.view().openAtLogin).toBe(true)
  })

  it('the flag on the command line says this start came from the login item', () => {
    expect(wasOpenedAtLogin('win32', ['Magpie.exe', openedAtLoginFlag])).toBe(true)
    expect(wasOpenedAtLogin('win32', ['Magpie.exe'])).toBe(false)
  })
})

describe('start at login on macOS', () => {
  beforeEach(() => pretend('darwin'))
  const bundleExe = '/Applications/Magpie.app/Contents/MacOS/Magpie'

  it('turned off in System Settings → Login Items shows off, and a start never registers it again', async () => {
    const first = start(temp(), 'darwin', [bundleExe])
    await first.shell.setPreferences({ openAtLogin: true })
    expect(electronRecording.loginItemSettings).toEqual([{ openAtLogin: true }])
    expect(first.shell.view().openAtLogin).toBe(true)
    turnOffInOs(electronRecording.loginItems, aumid)
    const { shell } = start(profileWithSwitchOn(), 'darwin', [bundleExe])
    expect(electronRecording.loginItemSettings).toHaveLength(1)
    expect(shell.view().openAtLogin).toBe(false)
  })

  it('macOS says itself whether this start came from the login item, from ready on', () => {
    electronRecording.config.openedAtLogin = true
    expect(wasOpenedAtLogin('darwin', [])).toBe(false)
    becomeReady()
    expect(wasOpenedAtLogin('darwin', [])).toBe(true)
  })
})

describe('start at login on Linux', () => {
  beforeEach(() => pretend('linux'))

  it('an XDG autostart entry, quoted, with TryExec, written and removed; Electron is not asked', async () => {
    const dir = join(temp(), 'autostart')
    // Development's entry is its own file, never the installed app's.
    await createLoginItem({ platform: 'linux', command: ['electron', '.'], autostartDir: dir, entryName: 'magpie-dev.desktop' }).set(true)
    expect(existsSync(join(dir, 'magpie-dev.desktop'))).toBe(true)
    const item = createLoginItem({ platform: 'linux', command: ['/opt/Magpie $1/magpie'], autostartDir: dir })
    await item.set(true)
    const entry = readFileSync(join(dir, 'magpie.desktop'), 'utf8')
    expect(entry).toBe(autostartEntry(['/opt/Magpie $1/magpie']))
    expect(entry).toContain(`Exec="/opt/Magpie \\$1/magpie" "${openedAtLoginFlag}"`)
    expect(entry).toContain('TryExec=/opt/Magpie $1/magpie\n')
    expect(entry).toContain('X-GNOME-Autostart-enabled=true')
    await item.set(false)
    expect(existsSync(join(dir, 'magpie.desktop'))).toBe(false)
    expect(electronRecording.loginItemSettings).toEqual([])
  })

  it.each([
    ['GNOME turned it off', (text: string) => text.replace('X-GNOME-Autostart-enabled=true', 'X-GNOME-Autostart-enabled=false')],
    ['KDE turned it off', (text: string) => `${text}Hidden=true\n`]
  ])('%s: a start leaves the entry as the person left it, and 설정 shows it off', async (_name, turnOff) => {
    const program = join(temp(), 'magpie')
    writeFileSync(program, '')
    chmodSync(program, 0o755)
    const first = start(temp(), 'linux', [program])
    await first.shell.setPreferences({ openAtLogin: true })
    expect(first.shell.view().openAtLogin).toBe(true)
    const file = join(first.autostartDir, 'magpie.desktop')
    const turnedOff = turnOff(readFileSync(file, 'utf8'))
    writeFileSync(file, turnedOff)
    const { shell } = start(profileWithSwitchOn(), 'linux', [program], first.autostartDir)
    expect(readFileSync(file, 'utf8')).toBe(turnedOff)
    expect(shell.view().openAtLogin).toBe(false)
  })

  it('an entry removed in the desktop\'s settings is not written again at start', () => {
    const autostartDir = temp()
    const { shell } = start(profileWithSwitchOn(), 'linux', ['/usr/bin/magpie'], autostartDir)
    expect(existsSync(join(autostartDir, 'magpie.desktop'))).toBe(false)
    expect(shell.view().openAtLogin).toBe(false)
  })

  it('an entry whose TryExec is gone (Magpie uninstalled or moved) does not start, and reads as off', () => {
    const dir = temp()
    mkdirSync(join(dir, 'bin'))
    expect(autostartEntryStarts(autostartEntry([join(dir, 'bin', 'magpie')]))).toBe(false)
    writeFileSync(join(dir, 'bin', 'magpie'), '')
    expect(autostartEntryStarts(autostartEntry([join(dir, 'bin', 'magpie')]))).toBe(true)
    // Only the [Desktop Entry] group counts.
    expect(autostartEntryStarts('[Desktop Entry]\nType=Application\n[Desktop Action x]\nHidden=true\n')).toBe(true)
  })
})
