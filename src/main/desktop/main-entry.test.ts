import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { channels } from '@shared/ipc/channels'
import { format, messages } from '@shared/messages'
import log from 'electron-log/node'
import { electronNativeBindingPath } from '../config/native-binding'

/**
 * The Electron entry (src/main/index.ts) run against the recording double: it does its
 * work at import, so each test imports a fresh copy with a fresh double.
 */
type Double = typeof import('../../../tests/support/electron-double')

const envKeys = [
  'MAGPIE_DATA_DIR',
  'MAGPIE_PROFILE_DIR',
  'MAGPIE_SYNCHRONOUS',
  'MAGPIE_FIREBASE_CONFIG',
  'MAGPIE_FIREBASE_EMULATORS',
  'ELECTRON_RENDERER_URL'
] as const
let savedEnv: Partial<Record<(typeof envKeys)[number], string>>
let dataDir: string
let double: Double | null = null
const savedProcess = {
  argv: process.argv,
  platform: Object.getOwnPropertyDescriptor(process, 'platform')!,
  console: { warn: console.warn, error: console.error }
}
const pretendPlatform = (value: NodeJS.Platform) => Object.defineProperty(process, 'platform', { ...savedProcess.platform, value })

const appPage = 'app://magpie/index.html'

// The entry's module graph is transformed once here, so no test pays the cold import (seconds under
// load, past a test's 5 s) — each boot still evaluates the entry afresh (vi.resetModules keeps transforms).
beforeAll(async () => {
  await Promise.all([import('../app/create-magpie'), import('../app/shell-service'), import('./electron-desktop'), import('./ipc-bridge'), import('./menus'), import('./window')])
}, 120_000)

beforeEach(() => {
  savedEnv = Object.fromEntries(envKeys.map((key) => [key, process.env[key]]))
  for (const key of envKeys) delete process.env[key]
  dataDir = mkdtempSync(join(tmpdir(), 'magpie-entry-'))
  process.env.MAGPIE_DATA_DIR = dataDir
})

afterEach(async () => {
  // Quitting closes the store and stops the change watcher.
  const d = double
  double = null
  if (d) {
    const quits = d.electronRecording.app.quits
    d.app.emit('before-quit', d.fakeEvent())
    const willQuit = d.fakeEvent()
    d.app.emit('will-quit', willQuit)
    if (willQuit.defaultPrevented) await vi.waitFor(() => expect(d.electronRecording.app.quits).toBe(quits + 1))
  }
  for (const key of envKeys) {
    if (savedEnv[key] === undefined) delete process.env[key]
    else process.env[key] = savedEnv[key]
  }
  process.argv = savedProcess.argv
  Object.defineProperty(process, 'platform', savedProcess.platform)
  // The entry starts the log file; the next test's entry starts its own.
  log.errorHandler.stopCatching()
  Object.assign(console, savedProcess.console)
  delete (process as { resourcesPath?: string }).resourcesPath
  delete versions.electron
})

/**
 * The entry loads better-sqlite3 through Electron's own build (decision 009). Here "Electron"
 * is Node, so the development build for this Node's key is Node's addon, placed where the
 * entry looks for it: the test proves the entry resolves and loads that build.
 */
const nodeAddon = createRequire(import.meta.url).resolve('better-sqlite3/build/Release/better_sqlite3.node')
const appPath = mkdtempSync(join(tmpdir(), 'magpie-entry-app-'))
const electronVersion = '42.0.0-test'
// Tests pretend to be each OS, and the build's key names the OS.
const target = (platform: string) => ({ electron: electronVersion, abi: process.versions.modules, platform, arch: process.arch })
for (const platform of ['linux', 'win32', 'darwin']) {
  const build = electronNativeBindingPath(appPath, false, '', target(platform))
  mkdirSync(dirname(build), { recursive: true })
  copyFileSync(nodeAddon, build)
}
/** An installed app's resources: the icons main reads and the one Electron build it ships. */
const packagedResources = mkdtempSync(join(tmpdir(), 'magpie-entry-resources-'))
for (const icon of ['icon.png', 'tray.png', 'trayTemplate.png', 'trayTemplate@2x.png']) {
  copyFileSync(fileURLToPath(new URL(`../../../resources/${icon}`, import.meta.url)), join(packagedResources, icon))
}
const packagedBuild = electronNativeBindingPath('', true, packagedResources, target(process.platform))
mkdirSync(dirname(packagedBuild), { recursive: true })
copyFileSync(nodeAddon, packagedBuild)
const versions = process.versions as Record<string, string | undefined>

async function boot(options: { lock?: boolean; configure?: (d: Double) => void } = {}): Promise<Double> {
  vi.resetModules()
  double = await import('../../../tests/support/electron-double')
  double.resetElectron()
  double.electronRecording.config.appPath = appPath
  versions.electron = electronVersion
  double.electronRecording.config.singleInstanceLock = options.lock ?? true
  options.configure?.(double)
  await import('../index')
  return double
}

/** Waits for start() to finish (the tray is its last step), failing at once on the error dialog. */
async function started(d: Double): Promise<void> {
  const deadline = Date.now() + 15_000
  while (Date.now() < deadline) {
    const [error] = d.electronRecording.dialog.errorBoxes
    if (error) throw new Error(`start failed: ${error.content}`)
    if (d.electronRecording.trays.length > 0) return
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  throw new Error('start did not finish')
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 50))

describe('src/main/index.ts', () => {
  it('without the single-instance lock, quits and starts nothing', async () => {
    const d = await boot({ lock: false })
    await settle()
    const r = d.electronRecording
    expect(r.app.singleInstanceLockRequests).toBe(1)
    expect(r.app.quits).toBe(1)
    expect(r.app.whenReadyCalls).toBe(0)
    expect(r.windows).toEqual([])
    expect(r.trays).toEqual([])
    expect(r.ipcHandlers.size).toBe(0)
    expect(r.protocol.privilegedSchemes).toEqual([])
    expect(r.protocol.handlers.size).toBe(0)
    expect(r.session.permissionRequestHandler).toBeNull()
    expect(d.app.listenerCount('second-instance')).toBe(0)
    expect(r.crashReporter.starts).toEqual([])
    expect(existsSync(join(dataDir, 'magpie.db'))).toBe(false)
  })

  it('with the lock, starts one secure window, the IPC, the media protocol and the tray', async () => {
    const d = await boot()
    await started(d)
    const r = d.electronRecording

    expect(r.app.quits).toBe(0)
    // Development's own AppUserModelID: its toasts, taskbar group and login item are not the installed app's.
    expect(r.app.appUserModelIds).toEqual(['app.magpie.desktop.dev'])
    // The store lives in MAGPIE_DATA_DIR.
    expect(existsSync(join(dataDir, 'magpie.db'))).toBe(true)

    expect(r.windows).toHaveLength(1)
    const [window] = r.windows
    const prefs = window!.options.webPreferences!
    expect(prefs).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, webviewTag: false, webSecurity: true })
    expect(String(prefs.preload).endsWith(`${sep}preload${sep}index.cjs`)).toBe(true)
    expect(window!.loadedUrls).toEqual([appPage])
    expect(window!.webContents.fire('will-navigate', 'https://evil.example/').defaultPrevented).toBe(true)

    expect([...r.ipcHandlers.keys()].sort()).toEqual([...channels].sort())
    // Wired to the real dispatcher and to the page it loaded.
    expect(await d.invokeIpc('auth:session', window!.webContents.mainFrame)).toMatchObject({ ok: true })
    expect(await d.invokeIpc('auth:session', new d.FakeWebFrameMain(appPage))).toEqual({
      ok: false,
      error: { code: 'invalidRequest', message: messages.invalidRequest }
    })

    // The scheme is privileged before the app is ready, and served after.
    const apis = r.calls.map((call) => call.api)
    expect(r.protocol.privilegedSchemes.map((s) => s.scheme)).toEqual(['app', 'magpie-media'])
    expect(apis.filter((api) => api === 'protocol.registerSchemesAsPrivileged')).toHaveLength(1)
    expect(apis.indexOf('protocol.registerSchemesAsPrivileged')).toBeLessThan(apis.indexOf('app.whenReady'))
    expect([...r.protocol.handlers.keys()].sort()).toEqual(['app', 'magpie-media'])
    // Crashes are recorded from before ready on, under the profile, and never uploaded.
    expect(r.crashReporter.starts).toEqual([{ uploadToServer: false, productName: 'Magpie' }])
    expect(r.crashReporter.databases).toEqual([join(d.app.getPath('userData'), 'Crashpad')])
    expect(apis.indexOf('crashReporter.start')).toBeLessThan(apis.indexOf('app.whenReady'))
    // Which process crashed is written down in the profile, for 문제 보고 (crash-records.ts).
    d.app.emit('child-process-gone', d.fakeEvent(), { type: 'GPU', reason: 'crashed', exitCode: 139 })
    expect(JSON.parse(readFileSync(join(d.app.getPath('userData'), 'logs', 'crashes.json'), 'utf8'))).toMatchObject([{ process: 'GPU', reason: 'crashed', exitCode: 139 }])
    expect((await r.protocol.handlers.get('magpie-media')!(new Request('magpie-media://images/../magpie.db'))).status).toBe(404)

    // Permissions are locked down before the page loads.
    expect(r.session.permissionCheckHandler!({}, 'media')).toBe(false)
    expect(apis.indexOf('session.setPermissionCheckHandler')).toBeLessThan(apis.indexOf('BrowserWindow.loadURL'))

    // Main's own requests (Firebase's Auth and Storage) ask the session for their proxy (decision 035).
    await fetch('http://127.0.0.1:65535/').catch(() => {})
    expect(r.calls.filter((call) => call.api === 'session.resolveProxy').map((call) => call.args[0])).toEqual(['http://127.0.0.1:65535/'])

    expect(r.trays).toHaveLength(1)
    expect(r.trays[0]!.toolTip).toBe('까치')
    expect(r.app.badgeCounts.at(-1)).toBe(0)
    expect(r.dialog.errorBoxes).toEqual([])
  })

  it('a second launch shows, restores and focuses the existing window', async () => {
    const d = await boot()
    await started(d)
    const window = d.electronRecording.windows[0]!
    window.minimize()
    window.hide()
    expect(window.isVisible()).toBe(false)
    d.app.emit('second-instance', {}, ['magpie'], '/')
    expect(window.isMinimized()).toBe(false)
    expect(window.isVisible()).toBe(true)
    expect(window.isFocused()).toBe(true)
    expect(d.electronRecording.windows).toHaveLength(1)
  })

  it('on Windows, closing the window keeps the app in the tray; quitting really closes it', async () => {
    pretendPlatform('win32')
    const d = await boot()
    await started(d)
    const window = d.electronRecording.windows[0]!
    window.show()
    expect(window.close().defaultPrevented).toBe(true)
    expect(window.isDestroyed()).toBe(false)
    expect(window.isVisible()).toBe(false)
    // The window's place is remembered for next time, in this OS account's own folder.
    expect(existsSync(join(d.app.getPath('userData'), 'window.json'))).toBe(true)

    // Quitting asks the page first (decision 039); while it has not agreed, closing still hides.
    d.app.quit()
    expect(window.close().defaultPrevented).toBe(true)
    expect(await d.invokeIpc('app:quit', window.webContents.mainFrame, { step: 'agreed' })).toEqual({ ok: true, data: undefined })
    expect(window.isDestroyed()).toBe(true)
  })

  it('quitting with the page loaded asks it first: the window comes forward while it asks, and the app quits once it agrees', async () => {
    const d = await boot()
    await started(d)
    const window = d.electronRecording.windows[0]!
    const menu = d.electronRecording.trays[0]!.contextMenu!
    window.hide()
    menu.find((entry) => entry.label === messages.trayQuit)!.click!()
    expect(window.webContents.sent.at(-1)).toEqual({ channel: 'app:quitRequested', args: [{ unattended: false }] })
    expect(window.isDestroyed()).toBe(false)
    expect(window.isVisible()).toBe(false)
    // The editor's leave prompt is open: the window is shown to the person.
    await d.invokeIpc('app:quit', window.webContents.mainFrame, { step: 'asking' })
    expect(window.isVisible() && window.isFocused()).toBe(true)
    // 계속 쓰기 answers nothing; a second 끝내기 asks again.
    menu.find((entry) => entry.label === messages.trayQuit)!.click!()
    expect(window.webContents.sent.filter((sent) => sent.channel === 'app:quitRequested')).toHaveLength(2)
    // 임시 저장 or 저장하지 않고 나가기: the quit goes on, the store closes, and the app quits.
    await d.invokeIpc('app:quit', window.webContents.mainFrame, { step: 'agreed' })
    expect(window.isDestroyed()).toBe(true)
    await vi.waitFor(() => expect(d.electronRecording.app.quit.shutdown).toBe(true))
    expect(await d.invokeIpc('posts:feed', window.webContents.mainFrame, {})).toMatchObject({ ok: false })
    double = null
  })

  it('an answer from another frame, or with no quit asked about, quits nothing', async () => {
    const d = await boot()
    await started(d)
    const window = d.electronRecording.windows[0]!
    await d.invokeIpc('app:quit', window.webContents.mainFrame, { step: 'agreed' })
    d.app.quit()
    expect(await d.invokeIpc('app:quit', window.webContents.mainFrame.child('https://evil.example/'), { step: 'agreed' })).toMatchObject({ ok: false })
    expect(window.isDestroyed()).toBe(false)
    expect(d.electronRecording.app.quit.shutdown).toBe(false)
  })

  it('the tray menu opens the window, goes to 새 글, 알림 and 설정, and quits', async () => {
    const d = await boot()
    await started(d)
    const window = d.electronRecording.windows[0]!
    const menu = d.electronRecording.trays[0]!.contextMenu!
    const item = (label: string) => menu.find((entry) => entry.label === label)!

    window.hide()
    item(messages.taskAlerts).click!()
    expect(window.isVisible() && window.isFocused()).toBe(true)
    expect(window.webContents.sent.at(-1)).toEqual({ channel: 'app:navigate', args: [{ route: '/myalert' }] })
    window.hide()
    item(messages.taskNewPost).click!()
    expect(window.isVisible()).toBe(true)
    expect(window.webContents.sent.at(-1)).toEqual({ channel: 'app:navigate', args: [{ route: '/write/new' }] })
    window.hide()
    item(messages.taskSettings).click!()
    expect(window.isVisible()).toBe(true)
    expect(window.webContents.sent.at(-1)).toEqual({ channel: 'app:command', args: [{ command: 'settings' }] })

    window.hide()
    item(messages.trayOpen).click!()
    expect(window.isVisible()).toBe(true)

    expect(d.electronRecording.app.quits).toBe(0)
    item(messages.trayQuit).click!()
    expect(d.electronRecording.app.quits).toBe(1)
  })

  it('on macOS the Dock menu offers 새 글, 알림 and 설정; Windows and Linux have no Dock', async () => {
    pretendPlatform('darwin')
    const d = await boot()
    await started(d)
    const window = d.electronRecording.windows[0]!
    const dock = d.electronRecording.shellTasks.dockMenu as { label: string; click(): void }[]
    expect(dock.map((entry) => entry.label)).toEqual(['새 글', '알림', '설정'])
    window.hide()
    dock[0]!.click()
    expect(window.isVisible()).toBe(true)
    expect(window.webContents.sent.at(-1)).toEqual({ channel: 'app:navigate', args: [{ route: '/write/new' }] })
    // No Jump List on macOS: app.setUserTasks is Windows's alone.
    expect(d.electronRecording.shellTasks.userTasks).toBeNull()
  })

  it('an installed Windows app lists 새 글, 알림 and 설정 in its Jump List; a task reaching the running copy opens its page', async () => {
    pretendPlatform('win32')
    ;(process as { resourcesPath?: string }).resourcesPath = packagedResources
    const d = await boot({ configure: (double) => (double.electronRecording.config.isPackaged = true) })
    await started(d)
    const window = d.electronRecording.windows[0]!
    const tasks = d.electronRecording.shellTasks.userTasks!
    expect(tasks.map((task) => [task.title, task.program, task.arguments])).toEqual([
      ['새 글', process.execPath, '--magpie-task=new-post'],
      ['알림', process.execPath, '--magpie-task=alerts'],
      ['설정', process.execPath, '--magpie-task=settings']
    ])
    expect(tasks.every((task) => task.description.endsWith('요') && task.iconPath === process.execPath)).toBe(true)
    expect(d.electronRecording.shellTasks.dockMenu).toBeNull()

    // Windows starts a second copy with the task's arguments; it hands them over.
    window.hide()
    d.app.emit('second-instance', d.fakeEvent(), ['C:\\Magpie\\Magpie.exe', '--magpie-task=settings'], 'C:\\', {})
    expect(window.isVisible() && window.isFocused()).toBe(true)
    expect(window.webContents.sent.at(-1)).toEqual({ channel: 'app:command', args: [{ command: 'settings' }] })
    d.app.emit('second-instance', d.fakeEvent(), ['C:\\Magpie\\Magpie.exe', '--magpie-task=alerts'], 'C:\\', {})
    expect(window.webContents.sent.at(-1)).toEqual({ channel: 'app:navigate', args: [{ route: '/myalert' }] })
    // Anything else on a command line only brings the window forward.
    const before = window.webContents.sent.length
    for (const argv of [['Magpie.exe', '--magpie-task=delete-account'], ['Magpie.exe', '--magpie-task='], ['Magpie.exe', '--MAGPIE-TASK=settings']]) {
      window.hide()
      d.app.emit('second-instance', d.fakeEvent(), argv, 'C:\\', {})
      expect(window.isVisible()).toBe(true)
    }
    expect(window.webContents.sent.length).toBe(before)
  })

  it('`npm start` on Windows sets no Jump List: its tasks would start a bare electron.exe', async () => {
    pretendPlatform('win32')
    const d = await boot()
    await started(d)
    expect(d.electronRecording.shellTasks.userTasks).toBeNull()
  })

  it('a Jump List task that starts Magpie opens 설정 once the page has loaded', async () => {
    process.argv = [...savedProcess.argv, '--magpie-task=settings']
    const d = await boot()
    await started(d)
    const window = d.electronRecording.windows[0]!
    expect(window.webContents.sent).toContainEqual({ channel: 'app:command', args: [{ command: 'settings' }] })
    expect(window.isVisible() && window.isFocused()).toBe(true)
  })

  it('invalid settings stop the app with a clear message and no window', async () => {
    process.env.MAGPIE_SYNCHRONOUS = 'SOMETIMES'
    const d = await boot()
    await vi.waitFor(() => expect(d.electronRecording.app.exits).toEqual([1]))
    expect(d.electronRecording.dialog.errorBoxes).toHaveLength(1)
    expect(d.electronRecording.dialog.errorBoxes[0]!.content).toContain('MAGPIE_SYNCHRONOUS')
    expect(d.electronRecording.windows).toEqual([])
    expect(d.electronRecording.trays).toEqual([])
  })

  it('an installed app missing its Electron build of better-sqlite3 says so in Korean, opens no store and exits 1', async () => {
    const emptyResources = mkdtempSync(join(tmpdir(), 'magpie-entry-bare-'))
    for (const icon of ['icon.png', 'tray.png', 'trayTemplate.png', 'trayTemplate@2x.png']) copyFileSync(join(packagedResources, icon), join(emptyResources, icon))
    ;(process as { resourcesPath?: string }).resourcesPath = emptyResources
    const d = await boot({ configure: (double) => (double.electronRecording.config.isPackaged = true) })
    await vi.waitFor(() => expect(d.electronRecording.app.exits).toEqual([1]))
    expect(d.electronRecording.dialog.errorBoxes.map((box) => box.content)).toEqual([
      format.installIncomplete(join(emptyResources, 'native', 'better_sqlite3.node'))
    ])
    expect(existsSync(join(dataDir, 'magpie.db'))).toBe(false)
    expect(d.electronRecording.windows).toEqual([])
  })

  it('an invalid MAGPIE_FIREBASE_CONFIG stops the app naming the field', async () => {
    process.env.MAGPIE_FIREBASE_CONFIG = JSON.stringify({
      apiKey: 'not-a-key',
      authDomain: 'kkachi-community.firebaseapp.com',
      projectId: 'kkachi-community',
      storageBucket: 'kkachi-community.appspot.com',
      databaseURL: 'https://kkachi-community-default-rtdb.firebaseio.com',
      appId: '1:482913570264:web:9c1f2e7a4b3d5c6e8f0a1b'
    })
    const d = await boot()
    await vi.waitFor(() => expect(d.electronRecording.app.exits).toEqual([1]))
    expect(d.electronRecording.dialog.errorBoxes[0]!.content).toContain('MAGPIE_FIREBASE_CONFIG: apiKey is invalid')
    expect(d.electronRecording.windows).toEqual([])
  })

  it('a damaged saved community starts on the local store, and says so to the settings dialog', async () => {
    const profileDir = mkdtempSync(join(tmpdir(), 'magpie-entry-profile-'))
    process.env.MAGPIE_PROFILE_DIR = profileDir
    writeFileSync(join(profileDir, 'community.json'), '{"apiKey": "AIza')
    const d = await boot()
    await started(d)
    // The warning is in the log file, in this profile's user data folder.
    expect(readFileSync(join(profileDir, 'logs', 'main.log'), 'utf8')).toContain('community.json')
    expect(await d.invokeIpc('settings:get', d.electronRecording.windows[0]!.webContents.mainFrame)).toEqual({
      ok: true,
      data: { status: { mode: 'local' }, config: null, managed: false }
    })
  })

  it('a packaged app loads its own page even when ELECTRON_RENDERER_URL is set', async () => {
    process.env.ELECTRON_RENDERER_URL = 'http://127.0.0.1:5173'
    ;(process as { resourcesPath?: string }).resourcesPath = packagedResources
    const d = await boot({ configure: (double) => (double.electronRecording.config.isPackaged = true) })
    await started(d)
    expect(d.electronRecording.windows[0]!.loadedUrls).toEqual([appPage])
  })

  it('in development the dev server’s page is loaded', async () => {
    process.env.ELECTRON_RENDERER_URL = 'http://127.0.0.1:5173'
    const d = await boot()
    await started(d)
    expect(d.electronRecording.windows[0]!.loadedUrls).toEqual(['http://127.0.0.1:5173'])
  })

  it('MAGPIE_PROFILE_DIR becomes Electron’s userData before the single-instance lock: two profiles, two copies', async () => {
    delete process.env.MAGPIE_DATA_DIR
    ;(process as { resourcesPath?: string }).resourcesPath = packagedResources
    const lockDirs: string[] = []
    for (const profile of ['a', 'b', 'a']) {
      const profileDir = join(tmpdir(), `magpie-entry-profile-${process.pid}-${profile}`)
      process.env.MAGPIE_PROFILE_DIR = profileDir
      const d = await boot({ configure: (double) => (double.electronRecording.config.isPackaged = true) })
      const apis = d.electronRecording.calls.map((call) => call.api)
      expect(d.electronRecording.app.pathsSet).toEqual([{ name: 'userData', path: profileDir }])
      expect(apis.indexOf('app.setPath')).toBeLessThan(apis.indexOf('app.requestSingleInstanceLock'))
      expect(apis.indexOf('app.setPath')).toBeLessThan(apis.indexOf('app.whenReady'))
      lockDirs.push(...d.electronRecording.app.singleInstanceLockDirs)
      await started(d)
      // The store stays in the OS's app data folder; this copy's own files go to the profile.
      expect(existsSync(join(profileDir, 'magpie.db'))).toBe(false)
      d.electronRecording.windows[0]!.close()
      expect(existsSync(join(profileDir, 'window.json'))).toBe(true)
      double!.app.emit('before-quit', d.fakeEvent())
      const willQuit = d.fakeEvent()
      d.app.emit('will-quit', willQuit)
      await vi.waitFor(() => expect(d.electronRecording.app.quits).toBe(1))
      double = null
    }
    expect(lockDirs).toHaveLength(3)
    expect(lockDirs[0]).not.toBe(lockDirs[1])
    expect(lockDirs[0]).toBe(lockDirs[2])
  })

  it('without MAGPIE_PROFILE_DIR, an installed app’s userData is left alone', async () => {
    ;(process as { resourcesPath?: string }).resourcesPath = packagedResources
    const d = await boot({ configure: (double) => (double.electronRecording.config.isPackaged = true) })
    await started(d)
    expect(d.electronRecording.app.pathsSet).toEqual([])
  })

  it('development runs as “Magpie Dev” with folders, a single-instance lock and (Linux) an app id of its own', async () => {
    delete process.env.MAGPIE_DATA_DIR
    pretendPlatform('linux')
    const d = await boot()
    expect(d.callsTo('app.setDesktopName').map((call) => call.args)).toEqual([['magpie-dev.desktop']])
    await started(d)
    const devData = join(d.app.getPath('appData'), 'Magpie Dev')
    expect(d.app.getName()).toBe('Magpie Dev')
    expect(d.electronRecording.app.pathsSet).toEqual([{ name: 'userData', path: devData }])
    expect(d.electronRecording.app.singleInstanceLockDirs).toEqual([devData])
    // The store is the development one, never the installed app's.
    expect(existsSync(join(devData, 'magpie.db'))).toBe(true)
  })

  it('a packaged app registers magpie:// as its protocol', async () => {
    ;(process as { resourcesPath?: string }).resourcesPath = packagedResources
    const d = await boot({ configure: (double) => (double.electronRecording.config.isPackaged = true) })
    await started(d)
    expect(d.electronRecording.app.protocolClients).toEqual([{ protocol: 'magpie', path: undefined, args: undefined }])
  })

  it.each(['win32', 'darwin', 'linux'] as const)('on %s, `npm start` never takes magpie:// from the installed app', async (platform) => {
    pretendPlatform(platform)
    const d = await boot()
    await started(d)
    // Windows would point HKCU\Software\Classes\magpie at electron.exe, macOS give it to Electron.app.
    expect(d.electronRecording.app.protocolHandlers.size).toBe(0)
    expect(d.electronRecording.app.protocolClients).toEqual([])
  })

  it('a cold start from a link opens that post once the window is there', async () => {
    process.argv = [...savedProcess.argv, 'magpie://detail/p1']
    const d = await boot()
    await started(d)
    const window = d.electronRecording.windows[0]!
    expect(window.webContents.sent).toContainEqual({ channel: 'app:navigate', args: [{ route: '/detail/p1' }] })
    expect(window.isVisible() && window.isFocused()).toBe(true)
  })

  it('a cold start with something else on the command line navigates nowhere', async () => {
    process.argv = [...savedProcess.argv, 'magpie://detail/../myalert', 'https://evil.example/']
    const d = await boot()
    await started(d)
    expect(d.electronRecording.windows[0]!.webContents.sent.filter((m) => m.channel === 'app:navigate')).toEqual([])
  })

  it('on Windows and Linux, a second launch with a link brings the window to that post', async () => {
    const d = await boot()
    await started(d)
    const window = d.electronRecording.windows[0]!
    window.hide()
    d.app.emit('second-instance', d.fakeEvent(), ['C:\\Magpie\\Magpie.exe', '--flag', 'magpie://detail/p2'], 'C:\\', {})
    expect(window.isVisible() && window.isFocused()).toBe(true)
    expect(window.webContents.sent).toContainEqual({ channel: 'app:navigate', args: [{ route: '/detail/p2' }] })
    // A link that is not a post still shows the window, and goes nowhere.
    d.app.emit('second-instance', d.fakeEvent(), ['Magpie.exe', 'magpie://settings'], '/', {})
    expect(window.webContents.sent.filter((m) => m.channel === 'app:navigate')).toHaveLength(1)
  })

  it('on macOS, a link that arrives before the app is ready is held and opened once the window is there', async () => {
    pretendPlatform('darwin')
    const d = await boot({ configure: (double) => (double.electronRecording.config.autoReady = false) })
    expect(d.app.listenerCount('open-url')).toBe(1)
    const event = d.fakeEvent()
    d.app.emit('open-url', event, 'magpie://detail/p3')
    expect(event.defaultPrevented).toBe(true)
    expect(d.electronRecording.windows).toEqual([])
    d.becomeReady()
    await started(d)
    const window = d.electronRecording.windows[0]!
    expect(window.webContents.sent).toContainEqual({ channel: 'app:navigate', args: [{ route: '/detail/p3' }] })
    // And one that arrives while running goes at once.
    d.app.emit('open-url', d.fakeEvent(), 'magpie://detail/p4')
    expect(window.webContents.sent.at(-1)).toEqual({ channel: 'app:navigate', args: [{ route: '/detail/p4' }] })
  })

  it('on Windows, a click on a toast in Action Center opens its post, even one from before a restart', async () => {
    pretendPlatform('win32')
    const d = await boot()
    await started(d)
    const window = d.electronRecording.windows[0]!
    window.hide()
    // No notification was shown in this run: Windows reaches it only if the activator is registered at start.
    expect(d.electronRecording.notifications).toEqual([])
    expect(d.activateToast({ type: 'click', arguments: 'magpie://detail/p5' })).toBe(true)
    expect(window.isVisible()).toBe(true)
    expect(window.webContents.sent).toContainEqual({ channel: 'app:navigate', args: [{ route: '/detail/p5' }] })
  })

  it('quitting waits for Magpie to close before the app quits', async () => {
    const d = await boot()
    await started(d)
    d.app.emit('before-quit', d.fakeEvent())
    const willQuit = d.fakeEvent()
    d.app.emit('will-quit', willQuit)
    expect(willQuit.defaultPrevented).toBe(true)
    expect(d.electronRecording.app.quits).toBe(0)
    await vi.waitFor(() => expect(d.electronRecording.app.quits).toBe(1))
    // Closed: the store answers no more.
    expect(await d.invokeIpc('posts:feed', d.electronRecording.windows[0]!.webContents.mainFrame, {})).toMatchObject({ ok: false })
    const again = d.fakeEvent()
    d.app.emit('will-quit', again)
    expect(again.defaultPrevented).toBe(false)
    double = null
  })

  it('a start-up failure is written to the log file too', async () => {
    process.env.MAGPIE_SYNCHRONOUS = 'SOMETIMES'
    const d = await boot()
    await vi.waitFor(() => expect(d.electronRecording.app.exits).toEqual([1]))
    expect(readFileSync(join(d.app.getPath('userData'), 'logs', 'main.log'), 'utf8')).toMatch(/start-up failed[\s\S]*MAGPIE_SYNCHRONOUS/)
  })

  it('on Windows, logging off saves the window’s place and closes the store at session-end, with no quit events', async () => {
    pretendPlatform('win32')
    const profileDir = mkdtempSync(join(tmpdir(), 'magpie-entry-session-end-'))
    process.env.MAGPIE_PROFILE_DIR = profileDir
    const d = await boot()
    await started(d)
    const window = d.electronRecording.windows[0]!
    // Windows asks first: nothing can be asked of the person, so the page keeps its writing unasked (decision 039).
    window.emit('query-session-end', d.fakeEvent({ reasons: ['logoff'] }))
    expect(window.webContents.sent.at(-1)).toEqual({ channel: 'app:quitRequested', args: [{ unattended: true }] })
    window.emit('session-end', d.fakeEvent({ reasons: ['logoff'] }))
    // Synchronous: Electron ends the process as soon as the handlers return.
    expect(existsSync(join(profileDir, 'window.json'))).toBe(true)
    expect(await d.invokeIpc('posts:feed', window.webContents.mainFrame, {})).toMatchObject({ ok: false })
    double = null
  })

  it('on macOS, a notification from before a restart still opens its post when clicked', async () => {
    pretendPlatform('darwin')
    const d = await boot({
      configure: (double) =>
        (double.electronRecording.config.notificationHistory = [{ id: 'like-p7-1', groupId: 'magpie://detail/p7', title: '까치' }])
    })
    await started(d)
    const [restored] = d.electronRecording.restoredNotifications
    restored!.click()
    expect(d.electronRecording.windows[0]!.webContents.sent).toContainEqual({ channel: 'app:navigate', args: [{ route: '/detail/p7' }] })
  })

  it('on macOS, a notification click that launched Magpie after a normal quit opens its post (launchInfo)', async () => {
    pretendPlatform('darwin')
    const d = await boot({
      configure: (double) => {
        // The earlier run quit normally: Notification Center kept none of its notifications but the one clicked.
        double.electronRecording.config.previousRunEnded = 'quit'
        double.electronRecording.config.notificationHistory = [{ id: 'magpie://detail/p7#like-p7-1', groupId: 'magpie://detail/p7' }]
        double.electronRecording.config.launchInfo = {
          actionIdentifier: 'com.apple.UNNotificationDefaultActionIdentifier',
          date: 1_790_000_000,
          identifier: 'magpie://detail/p7?comment=c3#comment-p7-2',
          userInfo: {}
        }
      }
    })
    await started(d)
    expect(d.electronRecording.restoredNotifications).toEqual([])
    expect(d.electronRecording.windows[0]!.webContents.sent).toContainEqual({ channel: 'app:navigate', args: [{ route: '/detail/p7?comment=c3' }] })
  })

  it('a failed load keeps the app running in the tray and logs why', async () => {
    const d = await boot({ configure: (double) => (double.electronRecording.config.loadError = new Error('ERR_FILE_NOT_FOUND (-6)')) })
    await started(d)
    expect(d.electronRecording.dialog.errorBoxes).toEqual([])
    expect(d.electronRecording.app.exits).toEqual([])
  })

  it('on Linux without a keyring, says once per profile that the session is not encrypted', async () => {
    pretendPlatform('linux')
    const profileDir = mkdtempSync(join(tmpdir(), 'magpie-entry-basic-text-'))
    process.env.MAGPIE_PROFILE_DIR = profileDir
    const notices = async () => {
      const d = await boot({ configure: (double) => (double.electronRecording.config.storageBackend = 'basic_text') })
      await started(d)
      return d.electronRecording.windows[0]!.webContents.sent.filter((sent) => sent.channel === 'app:notice')
    }
    expect(await notices()).toEqual([{ channel: 'app:notice', args: [{ notice: 'sessionNotEncrypted' }] }])
    const d = double!
    d.app.emit('before-quit', d.fakeEvent())
    d.app.emit('will-quit', d.fakeEvent())
    await vi.waitFor(() => expect(d.electronRecording.app.quits).toBe(1))
    double = null
    expect(await notices()).toEqual([])
  })

  it('an installed app has Magpie’s Korean menu: edit shortcuts kept, no reload or DevTools', async () => {
    ;(process as { resourcesPath?: string }).resourcesPath = packagedResources
    const d = await boot({ configure: (double) => (double.electronRecording.config.isPackaged = true) })
    await started(d)
    expect(d.electronRecording.app.appUserModelIds).toEqual(['app.magpie.desktop'])
    const [menu] = d.electronRecording.applicationMenus
    const roles = JSON.stringify(menu, (key, value: unknown) => (key === 'click' ? undefined : value))
    for (const role of ['undo', 'redo', 'cut', 'copy', 'paste', 'selectAll']) expect(roles).toContain(`"role":"${role}"`)
    expect(roles).not.toMatch(/"role":"(reload|forceReload|toggleDevTools)"/)
    expect(roles).not.toMatch(/"label":"(File|Edit|View|Window)"/)
    const file = menu!.find((item) => item.label === messages.menuFile)!
    const settings = (file.submenu as { label?: string; click?: () => void }[]).find((item) => item.label === messages.menuSettings)!
    settings.click!()
    expect(d.electronRecording.windows[0]!.webContents.sent).toContainEqual({ channel: 'app:command', args: [{ command: 'settings' }] })
  })

  it('listens for the computer waking and the screen unlocking', async () => {
    const d = await boot()
    await started(d)
    expect(d.powerMonitor.listenerCount('resume')).toBe(1)
    expect(d.powerMonitor.listenerCount('unlock-screen')).toBe(1)
    d.powerMonitor.emit('resume')
    d.powerMonitor.emit('unlock-screen')
    expect(d.electronRecording.dialog.errorBoxes).toEqual([])
  })

  it('names the version in the about panel', async () => {
    const d = await boot()
    await started(d)
    expect(d.electronRecording.aboutPanelOptions).toEqual([expect.objectContaining({ applicationName: '까치', applicationVersion: '0.0.0-test' })])
  })

  it('a crashed page is reloaded and told what happened', async () => {
    const d = await boot()
    await started(d)
    const contents = d.electronRecording.windows[0]!.webContents
    await contents.renderProcessGone({ reason: 'crashed', exitCode: 139 })
    expect(contents.reloads).toBe(1)
    contents.emit('did-finish-load')
    expect(contents.sent).toContainEqual({ channel: 'app:notice', args: [{ notice: 'rendererRecovered' }] })
  })

  it('on macOS, installing an update closes the window for real (no before-quit comes first)', async () => {
    pretendPlatform('darwin')
    const d = await boot()
    await started(d)
    const window = d.electronRecording.windows[0]!
    d.autoUpdater.emit('before-quit-for-update')
    window.close()
    expect(window.isDestroyed()).toBe(true)
  })

  it('an update about to install closes the store at once: the installer ends Magpie by force 1.3 s later', async () => {
    const d = await boot()
    await started(d)
    const window = d.electronRecording.windows[0]!
    d.autoUpdater.emit('before-quit-for-update')
    // Synchronously closed, before any quitting's wait.
    expect(await d.invokeIpc('posts:feed', window.webContents.mainFrame, {})).toMatchObject({ ok: false })
    // Quitting afterwards closes nothing twice and does not hang.
    const willQuit = d.fakeEvent()
    d.app.emit('will-quit', willQuit)
    await vi.waitFor(() => expect(d.electronRecording.app.quits).toBeGreaterThan(0))
    double = null
  })

  it('started at login on macOS (known from ready on), stays in the menu bar until asked for', async () => {
    pretendPlatform('darwin')
    const d = await boot({ configure: (double) => (double.electronRecording.config.openedAtLogin = true) })
    await started(d)
    const window = d.electronRecording.windows[0]!
    window.readyToShow()
    expect(window.isVisible()).toBe(false)
  })

  it('on Windows, development registers a toast activator of its own', async () => {
    pretendPlatform('win32')
    const d = await boot()
    await started(d)
    expect(d.app.toastActivatorCLSID).not.toBe('{58e7617c-74ce-4f9f-823c-ff48d7af9094}')
    expect(d.app.toastActivatorCLSID).toMatch(/^\{[0-9a-f-]{36}\}$/)
  })

  it('started at login on Windows, stays in the tray until asked for', async () => {
    pretendPlatform('win32')
    process.argv = [...savedProcess.argv, '--opened-at-login']
    const d = await boot()
    await started(d)
    const window = d.electronRecording.windows[0]!
    window.readyToShow()
    expect(window.isVisible()).toBe(false)
    d.electronRecording.trays[0]!.emit('click')
    expect(window.isVisible()).toBe(true)
  })
})
