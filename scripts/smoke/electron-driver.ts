import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { homedir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { _electron, chromium, type Browser, type Page } from 'playwright'
import { defaultShellPreferences, saveShellPreferences } from '../../src/main/config/shell-preferences'
import type { Copy, CopyStart, Driver, SeenNotification } from './driver'

/**
 * The real driver: Magpie in Electron on a maintainer's machine. Everything that depends on how
 * Magpie and Electron work today is in this file:
 * - the throwaway profile: MAGPIE_DATA_DIR and MAGPIE_PROFILE_DIR (src/main/config/settings.ts;
 *   index.ts moves Electron's userData, and with it the single-instance lock, to the profile),
 *   with 자동으로 업데이트 off in its preferences.json (config/shell-preferences.ts);
 * - the development build is started by Playwright's _electron, which also reaches main through
 *   Node's inspector. A packaged Magpie has that fuse off (electron-builder.yml:
 *   enableNodeCliInspectArguments), so an installed app is started here with
 *   --remote-debugging-port and driven over CDP: its page only, never main;
 * - the local feed: MAGPIE_DEV_UPDATE_FEED, read only by a development build (desktop/updater.ts),
 *   and dev-app-update.yml in the app folder for the cache folder's name, which electron-updater
 *   reads before a download (AppUpdater.js:545, 6.8.10); both are removed afterwards;
 * - notifications (development build): Electron's Notification.prototype.show, wrapped in main to
 *   see each one (title/body, or the Windows toast XML that electron-desktop.ts sends instead)
 *   and to emit its 'click' as the OS would;
 * - the badge (development build): app.getBadgeCount (macOS; Linux only under Unity; Windows
 *   draws an overlay no API reads back);
 * - the login item: app.getLoginItemSettings on Windows and macOS (development build), the
 *   registry's Run and StartupApproved values on Windows (installed app), the XDG autostart file
 *   that desktop/login-item.ts writes on Linux (magpie-dev.desktop in development);
 * - a link from outside: a second start with the link in its argv, as Windows and Linux hand one
 *   over (deep-links.ts); for an installed app the OS's registered handler is read back too.
 */
export function electronDriver(options: { appDir: string; installed: string | null }): Driver {
  const stops: (() => Promise<void>)[] = []
  const development = options.installed === null
  const devUpdateConfig = join(options.appDir, 'dev-app-update.yml')
  let wroteDevUpdateConfig = false
  const autostartFile = join(process.env.XDG_CONFIG_HOME || join(homedir(), '.config'), 'autostart', development ? 'magpie-dev.desktop' : 'magpie.desktop')
  const readAutostart = async () => autostartEnabled(autostartFile)

  return {
    kind: 'real',
    usesLocalFeed: development,
    describe: () => `${development ? 'development build' : `installed app ${options.installed}`} on ${process.platform} ${process.arch}`,
    async start(start: CopyStart): Promise<Copy> {
      const env: Record<string, string> = {}
      for (const [key, value] of Object.entries(process.env)) if (value !== undefined && key !== 'ELECTRON_RUN_AS_NODE') env[key] = value
      Object.assign(env, { MAGPIE_DATA_DIR: start.dataDir, MAGPIE_PROFILE_DIR: start.profileDir })
      // 자동으로 업데이트 starts off in the throwaway profiles: no copy checks by itself (15 s after
      // start) or installs anything at quit (autoInstallOnAppQuit follows it); only the update step checks.
      await saveShellPreferences(start.profileDir, { ...defaultShellPreferences, autoUpdate: false })
      if (!options.installed) {
        env.MAGPIE_DEV_UPDATE_FEED = start.updateFeed
        if (!existsSync(devUpdateConfig)) {
          writeFileSync(devUpdateConfig, `provider: generic\nurl: ${start.updateFeed}\nupdaterCacheDirName: ${updaterCacheDirName}\n`)
          wroteDevUpdateConfig = true
        }
        return developmentCopy(options.appDir, env)
      }
      return installedCopy(options.installed, env)
    },
    async close() {
      for (const stop of stops.splice(0)) await stop().catch(() => {})
      if (wroteDevUpdateConfig) {
        rmSync(devUpdateConfig, { force: true })
        rmSync(join(updaterCacheRoot(), updaterCacheDirName), { recursive: true, force: true })
      }
    }
  }

  async function developmentCopy(appDir: string, env: Record<string, string>): Promise<Copy> {
    // With its sandbox: Playwright would add --no-sandbox on Linux otherwise, which Magpie never runs with.
    const app = await _electron.launch({ args: [appDir], cwd: appDir, env, chromiumSandbox: true })
    let running = true
    stops.push(async () => {
      if (running) await app.close()
    })
    await app.evaluate(({ Notification }) => {
      const shown: Electron.Notification[] = []
      ;(globalThis as unknown as { smokeNotifications: Electron.Notification[] }).smokeNotifications = shown
      const show = Notification.prototype.show
      Notification.prototype.show = function (this: Electron.Notification) {
        shown.push(this)
        show.call(this)
      }
    })
    const page = await app.firstWindow()
    await page.waitForLoadState('domcontentloaded')
    return {
      page,
      async notifications() {
        const raw = await app.evaluate(() =>
          (globalThis as unknown as { smokeNotifications: Electron.Notification[] }).smokeNotifications.map((n) => ({ title: n.title, body: n.body, toastXml: n.toastXml }))
        )
        return raw.map(seenNotification)
      },
      async clickNotification(index) {
        await app.evaluate((_electron, at) => {
          const shown = (globalThis as unknown as { smokeNotifications: Electron.Notification[] }).smokeNotifications[at]
          if (!shown) throw new Error(`no notification ${at}`)
          shown.emit('click')
        }, index)
        return { osClick: false }
      },
      async badge() {
        const count = await app.evaluate(({ app: electronApp }) => (process.platform === 'win32' ? null : electronApp.getBadgeCount()))
        // Linux keeps a count only under Unity (browser_linux.cc): 0 elsewhere says nothing.
        return process.platform === 'linux' && count === 0 ? null : count
      },
      async openLink(url) {
        const electronPath = await app.evaluate(() => process.execPath)
        await exited(spawn(electronPath, [appDir, url], { cwd: appDir, env, stdio: 'ignore' }))
        return 'Handed over as a second start with the link in its argv (Windows and Linux do so; a development build registers no handler, so the OS’s part is shown only with --installed).'
      },
      async loginItem() {
        if (process.platform === 'linux') return readAutostart()
        return app.evaluate(({ app: electronApp }) => {
          if (process.platform === 'win32') return electronApp.getLoginItemSettings({ path: process.execPath }).executableWillLaunchAtLogin
          return electronApp.getLoginItemSettings().openAtLogin
        })
      },
      beforeUpdateCheck: async () => {},
      async quit() {
        const ended = new Promise<number | null>((resolve) => app.process().once('exit', (code) => resolve(code)))
        // Quit on the next turn, so the evaluate call returns before the app goes.
        await app.evaluate(({ app: electronApp }) => {
          setTimeout(() => electronApp.quit(), 0)
        })
        const exitCode = await ended
        running = false
        return { exitCode }
      }
    }
  }

  async function installedCopy(executable: string, env: Record<string, string>): Promise<Copy> {
    const child = spawn(executable, ['--remote-debugging-port=0'], { env, stdio: ['ignore', 'ignore', 'pipe'] })
    const ended = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
    const browser: Browser = await chromium.connectOverCDP(await devToolsEndpoint(child))
    stops.push(async () => {
      await browser.close().catch(() => {})
      if (child.exitCode === null && child.signalCode === null) child.kill()
    })
    const page = await magpiePage(browser)
    return {
      page,
      notifications: async () => null,
      clickNotification: async () => {
        throw new Error('an installed app’s notifications cannot be reached from the script')
      },
      badge: async () => null,
      async openLink(url) {
        await exited(spawn(executable, [url], { env, stdio: 'ignore' }))
        return `Handed over as a second start with the link in its argv. ${await registeredHandler()}`
      },
      loginItem: async () => (process.platform === 'linux' ? readAutostart() : process.platform === 'win32' ? windowsRunEntry(executable) : null),
      beforeUpdateCheck: async () => {},
      async quit() {
        await browser.close().catch(() => {})
        // POSIX: SIGTERM makes Electron quit as app.quit() does. Windows has no such signal: the person quits from the tray.
        if (process.platform !== 'win32') {
          child.kill('SIGTERM')
          return { exitCode: await ended }
        }
        console.log('\n>>> Quit this Magpie now from its tray icon (종료); the run waits for it to end.\n')
        return { exitCode: await ended, byPerson: true }
      }
    }
  }
}

/** Chromium prints its DevTools address on stderr once it listens. */
function devToolsEndpoint(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = ''
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const match = /DevTools listening on (ws:\/\/\S+)/.exec(output)
      if (match) resolve(match[1]!)
    })
    child.once('exit', (code) => reject(new Error(`Magpie ended (${code}) before it opened its window:\n${output.slice(-2000)}`)))
  })
}

/** The main window's page: the one on app:// (not DevTools or a blank page). */
async function magpiePage(browser: Browser): Promise<Page> {
  const deadline = Date.now() + 30_000
  for (;;) {
    const found = browser
      .contexts()
      .flatMap((context) => context.pages())
      .find((page) => page.url().startsWith('app://'))
    if (found) {
      await found.waitForLoadState('domcontentloaded')
      return found
    }
    if (Date.now() > deadline) throw new Error('Magpie’s window did not appear within 30 s')
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

const run = promisify(execFile)

/** What the OS would start for a magpie:// link, said in one sentence. */
async function registeredHandler(): Promise<string> {
  try {
    if (process.platform === 'linux') return `The OS opens magpie:// with ${(await run('xdg-mime', ['query', 'default', 'x-scheme-handler/magpie'])).stdout.trim() || 'nothing'}.`
    if (process.platform === 'win32') {
      const { stdout } = await run('reg', ['query', 'HKCU\\Software\\Classes\\magpie\\shell\\open\\command', '/ve'])
      return `The OS opens magpie:// with ${stdout.trim().split('\n').at(-1)?.trim() ?? 'nothing'}.`
    }
  } catch {
    return 'The OS names no handler for magpie:// — look at it: open the link from a browser.'
  }
  return 'Look at the OS’s part: open the link from a browser or a note; the installed Magpie must open.'
}

/** Windows keeps a login item as a Run value; Task Manager's switch is StartupApproved's first byte (2 on, 3 off). */
async function windowsRunEntry(executable: string): Promise<boolean | null> {
  const query = async (key: string) => (await run('reg', ['query', key]).catch(() => ({ stdout: '' }))).stdout
  const runs = await query('HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Run')
  const line = runs.split('\n').find((entry) => entry.toLowerCase().includes(executable.toLowerCase()))
  if (!line) return false
  const name = line.trim().split(/\s{4,}/)[0]!
  const approved = await query('HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Explorer\\StartupApproved\\Run')
  const value = approved.split('\n').find((entry) => entry.trim().startsWith(`${name} `))
  return !value || !/REG_BINARY\s+03/.test(value)
}

/** Where electron-updater keeps a download (its getAppCacheDir, AppAdapter.js:6-18). */
const updaterCacheDirName = 'magpie-dev-smoke-updater'
function updaterCacheRoot(): string {
  if (process.platform === 'win32') return process.env.LOCALAPPDATA || join(homedir(), 'AppData', 'Local')
  if (process.platform === 'darwin') return join(homedir(), 'Library', 'Caches')
  return process.env.XDG_CACHE_HOME || join(homedir(), '.cache')
}

/** A notification's title and body; on Windows Magpie sends toast XML, whose two <text> lines are they. */
export function seenNotification(raw: { title: string; body: string; toastXml: string }): SeenNotification {
  if (raw.title || raw.body || !raw.toastXml) return { title: raw.title, body: raw.body }
  const texts = [...raw.toastXml.matchAll(/<text>([^<]*)<\/text>/g)].map((match) =>
    match[1]!.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&')
  )
  return { title: texts[0] ?? '', body: texts[1] ?? '' }
}

/** Whether an XDG autostart entry starts its program: present, not Hidden, not switched off in GNOME. */
export function autostartEnabled(file: string): boolean {
  if (!existsSync(file)) return false
  const entry = readFileSync(file, 'utf8')
  return !/^Hidden\s*=\s*true\s*$/m.test(entry) && !/^X-GNOME-Autostart-enabled\s*=\s*false\s*$/m.test(entry)
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    child.once('error', reject)
    child.once('exit', () => resolve())
  })
}
