import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import type { BrowserWindow, Tray } from 'electron'
import { format } from '@shared/messages'
import { renderBadgeIcon } from '../media/badge-icon'
import {
  activateToast,
  app,
  becomeReady,
  callsTo,
  electronRecording,
  FakeBrowserWindow,
  FakeNativeImage,
  FakeNotification as FakeNotificationClass,
  FakeTray,
  nativeImage,
  nativeTheme,
  resetElectron
} from '../../../tests/support/electron-double'
import { createElectronDesktop, routeEarlierNotifications, routeFromLaunchInfo, toastActivatorCLSID, toastXml } from './electron-desktop'

const base = readFileSync(fileURLToPath(new URL('../../../resources/tray.png', import.meta.url)))
const avatar = Buffer.from('avatar png bytes')
const expected = new Map<number, Buffer>()

beforeAll(async () => {
  for (const n of [0, 1, 2, 3, 4, 5]) expected.set(n, await renderBadgeIcon(base, n, 32))
})

function setup(options: { tray?: FakeTray | null; window?: FakeBrowserWindow | null; platform?: NodeJS.Platform } = {}) {
  const tray = options.tray === undefined ? new FakeTray(nativeImage.createFromBuffer(base)) : options.tray
  const window = options.window === undefined ? new FakeBrowserWindow() : options.window
  const refs = { tray, window }
  const showRoute = vi.fn()
  const notificationsFailed = vi.fn()
  const answered = vi.fn()
  const desktop = createElectronDesktop({
    notificationsFailed,
    answered,
    window: () => refs.window as unknown as BrowserWindow | null,
    tray: () => refs.tray as unknown as Tray | null,
    trayIconPng: base,
    showRoute,
    toastIconDir,
    platform: options.platform ?? 'linux'
  })
  return { desktop, refs, showRoute, notificationsFailed, answered }
}

const trayPng = (tray: FakeTray) => (tray.image as FakeNativeImage).toPNG()
/** The tray images set after the one it was created with. */
const drawn = (tray: FakeTray) => tray.images.slice(1).map((image) => (image as FakeNativeImage).toPNG())

/** Enough time for any pending badge render to land (each is a few sharp calls). */
const settle = async () => {
  for (let i = 0; i < 3; i++) await renderBadgeIcon(base, 7, 32)
}

let toastIconDir: string

beforeEach(() => {
  resetElectron()
  // Notifications can only be made after ready, as in Electron.
  becomeReady()
  toastIconDir = join(mkdtempSync(join(tmpdir(), 'magpie-toast-')), 'icons')
})

afterEach(() => vi.restoreAllMocks())

describe('notify', () => {
  it.each(['linux', 'darwin'] as const)('on %s shows a native notification with the title, body and the avatar as icon', (os) => {
    const { desktop } = setup({ platform: os })
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

  it.each(['linux', 'darwin'] as const)('on %s a click brings the window to the notification’s route', (os) => {
    const { desktop, showRoute } = setup({ platform: os })
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

describe('notify on Windows', () => {
  const note = { title: '까치', body: '민지님이 <좋아요> & "하트"를 눌렀어요', icon: null, route: '/detail/p1' }

  it('shows a toast whose launch argument is the post’s magpie:// link, its text escaped', () => {
    const { desktop } = setup({ platform: 'win32' })
    desktop.notify(note)
    const [toast] = electronRecording.notifications
    expect(toast!.shown).toBe(true)
    const xml = toast!.options.toastXml!
    expect(xml).toBe(toastXml({ ...note, iconFile: null }))
    expect(xml).toContain('<toast launch="magpie://detail/p1" activationType="foreground">')
    expect(xml).toContain('<text>까치</text><text>민지님이 &lt;좋아요&gt; &amp; &quot;하트&quot;를 눌렀어요</text>')
    expect(xml).not.toContain('<image')
  })

  it('writes the avatar to a file the toast shows, once per picture', () => {
    const { desktop } = setup({ platform: 'win32' })
    desktop.notify({ ...note, icon: avatar })
    desktop.notify({ ...note, icon: avatar })
    const src = /<image placement="appLogoOverride" hint-crop="circle" src="([^"]+)"\/>/.exec(electronRecording.notifications[0]!.options.toastXml!)?.[1]
    expect(src).toBeDefined()
    const file = fileURLToPath(src!)
    expect(file.startsWith(toastIconDir)).toBe(true)
    expect(readFileSync(file)).toEqual(avatar)
    expect(electronRecording.notifications[1]!.options.toastXml).toContain(pathToFileURL(file).toString())
  })

  it('a click on a toast still on screen opens the post (Windows sends it to the object only)', () => {
    const { desktop, showRoute } = setup({ platform: 'win32' })
    routeEarlierNotifications(vi.fn(), 'win32')
    desktop.notify(note)
    electronRecording.notifications[0]!.click()
    expect(showRoute).toHaveBeenCalledExactlyOnceWith('/detail/p1')
  })

  it('a click in Action Center long after the toast closed still opens the post', () => {
    const { desktop, showRoute } = setup({ platform: 'win32' })
    const opened = vi.fn()
    routeEarlierNotifications(opened, 'win32')
    desktop.notify(note)
    // The toast timed out into Action Center and its object is gone: Windows activates the COM class.
    activateToast({ type: 'click', arguments: 'magpie://detail/p1' })
    expect(opened).toHaveBeenCalledExactlyOnceWith('/detail/p1')
    expect(showRoute).not.toHaveBeenCalled()
  })

  it('uses one toast activator CLSID every run, so a toast from an earlier run still reaches it', () => {
    routeEarlierNotifications(vi.fn(), 'win32')
    expect(app.toastActivatorCLSID).toBe(toastActivatorCLSID)
    expect(callsTo('app.setToastActivatorCLSID')).toHaveLength(1)
    // Set before anything makes the presenter, which registers it.
    const apis = electronRecording.calls.map((call) => call.api)
    expect(apis.indexOf('app.setToastActivatorCLSID')).toBeLessThan(apis.indexOf('Notification.presenter'))
  })

  it('an activation whose argument is not a post link only brings the window forward', () => {
    const opened = vi.fn()
    routeEarlierNotifications(opened, 'win32')
    for (const args of ['', 'https://evil.example/', 'magpie://detail/../x', 'magpie://detail/a?b']) {
      activateToast({ type: 'click', arguments: args })
    }
    expect(opened.mock.calls).toEqual([[null], [null], [null], [null]])
  })

  it('elsewhere, toast activation is not used (the notification’s click event routes)', () => {
    for (const os of ['linux', 'darwin'] as const) routeEarlierNotifications(vi.fn(), os)
    expect(electronRecording.notificationActivation).toBeNull()
  })

  it('registers the toast activator at once, so a click from before a restart reaches this run before it shows anything', () => {
    const opened = vi.fn()
    // Without the presenter Windows cannot deliver the click: it is lost.
    expect(activateToast({ type: 'click', arguments: 'magpie://detail/p0' })).toBe(false)
    routeEarlierNotifications(opened, 'win32')
    expect(electronRecording.notifications).toEqual([])
    expect(activateToast({ type: 'click', arguments: 'magpie://detail/p1' })).toBe(true)
    expect(opened).toHaveBeenCalledExactlyOnceWith('/detail/p1')
  })

  it('an updated grouped alert is silent: the toast XML says so, since toastXml supersedes `silent`', () => {
    const { desktop } = setup({ platform: 'win32' })
    desktop.notify({ ...note, tag: 'like-p1-1' })
    desktop.notify({ ...note, tag: 'like-p1-1', update: true })
    const [first, update] = electronRecording.notifications
    expect(first!.options.toastXml).not.toContain('<audio')
    expect(update!.options.toastXml).toContain('</visual><audio silent="true"/></toast>')
    // The first was replaced: closed (Windows emits no 'close' for it).
    expect(first!.closed).toBe(true)
  })

  it('a toast for a route without a post carries no launch argument', () => {
    expect(toastXml({ title: 't', body: 'b', route: '/myalert', iconFile: null })).toMatch(/^<toast activationType="foreground">/)
  })

  it('when the avatar cannot be written, the toast goes without it', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    // A file where the icon folder should be.
    const blocked = join(mkdtempSync(join(tmpdir(), 'magpie-toast-')), 'file')
    writeFileSync(blocked, 'x')
    toastIconDir = join(blocked, 'icons')
    const { desktop } = setup({ platform: 'win32' })
    desktop.notify({ ...note, icon: avatar })
    expect(electronRecording.notifications[0]!.shown).toBe(true)
    expect(electronRecording.notifications[0]!.options.toastXml).not.toContain('<image')
    expect(warn).toHaveBeenCalledWith('toast icon', expect.any(Error))
  })
})

describe('notification failures', () => {
  it('an unsigned macOS build’s refused notification is logged and told once', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { desktop, notificationsFailed } = setup({ platform: 'darwin' })
    desktop.notify({ title: 't', body: 'b', icon: null, route: '/detail/p1' })
    desktop.notify({ title: 't', body: 'b', icon: null, route: '/detail/p2' })
    for (const shown of electronRecording.notifications) shown.fail('Notifications are not allowed')
    expect(notificationsFailed).toHaveBeenCalledExactlyOnceWith('Notifications are not allowed')
    expect(warn).toHaveBeenCalledWith('notification failed', 'Notifications are not allowed')
  })

  it('on macOS a notification carries its post’s link as groupId, for getHistory after a restart', () => {
    const { desktop } = setup({ platform: 'darwin' })
    desktop.notify({ title: 't', body: 'b', icon: null, route: '/detail/p9' })
    expect(electronRecording.notifications[0]!.groupId).toBe('magpie://detail/p9')
  })

  it('on macOS the id starts with the post’s link, the only thing a launching click brings (launchInfo)', () => {
    const { desktop } = setup({ platform: 'darwin' })
    desktop.notify({ title: 't', body: 'b', icon: null, route: '/detail/p9?comment=c1', tag: 'comment-p9-1' })
    expect(electronRecording.notifications[0]!.id).toBe('magpie://detail/p9?comment=c1#comment-p9-1')
    expect(routeFromLaunchInfo({ identifier: electronRecording.notifications[0]!.id })).toBe('/detail/p9?comment=c1')
    // Not a notification's launch, or a link that is not a post's: nothing to open.
    for (const info of [{}, null, { identifier: 42 }, { identifier: 'https://evil.example/#x' }]) expect(routeFromLaunchInfo(info)).toBeNull()
  })
})

describe('setBadge', () => {
  it('on Linux without Unity the launcher shows no count (setBadgeCount is false), so the tray icon carries it', async () => {
    const { desktop, refs } = setup({ platform: 'linux' })
    desktop.setBadge(4)
    expect(callsTo('app.setBadgeCount').length).toBe(1)
    await vi.waitFor(() => expect(refs.tray!.images).toHaveLength(2))
    expect(trayPng(refs.tray!)).toEqual(expected.get(4))
    expect(refs.tray!.toolTip).toBe(format.trayTooltip(4))
  })

  it('on Windows leaves app.setBadgeCount alone: its own overlay would be a second one', async () => {
    const { desktop, refs } = setup({ platform: 'win32' })
    desktop.setBadge(2)
    await vi.waitFor(() => expect(refs.window!.overlayIcons).toHaveLength(1))
    expect(callsTo('app.setBadgeCount')).toEqual([])
  })

  it('sets the OS badge count and the tray tooltip at once, then draws the count on the tray icon', async () => {
    const { desktop, refs } = setup()
    const tray = refs.tray!
    desktop.setBadge(3)
    expect(electronRecording.app.badgeCounts).toEqual([3])
    expect(tray.toolTip).toBe(format.trayTooltip(3))
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
    expect(tray.toolTips).toEqual([format.trayTooltip(4)])
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
    expect(refs.tray.toolTip).toBe(format.trayTooltip(2))
    await vi.waitFor(() => expect(refs.tray!.images).toHaveLength(2))
    expect(trayPng(refs.tray)).toEqual(expected.get(2))
  })

  it('on Windows puts the count on the taskbar button, and takes it off at 0', async () => {
    const { desktop, refs } = setup({ platform: 'win32' })
    const window = refs.window!
    desktop.setBadge(3)
    await vi.waitFor(() => expect(window.overlayIcons).toHaveLength(1))
    const overlay = window.overlayIcons[0]!
    expect(overlay.image).toBeInstanceOf(FakeNativeImage)
    expect(overlay.image!.toPNG()).toEqual(expected.get(3))
    expect(overlay.image!.resizedTo).toEqual({ width: 16, height: 16 })
    expect(overlay.description).toBe(format.alertBadgeLabel(3))

    desktop.setBadge(0)
    await vi.waitFor(() => expect(window.overlayIcons).toHaveLength(2))
    expect(window.overlayIcons[1]).toEqual({ image: null, description: '까치' })
  })

  it('on Windows a count that changed while the window was hidden in the tray is on its taskbar button when it shows again', async () => {
    const { desktop, refs } = setup({ platform: 'win32' })
    const window = refs.window!
    window.show()
    desktop.setBadge(3)
    await vi.waitFor(() => expect(window.taskbarOverlay?.description).toBe(format.alertBadgeLabel(3)))
    // Hidden: no taskbar button, so the new count reaches none.
    window.hide()
    desktop.setBadge(5)
    await vi.waitFor(() => expect(window.overlayIcons).toHaveLength(2))
    expect(window.taskbarOverlay).toBeNull()
    // Shown again: a new button, and the latest count on it.
    window.show()
    expect(window.taskbarOverlay?.description).toBe(format.alertBadgeLabel(5))
    expect(window.taskbarOverlay?.image?.toPNG()).toEqual(expected.get(5))
    // Read while hidden: the button comes back without a count.
    window.hide()
    desktop.setBadge(0)
    await vi.waitFor(() => expect(window.overlayIcons).toHaveLength(4))
    window.show()
    expect(window.taskbarOverlay).toBeNull()
  })

  it('on Linux leaves the taskbar overlay alone', async () => {
    const { desktop, refs } = setup({ platform: 'linux' })
    desktop.setBadge(3)
    await vi.waitFor(() => expect(refs.tray!.images).toHaveLength(2))
    await settle()
    expect(refs.window!.overlayIcons).toEqual([])
    expect(callsTo('BrowserWindow.setOverlayIcon')).toEqual([])
  })

  it('on macOS keeps the template icon and puts the count beside it as the tray title', async () => {
    const { desktop, refs } = setup({ platform: 'darwin' })
    const tray = refs.tray!
    desktop.setBadge(3)
    expect(tray.titles).toEqual(['3'])
    expect(tray.toolTip).toBe(format.trayTooltip(3))
    expect(electronRecording.app.badgeCounts).toEqual([3])
    desktop.setBadge(0)
    expect(tray.titles).toEqual(['3', ''])
    await settle()
    // Never redrawn: the menu bar tints the template image itself.
    expect(tray.images).toHaveLength(1)
    expect(callsTo('BrowserWindow.setOverlayIcon')).toEqual([])
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

describe('setTheme', () => {
  it('hands the scheme chosen in 설정 to nativeTheme, and 시스템 설정 back to the OS', () => {
    const { desktop } = setup()
    desktop.setTheme('dark')
    expect(nativeTheme.themeSource).toBe('dark')
    expect(nativeTheme.shouldUseDarkColors).toBe(true)
    desktop.setTheme('light')
    expect(nativeTheme.shouldUseDarkColors).toBe(false)
    desktop.setTheme('system')
    expect(nativeTheme.themeSource).toBe('system')
    // The same choice again (each window start sends it) changes nothing.
    desktop.setTheme('system')
    expect(callsTo('nativeTheme.themeSource').map((call) => call.args[0])).toEqual(['dark', 'light', 'system'])
  })
})

describe('chooseSavePath (내 데이터 내려받기)', () => {
  it('opens the save dialog over the window at the downloads folder with the suggested name; 취소 is null', async () => {
    const { desktop, refs } = setup()
    electronRecording.dialog.saveDialogAnswer = '/home/me/받은 파일/magpie-data.zip'
    expect(await desktop.chooseSavePath('magpie-data-2026-11-26.zip')).toBe('/home/me/받은 파일/magpie-data.zip')
    const [shown] = electronRecording.dialog.saveDialogs
    expect(shown!.window).toBe(refs.window)
    expect(shown!.options).toMatchObject({ filters: [{ name: 'ZIP', extensions: ['zip'] }] })
    expect(String(shown!.options.defaultPath)).toMatch(/downloads[/\\]magpie-data-2026-11-26\.zip$/)
    expect(desktop.saved('/home/me/받은 파일/magpie-data.zip')).toBeNull()

    electronRecording.dialog.saveDialogAnswer = null
    expect(await desktop.chooseSavePath('magpie-data-2026-11-26.zip')).toBeNull()
  })
})

describe('notification ids on Windows', () => {
  const savedPlatform = Object.getOwnPropertyDescriptor(process, 'platform')!
  beforeEach(() => Object.defineProperty(process, 'platform', { ...savedPlatform, value: 'win32' }))
  afterEach(() => Object.defineProperty(process, 'platform', savedPlatform))
  const note = { title: '까치', body: '민지님이 댓글을 남겼어요', icon: null }
  // Any member can write an alert whose post_id is 128 characters; Windows refuses a tag over 64 UTF-16 units.
  const longTag = `comment-${'가'.repeat(128)}-1`

  it('a tag over 64 UTF-16 units becomes a stable id that fits, and the alerts after it still show', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { desktop } = setup({ platform: 'win32' })
    desktop.notify({ ...note, route: '/detail/p1', tag: longTag })
    desktop.notify({ ...note, route: '/detail/p2', tag: longTag, update: true })
    desktop.notify({ ...note, route: '/detail/p3', tag: 'like-p3-2' })
    const [first, update, later] = electronRecording.notifications
    expect(first!.shown && update!.shown && later!.shown).toBe(true)
    expect(first!.id!.length).toBeLessThanOrEqual(64)
    // The same grouped alert keeps its id, so its newer text replaces the older toast.
    expect(update!.id).toBe(first!.id)
    expect(later!.id).toBe('like-p3-2')
    expect(warn).not.toHaveBeenCalled()
  })

  it('a notification the OS refuses is logged, and never stops the next one', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { desktop } = setup({ platform: 'win32' })
    const original = electronRecording.config.notificationsSupported
    let calls = 0
    vi.spyOn(FakeNotificationClass, 'isSupported').mockImplementation(() => {
      calls++
      if (calls === 1) throw new Error('toast presenter failed')
      return original
    })
    expect(() => desktop.notify({ ...note, route: '/detail/p1', tag: 'like-p1-1' })).not.toThrow()
    desktop.notify({ ...note, route: '/detail/p2', tag: 'like-p2-1' })
    expect(electronRecording.notifications.map((shown) => shown.id)).toEqual(['like-p2-1'])
    expect(warn).toHaveBeenCalledWith('notification', expect.any(Error))
  })
})

describe('a Windows toast that timed out into Action Center', () => {
  const savedPlatform = Object.getOwnPropertyDescriptor(process, 'platform')!
  beforeEach(() => Object.defineProperty(process, 'platform', { ...savedPlatform, value: 'win32' }))
  afterEach(() => Object.defineProperty(process, 'platform', savedPlatform))
  // A full collection, as V8 would run one some time after the toast timed out.
  setFlagsFromString('--expose-gc')
  const gc = runInNewContext('gc') as () => void
  const nextTask = () => new Promise((resolve) => setImmediate(resolve))

  it('keeps its Notification object, so a click there later still opens the post', async () => {
    const { desktop, showRoute } = setup({ platform: 'win32' })
    desktop.notify({ title: 't', body: 'b', icon: null, route: '/detail/p1' })
    const toast = new WeakRef(electronRecording.notifications[0]!)
    // Only the glue may hold it now.
    electronRecording.notifications.length = 0
    toast.deref()!.timeOut()
    await nextTask()
    gc()
    await nextTask()
    gc()
    expect(toast.deref()).toBeDefined()
    toast.deref()!.click()
    expect(showRoute).toHaveBeenCalledExactlyOnceWith('/detail/p1')
  })

  it('holds no more than Action Center shows: the newest 20', async () => {
    const { desktop } = setup({ platform: 'win32' })
    const toasts: WeakRef<object>[] = []
    for (let i = 0; i < 25; i++) {
      desktop.notify({ title: 't', body: 'b', icon: null, route: `/detail/p${i}` })
      toasts.push(new WeakRef(electronRecording.notifications[i]!))
    }
    for (const toast of electronRecording.notifications) toast.timeOut()
    electronRecording.notifications.length = 0
    await nextTask()
    gc()
    await nextTask()
    gc()
    expect(toasts.slice(5).every((toast) => toast.deref() !== undefined)).toBe(true)
    expect(toasts.slice(0, 5).every((toast) => toast.deref() === undefined)).toBe(true)
  })
})
