import { beforeEach, describe, expect, it, vi } from 'vitest'
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { WebContents } from 'electron'
import { becomeReady, electronRecording, FakeWebContents, fakeEvent, resetElectron } from '../../../tests/support/electron-double'
import { autostartEntry, createLoginItem, openedAtLoginFlag, wasOpenedAtLogin } from './login-item'
import { keepZoom } from './zoom'

beforeEach(() => resetElectron())
const temp = () => mkdtempSync(join(tmpdir(), 'magpie-shell-'))
/** A webContents showing the app's page: zoom is a no-op before a page is live. */
function loaded(): FakeWebContents {
  const contents = new FakeWebContents()
  contents.mainFrame.url = 'app://magpie/index.html'
  return contents
}

describe('zoom per copy', () => {
  it('steps in, out and back, keeps the level in the profile, and puts it back on every load', async () => {
    const file = join(temp(), 'zoom.json')
    const contents = loaded()
    const zoom = keepZoom(contents as unknown as WebContents, file)
    zoom('in')
    zoom('in')
    zoom('out')
    expect(contents.zoomLevel).toBe(0.5)
    await vi.waitFor(() => expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ level: 0.5 }))
    // Ctrl+wheel.
    contents.emit('zoom-changed', fakeEvent(), 'in')
    expect(contents.zoomLevel).toBe(1)
    await vi.waitFor(() => expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ level: 1 }))

    const next = loaded()
    keepZoom(next as unknown as WebContents, file)
    next.emit('did-finish-load')
    expect(next.zoomLevel).toBe(1)
  })

  it('stays within ±3 and ignores a damaged file', () => {
    const file = join(temp(), 'zoom.json')
    writeFileSync(file, '{"level": "huge"}')
    const contents = loaded()
    const zoom = keepZoom(contents as unknown as WebContents, file)
    contents.emit('did-finish-load')
    expect(contents.zoomLevel).toBe(0)
    for (let i = 0; i < 20; i++) zoom('in')
    expect(contents.zoomLevel).toBe(3)
    zoom('reset')
    expect(contents.zoomLevel).toBe(0)
  })
})

describe('start at login', () => {
  it('on Windows, the OS list starts the executable with the flag that keeps it in the tray', async () => {
    await createLoginItem({ platform: 'win32', command: ['C:\\Magpie\\Magpie.exe'], autostartDir: temp() }).set(true)
    await createLoginItem({ platform: 'win32', command: ['C:\\Magpie\\Magpie.exe'], autostartDir: temp() }).set(false)
    expect(electronRecording.loginItemSettings).toEqual([
      { openAtLogin: true, path: 'C:\\Magpie\\Magpie.exe', args: [openedAtLoginFlag] },
      { openAtLogin: false, path: 'C:\\Magpie\\Magpie.exe', args: [openedAtLoginFlag] }
    ])
    expect(wasOpenedAtLogin('win32', ['Magpie.exe', openedAtLoginFlag])).toBe(true)
    expect(wasOpenedAtLogin('win32', ['Magpie.exe'])).toBe(false)
  })

  it('on macOS, the OS list, which also says whether this start came from it', async () => {
    await createLoginItem({ platform: 'darwin', command: ['/Applications/Magpie.app/Contents/MacOS/Magpie'], autostartDir: temp() }).set(true)
    expect(electronRecording.loginItemSettings).toEqual([{ openAtLogin: true }])
    electronRecording.config.openedAtLogin = true
    // Known only from ready on.
    expect(wasOpenedAtLogin('darwin', [])).toBe(false)
    becomeReady()
    expect(wasOpenedAtLogin('darwin', [])).toBe(true)
  })

  it('on Linux, an XDG autostart entry, quoted, written and removed', async () => {
    const dir = join(temp(), 'autostart')
    // Development's entry is its own file, never the installed app's.
    await createLoginItem({ platform: 'linux', command: ['electron', '.'], autostartDir: dir, entryName: 'magpie-dev.desktop' }).set(true)
    expect(existsSync(join(dir, 'magpie-dev.desktop'))).toBe(true)
    const item = createLoginItem({ platform: 'linux', command: ['/opt/Magpie $1/magpie'], autostartDir: dir })
    await item.set(true)
    const entry = readFileSync(join(dir, 'magpie.desktop'), 'utf8')
    expect(entry).toBe(autostartEntry(['/opt/Magpie $1/magpie']))
    expect(entry).toContain(`Exec="/opt/Magpie \\$1/magpie" "${openedAtLoginFlag}"`)
    expect(entry).toContain('X-GNOME-Autostart-enabled=true')
    await item.set(false)
    expect(existsSync(join(dir, 'magpie.desktop'))).toBe(false)
    expect(electronRecording.loginItemSettings).toEqual([])
  })
})
