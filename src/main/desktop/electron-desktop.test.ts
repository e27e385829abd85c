import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { BrowserWindow, Tray } from 'electron'
import { renderBadgeIcon } from '../media/badge-icon'
import {
  callsTo,
  electronRecording,
  FakeBrowserWindow,
  FakeNativeImage,
  FakeTray,
  nativeImage,
  resetElectron
} from '../../../tests/support/electron-double'
import { createElectronDesktop } from './electron-desktop'

const base = readFileSync(fileURLToPath(new URL('../../../resources/tray.png', import.meta.url)))
const avatar = Buffer.from('avatar png bytes')
const expected = new Map<number, Buffer>()

beforeAll(async () => {
  for (const n of [0, 1, 2, 3, 4, 5]) expected.set(n, await renderBadgeIcon(base, n, 32))
})

function setup(options: { tray?: FakeTray | null; window?: FakeBrowserWindow | null } = {}) {
  const tray = options.tray === undefined ? new FakeTray(nativeImage.createFromBuffer(base)) : options.tray
  const window = options.window === undefined ? new FakeBrowserWindow() : options.window
  const refs = { tray, window }
  const showRoute = vi.fn()
  const desktop = createElectronDesktop({
    window: () => refs.window as unknown as BrowserWindow | null,
    tray: () => refs.tray as unknown as Tray | null,
    trayIconPng: base,
    showRoute
  })
  return { desktop, refs, showRoute }
}

const trayPng = (tray: FakeTray) => (tray.image as FakeNativeImage).toPNG()
/** The tray images set after the one it was created with. */
const drawn = (tray: FakeTray) => tray.images.slice(1).map((image) => (image as FakeNativeImage).toPNG())

/** Enough time for any pending badge render to land (each is a few sharp calls). */
const settle = async () => {
  for (let i = 0; i < 3; i++) await renderBadgeIcon(base, 7, 32)
}

let platform: PropertyDescriptor | undefined

beforeEach(() => {
  resetElectron()
  platform = Object.getOwnPropertyDescriptor(process, 'platform')
})

afterEach(() => {
  if (platform) Object.defineProperty(process, 'platform', platform)
})

const pretendPlatform = (value: NodeJS.Platform) => Object.defineProperty(process, 'platform', { ...platform, value })

describe('notify', () => {
  it('shows a native notification with the title, body and the avatar as icon', () => {
    const { desktop } = setup()
    desktop.notify({ title: '까치', body: '민지님이 회원님의 게시글을 좋아합니다', icon: avatar, route: '/detail/p1' })
    expect(electronRecording.notifications).toHaveLength(1)
    const [notification] = electronRecording.notifications
    expect(notification!.title).toBe('까치')
    expect(notification!.body).toBe('민지님이 회원님의 게시글을 좋아합니다')
    expect(notification!.icon).toBeInstanceOf(FakeNativeImage)
    expect((notification!.icon as FakeNativeImage).toPNG()).toEqual(avatar)
    expect(notification!.shown).toBe(true)
  })

  it('shows no icon when there is no avatar', () => {
    const { desktop } = setup()
    desktop.notify({ title: 't', body: 'b', icon: null, route: '/myalert' })
    expect(electronRecording.notifications[0]!.icon).toBeUndefined()
    expect(electronRecording.notifications[0]!.shown).toBe(true)
  })

  it('a click brings the window to the notification’s route', () => {
    const { desktop, showRoute } = setup()
    desktop.notify({ title: 't', body: 'b', icon: null, route: '/detail/p1' })
    desktop.notify({ title: 't', body: 'b', icon: null, route: '/detail/p2' })
    expect(showRoute).not.toHaveBeenCalled()
    electronRecording.notifications[1]!.click()
    expect(showRoute).toHaveBeenCalledExactlyOnceWith('/detail/p2')
    electronRecording.notifications[0]!.click()
    expect(showRoute).toHaveBeenLastCalledWith('/detail/p1')
  })

  it('does nothing where the OS has no notifications', () => {
    electronRecording.config.notificationsSupported = false
    const { desktop } = setup()
    desktop.notify({ title: 't', body: 'b', icon: avatar, route: '/' })
    expect(electronRecording.notifications).toHaveLength(0)
  })
})

describe('setBadge', () => {
  it('sets the OS badge count and the tray tooltip at once, then draws the count on the tray icon', async () => {
    const { desktop, refs } = setup()
    const tray = refs.tray!
    desktop.setBadge(3)
    expect(electronRecording.app.badgeCounts).toEqual([3])
    expect(tray.toolTip).toBe('까치 · 새 알림 3개')
    await vi.waitFor(() => expect(tray.images).toHaveLength(2))
    expect(trayPng(tray)).toEqual(expected.get(3))
  })

  it('at 0 clears the count, the tooltip and the drawn badge', async () => {
    const { desktop, refs } = setup()
    const tray = refs.tray!
    desktop.setBadge(2)
    await vi.waitFor(() => expect(tray.images).toHaveLength(2))
    desktop.setBadge(0)
    expect(electronRecording.app.badgeCounts).toEqual([2, 0])
    expect(tray.toolTip).toBe('까치')
    await vi.waitFor(() => expect(tray.images).toHaveLength(3))
    expect(trayPng(tray)).toEqual(expected.get(0))
  })

  it('does not redraw for the same count', async () => {
    const { desktop, refs } = setup()
    const tray = refs.tray!
    desktop.setBadge(4)
    desktop.setBadge(4)
    await vi.waitFor(() => expect(tray.images).toHaveLength(2))
    await settle()
    desktop.setBadge(4)
    await settle()
    expect(electronRecording.app.badgeCounts).toEqual([4])
    expect(tray.toolTips).toEqual(['까치 · 새 알림 4개'])
    expect(drawn(tray)).toEqual([expected.get(4)])
  })

  it('ends on the latest count when renders overlap', async () => {
    const { desktop, refs } = setup()
    const tray = refs.tray!
    desktop.setBadge(3)
    desktop.setBadge(0)
    expect(tray.toolTip).toBe('까치')
    await vi.waitFor(() => expect(trayPng(tray)).toEqual(expected.get(0)))
    await settle()
    // The render for 3 (slower than the plain icon) never lands over the newer 0.
    expect(drawn(tray)).toEqual([expected.get(0)])
    desktop.setBadge(1)
    desktop.setBadge(5)
    await vi.waitFor(() => expect(trayPng(tray)).toEqual(expected.get(5)))
    await settle()
    expect(drawn(tray)).toEqual([expected.get(0), expected.get(5)])
  })

  it('draws a count set before the tray existed once the tray is there', async () => {
    // At start, the store reports the count before the tray is created.
    const { desktop, refs } = setup({ tray: null, window: null })
    desktop.setBadge(2)
    await settle()
    refs.tray = new FakeTray(nativeImage.createFromBuffer(base))
    desktop.setBadge(2)
    expect(refs.tray.toolTip).toBe('까치 · 새 알림 2개')
    await vi.waitFor(() => expect(refs.tray!.images).toHaveLength(2))
    expect(trayPng(refs.tray)).toEqual(expected.get(2))
  })

  it('on Windows puts the count on the taskbar button, and takes it off at 0', async () => {
    pretendPlatform('win32')
    const { desktop, refs } = setup()
    const window = refs.window!
    desktop.setBadge(3)
    await vi.waitFor(() => expect(window.overlayIcons).toHaveLength(1))
    const overlay = window.overlayIcons[0]!
    expect(overlay.image).toBeInstanceOf(FakeNativeImage)
    expect(overlay.image!.toPNG()).toEqual(expected.get(3))
    expect(overlay.image!.resizedTo).toEqual({ width: 16, height: 16 })
    expect(overlay.description).toBe('새 알림 3개')

    desktop.setBadge(0)
    await vi.waitFor(() => expect(window.overlayIcons).toHaveLength(2))
    expect(window.overlayIcons[1]).toEqual({ image: null, description: '까치' })
  })

  it('elsewhere leaves the taskbar overlay alone', async () => {
    for (const os of ['linux', 'darwin'] as const) {
      resetElectron()
      pretendPlatform(os)
      const { desktop, refs } = setup()
      desktop.setBadge(3)
      await vi.waitFor(() => expect(refs.tray!.images).toHaveLength(2))
      expect(refs.window!.overlayIcons, os).toEqual([])
      expect(callsTo('BrowserWindow.setOverlayIcon'), os).toEqual([])
    }
  })
})

describe('isFocused', () => {
  it('is true only when the window is both visible and focused', () => {
    const { desktop, refs } = setup()
    const window = refs.window!
    expect(desktop.isFocused()).toBe(false)
    window.show()
    expect(desktop.isFocused()).toBe(false)
    window.focus()
    expect(desktop.isFocused()).toBe(true)
    window.visible = false
    expect(desktop.isFocused()).toBe(false)
    window.visible = true
    window.focused = false
    expect(desktop.isFocused()).toBe(false)
    refs.window = null
    expect(desktop.isFocused()).toBe(false)
  })
})
