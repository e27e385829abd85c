import { beforeEach, describe, expect, it } from 'vitest'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { BrowserWindow } from 'electron'
import { becomeReady, callsTo, electronRecording, fakeDisplay, nativeTheme, resetElectron, setOsDark, type FakeBrowserWindow } from '../../../tests/support/electron-double'
import { createMainWindow, keepRunningOnClose, placeWindow, windowBackground } from './window'

// The window is made after ready: screen cannot be used before it.
beforeEach(() => {
  resetElectron()
  becomeReady()
})

function windowWithSaved(saved: unknown): FakeBrowserWindow {
  const file = join(mkdtempSync(join(tmpdir(), 'magpie-window-')), 'window.json')
  writeFileSync(file, JSON.stringify(saved))
  createMainWindow({ preload: '/p.cjs', boundsFile: file, icon: '/i.png' })
  return electronRecording.windows.at(-1)!
}

const laptop = fakeDisplay({ x: 0, y: 0, width: 1920, height: 1080 }, 1)
const rightScreen = fakeDisplay({ x: 1920, y: 0, width: 1280, height: 1024 }, 2)

describe('placeWindow', () => {
  const saved = { x: 100, y: 80, width: 1000, height: 700 }

  it('keeps a place whose title bar is on a screen', () => {
    expect(placeWindow(saved, [laptop], laptop)).toEqual(saved)
    // Mostly off to the right, but 100 px of title bar still on the laptop screen.
    expect(placeWindow({ ...saved, x: 1820 }, [laptop], laptop)).toMatchObject({ x: 1820, y: 80 })
    // On the second screen while it is connected.
    expect(placeWindow({ ...saved, x: 2000 }, [laptop, rightScreen], laptop)).toMatchObject({ x: 2000 })
  })

  it.each([
    ['overlaps a screen by 1 px', { x: 1919, y: 80 }],
    ['only 99 px of title bar on the screen', { x: 1821, y: 80 }],
    ['title bar above the screen, the window below its top edge', { x: 100, y: -30 }],
    ['title bar under the taskbar (below the work area)', { x: 100, y: 1030 }],
    ['on a screen that was unplugged', { x: 2000, y: 80 }],
    ['far away', { x: 90000, y: 90000 }]
  ])('centres on the primary screen when the saved place %s', (_name, place) => {
    const placed = placeWindow({ ...saved, ...place }, [laptop], laptop)
    expect(placed).toEqual({ x: (1920 - 1000) / 2, y: (1040 - 700) / 2, width: 1000, height: 700, maximized: undefined })
  })

  it('clamps a saved size bigger than the primary work area, never below the minimum', () => {
    const small = fakeDisplay({ x: 0, y: 0, width: 1280, height: 720 })
    expect(placeWindow({ x: 5000, y: 5000, width: 2560, height: 1440 }, [small], small)).toEqual({
      x: 0,
      y: 0,
      width: 1280,
      height: 680,
      maximized: undefined
    })
    const tiny = fakeDisplay({ x: 0, y: 0, width: 300, height: 400 })
    expect(placeWindow({ width: 200, height: 200 }, [tiny], tiny)).toMatchObject({ width: 380, height: 520 })
  })

  it('centres a saved size without a place, keeping it maximized if it was', () => {
    expect(placeWindow({ width: 800, height: 600, maximized: true }, [laptop], laptop)).toEqual({
      x: 560,
      y: 220,
      width: 800,
      height: 600,
      maximized: true
    })
  })
})

describe('createMainWindow', () => {
  it('opens at the saved place on a connected screen', () => {
    electronRecording.config.displays = [laptop, rightScreen]
    const window = windowWithSaved({ x: 2000, y: 100, width: 900, height: 700 })
    expect(window.options).toMatchObject({ x: 2000, y: 100, width: 900, height: 700, show: false })
  })

  it('moves a window whose saved place is no longer reachable to the primary screen', () => {
    electronRecording.config.displays = [laptop]
    const window = windowWithSaved({ x: 2000, y: 100, width: 900, height: 700 })
    expect(window.options).toMatchObject({ x: 510, y: 170, width: 900, height: 700 })
  })

  it('uses the defaults for a damaged file', () => {
    for (const saved of [{ width: 'wide', height: 700 }, null, { x: 1, y: 2 }]) {
      const window = windowWithSaved(saved)
      expect(window.options).toMatchObject({ width: 1180, height: 860 })
    }
  })

  it('a window restored maximized stays hidden until its page is ready, then shows maximized', () => {
    const window = windowWithSaved({ x: 10, y: 10, width: 900, height: 700, maximized: true })
    expect(window.options).not.toHaveProperty('maximized')
    expect(window.isVisible()).toBe(false)
    expect(window.isMaximized()).toBe(false)
    window.emit('ready-to-show')
    expect(window.isMaximized()).toBe(true)
    expect(window.isVisible()).toBe(true)
  })
})

describe('window background', () => {
  it('is the page background of the scheme in force, from the first frame', () => {
    expect(windowWithSaved({}).options.backgroundColor).toBe(windowBackground.light)
    setOsDark(true)
    expect(windowWithSaved({}).options.backgroundColor).toBe(windowBackground.dark)
    // global.css's --paper in each scheme.
    expect(windowBackground).toEqual({ light: '#fbf9f6', dark: '#141311' })
  })

  it('follows the OS switching mode and the scheme chosen in 설정, until the window closes', () => {
    const window = windowWithSaved({})
    setOsDark(true)
    nativeTheme.themeSource = 'light'
    nativeTheme.themeSource = 'system'
    expect(window.backgroundColors).toEqual([windowBackground.dark, windowBackground.light, windowBackground.dark])
    window.destroy()
    setOsDark(false)
    expect(window.backgroundColors).toHaveLength(3)
    expect(nativeTheme.listenerCount('updated')).toBe(0)
  })
})

describe('keepRunningOnClose', () => {
  function setup(platform: NodeJS.Platform) {
    let quitting = false
    const window = windowWithSaved({ width: 900, height: 700 })
    keepRunningOnClose(window as unknown as BrowserWindow, platform, () => quitting)
    window.emit('ready-to-show')
    return { window, quit: () => (quitting = true) }
  }

  it.each(['win32', 'darwin'] as const)('on %s hides the window to the tray, and closes it once quitting', (os) => {
    const { window, quit } = setup(os)
    expect(window.close().defaultPrevented).toBe(true)
    expect(window.isVisible()).toBe(false)
    expect(window.isMinimized()).toBe(false)
    expect(window.isDestroyed()).toBe(false)
    quit()
    expect(window.close().defaultPrevented).toBe(false)
    expect(window.isDestroyed()).toBe(true)
  })

  // Decision 039: closing is not leaving the editor. The page stays loaded, so its unsaved writing
  // is there when the window comes back; only quitting unloads it.
  it.each(['win32', 'darwin', 'linux'] as const)('on %s keeps the page loaded, an editor in it untouched, until quitting', (os) => {
    const { window, quit } = setup(os)
    window.close()
    expect(window.webContents.isDestroyed()).toBe(false)
    expect(callsTo('BrowserWindow.destroy')).toEqual([])
    quit()
    window.close()
    expect(window.webContents.isDestroyed()).toBe(true)
  })

  it('on Linux minimizes instead, so a desktop without a tray host still shows Magpie running', () => {
    const { window, quit } = setup('linux')
    expect(window.close().defaultPrevented).toBe(true)
    expect(window.isMinimized()).toBe(true)
    expect(window.isDestroyed()).toBe(false)
    quit()
    expect(window.close().defaultPrevented).toBe(false)
    expect(window.isDestroyed()).toBe(true)
  })
})

describe('started at login', () => {
  const open = (atLogin: NodeJS.Platform) => {
    const window = createMainWindow({ preload: 'p', boundsFile: join(mkdtempSync(join(tmpdir(), 'magpie-login-')), 'w.json'), icon: 'i', atLogin })
    ;(window as unknown as FakeBrowserWindow).emit('ready-to-show')
    return window as unknown as FakeBrowserWindow
  }

  it('on Windows and macOS stays hidden: the tray has it', () => {
    for (const os of ['win32', 'darwin'] as const) expect(open(os).isVisible()).toBe(false)
  })

  it('on Linux is minimized, since the tray may not show', () => {
    const window = open('linux')
    expect(window.isMinimized()).toBe(true)
    expect(callsTo('BrowserWindow.show')).toEqual([])
  })
})
