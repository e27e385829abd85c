import { beforeEach, describe, expect, it } from 'vitest'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { becomeReady, electronRecording, resetElectron, type FakeBrowserWindow } from '../../../tests/support/electron-double'
import { safeExternalUrl, secureWebPreferences } from './security'
import { createMainWindow, lockDownSession } from './window'

const tempDir = () => mkdtempSync(join(tmpdir(), 'magpie-security-'))

function newWindow(boundsFile = join(tempDir(), 'window.json')): FakeBrowserWindow {
  createMainWindow({ preload: '/app/out/preload/index.cjs', boundsFile, icon: '/app/resources/icon.png' })
  return electronRecording.windows.at(-1)!
}

// Windows and the session are made after ready, as in the app (the double refuses earlier use).
beforeEach(() => {
  resetElectron()
  becomeReady()
})

describe('createMainWindow', () => {
  it('gives every window isolated, sandboxed, Node-free preferences, whatever its saved bounds', () => {
    const dir = tempDir()
    const maximized = join(dir, 'maximized.json')
    writeFileSync(maximized, JSON.stringify({ x: 10, y: 10, width: 900, height: 700, maximized: true }))
    const offScreen = join(dir, 'off-screen.json')
    writeFileSync(offScreen, JSON.stringify({ x: 90000, y: 90000, width: 900, height: 700 }))
    const broken = join(dir, 'broken.json')
    writeFileSync(broken, '{not json')

    for (const file of [join(dir, 'missing.json'), maximized, offScreen, broken]) newWindow(file)

    expect(electronRecording.windows).toHaveLength(4)
    for (const window of electronRecording.windows) {
      expect(window.options.webPreferences).toMatchObject({
        preload: '/app/out/preload/index.cjs',
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
        nodeIntegrationInWorker: false,
        nodeIntegrationInSubFrames: false,
        webviewTag: false,
        webSecurity: true,
        allowRunningInsecureContent: false,
        experimentalFeatures: false
      })
    }
    // Bounds are restored only when they fit a connected screen (window.test.ts has the cases).
    electronRecording.windows[1]!.emit('ready-to-show')
    expect(electronRecording.windows[1]!.maximized).toBe(true)
    expect(electronRecording.windows[2]!.options).toMatchObject({ x: 510, y: 170, width: 900, height: 700 })
  })

  it('secureWebPreferences never turns a protection off', () => {
    const prefs = secureWebPreferences('/p.cjs')
    expect(prefs).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, webviewTag: false, webSecurity: true })
  })

  it('prevents navigation, redirects and <webview> attachment', () => {
    const { webContents } = newWindow()
    for (const [event, url] of [
      ['will-navigate', 'https://evil.example/'],
      ['will-navigate', 'file:///etc/passwd'],
      ['will-redirect', 'https://evil.example/'],
      ['will-attach-webview', undefined]
    ] as const) {
      expect(webContents.listenerCount(event), event).toBeGreaterThan(0)
      expect(webContents.fire(event, url).defaultPrevented, event).toBe(true)
    }
  })

  it('denies every new window and opens only plain https links in the system browser', () => {
    const { webContents } = newWindow()
    const urls = [
      'https://example.com/a?b=c#d',
      'http://example.com/',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'https://user:pass@example.com/',
      'https://user@example.com/',
      'magpie-media://images/x.webp',
      'not a url',
      ''
    ]
    for (const url of urls) expect(webContents.openWindow(url), url).toEqual({ action: 'deny' })
    expect(electronRecording.shell.openedExternal).toEqual(['https://example.com/a?b=c#d'])
  })

  it('shows the window once it is ready, not before', () => {
    const window = newWindow()
    expect(window.options.show).toBe(false)
    expect(window.isVisible()).toBe(false)
    window.emit('ready-to-show')
    expect(window.isVisible()).toBe(true)
  })
})

describe('lockDownSession', () => {
  it('answers every permission request and check with no', () => {
    lockDownSession()
    const { permissionRequestHandler, permissionCheckHandler } = electronRecording.session
    expect(permissionRequestHandler).not.toBeNull()
    expect(permissionCheckHandler).not.toBeNull()
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal', 'fullscreen']) {
      const answers: boolean[] = []
      permissionRequestHandler!({}, permission, (granted) => answers.push(granted))
      expect(answers, permission).toEqual([false])
      expect(permissionCheckHandler!({}, permission, 'file://'), permission).toBe(false)
    }
  })

  it('lets the app page write the clipboard (링크 복사), but not a subframe, and never read it', () => {
    lockDownSession()
    const { permissionRequestHandler, permissionCheckHandler } = electronRecording.session
    const ask = (permission: string, isMainFrame: boolean) => {
      const answers: boolean[] = []
      permissionRequestHandler!({}, permission, (granted) => answers.push(granted), { isMainFrame, requestingUrl: 'file:///app/index.html' })
      return answers
    }
    expect(ask('clipboard-sanitized-write', true)).toEqual([true])
    expect(permissionCheckHandler!({}, 'clipboard-sanitized-write', 'file://', { isMainFrame: true })).toBe(true)
    expect(ask('clipboard-sanitized-write', false)).toEqual([false])
    expect(permissionCheckHandler!({}, 'clipboard-sanitized-write', 'file://', { isMainFrame: false })).toBe(false)
    expect(ask('clipboard-read', true)).toEqual([false])
    expect(permissionCheckHandler!({}, 'clipboard-read', 'file://', { isMainFrame: true })).toBe(false)
  })
})

describe('safeExternalUrl', () => {
  it.each([
    ['https://example.com', 'https://example.com/'],
    ['https://example.com/path?q=1#x', 'https://example.com/path?q=1#x'],
    ['HTTPS://Example.COM/a', 'https://example.com/a']
  ])('lets %s through as %s', (raw, expected) => {
    expect(safeExternalUrl(raw)).toBe(expected)
  })

  it.each([
    'http://example.com/',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'data:text/html,hi',
    'https://user:pass@example.com/',
    'https://user@example.com/',
    'https://:pass@example.com/',
    'ftp://example.com/',
    'smb://server/share',
    'magpie-media://images/a.webp',
    'example.com',
    '//example.com',
    'https://',
    '',
    'not a url'
  ])('refuses %s', (raw) => {
    expect(safeExternalUrl(raw)).toBeNull()
  })
})
