import { spawn } from 'node:child_process'
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { homedir } from 'node:os'
import { join } from 'node:path'
import { _electron, type ElectronApplication } from 'playwright'
import type { Copy, CopyStart, Driver, SeenNotification } from './driver'

/**
 * The real driver: Magpie in Electron, started by Playwright's _electron, on a maintainer's
 * machine. Everything that depends on how Magpie and Electron work today is in this file:
 * - the throwaway profile: MAGPIE_DATA_DIR and MAGPIE_PROFILE_DIR (src/main/config/settings.ts;
 *   index.ts moves Electron's userData, and with it the single-instance lock, to the profile);
 * - the local feed: MAGPIE_DEV_UPDATE_FEED, read only by a development build (desktop/updater.ts),
 *   and dev-app-update.yml in the app folder for the cache folder's name, which electron-updater
 *   reads before a download (AppUpdater.js:545, 6.8.10); both are removed afterwards;
 * - notifications: Electron's Notification.prototype.show, wrapped in main to see each one
 *   (title/body, or the Windows toast XML that electron-desktop.ts sends instead) and to emit
 *   its 'click' as the OS would;
 * - the badge: app.getBadgeCount (macOS; Linux only under Unity; Windows draws an overlay);
 * - the login item: app.getLoginItemSettings on Windows and macOS, the XDG autostart file
 *   that desktop/login-item.ts writes on Linux (magpie-dev.desktop in development);
 * - a link from outside: the OS's opener for an installed app, a second start with the link
 *   in its argv (as Windows and Linux hand one over) for a development build.
 */
export function electronDriver(options: { appDir: string; installed: string | null }): Driver {
  const running: ElectronApplication[] = []
  const development = options.installed === null
  const devUpdateConfig = join(options.appDir, 'dev-app-update.yml')
  let wroteDevUpdateConfig = false
  const autostartFile = join(process.env.XDG_CONFIG_HOME || join(homedir(), '.config'), 'autostart', development ? 'magpie-dev.desktop' : 'magpie.desktop')

  return {
    kind: 'real',
    usesLocalFeed: development,
    describe: () => `${development ? 'development build' : `installed app ${options.installed}`} on ${process.platform} ${process.arch}`,
    async start(start: CopyStart): Promise<Copy> {
      const env: Record<string, string> = {}
      for (const [key, value] of Object.entries(process.env)) if (value !== undefined && key !== 'ELECTRON_RUN_AS_NODE') env[key] = value
      Object.assign(env, { MAGPIE_DATA_DIR: start.dataDir, MAGPIE_PROFILE_DIR: start.profileDir })
      if (development) {
        env.MAGPIE_DEV_UPDATE_FEED = start.updateFeed
        if (!existsSync(devUpdateConfig)) {
          writeFileSync(devUpdateConfig, `provider: generic\nurl: ${start.updateFeed}\nupdaterCacheDirName: ${updaterCacheDirName}\n`)
          wroteDevUpdateConfig = true
        }
      }
      const app = options.installed
        ? await _electron.launch({ executablePath: options.installed, args: [], env })
        : await _electron.launch({ args: [options.appDir], cwd: options.appDir, env })
      running.push(app)
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
          if (options.installed) return openWithOs(url)
          const electronPath = await app.evaluate(() => process.execPath)
          await exited(spawn(electronPath, [options.appDir, url], { cwd: options.appDir, env, stdio: 'ignore' }))
        },
        async loginItem() {
          if (process.platform === 'linux') return autostartEnabled(autostartFile)
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
          running.splice(running.indexOf(app), 1)
          return { exitCode }
        }
      }
    },
    async close() {
      for (const app of running.splice(0)) await app.close().catch(() => {})
      if (wroteDevUpdateConfig) {
        rmSync(devUpdateConfig, { force: true })
        rmSync(join(updaterCacheRoot(), updaterCacheDirName), { recursive: true, force: true })
      }
    }
  }
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

async function openWithOs(url: string): Promise<void> {
  const [command, ...args] =
    process.platform === 'win32' ? ['cmd', '/c', 'start', '""', url] : process.platform === 'darwin' ? ['open', url] : ['xdg-open', url]
  await exited(spawn(command!, args, { stdio: 'ignore', windowsVerbatimArguments: process.platform === 'win32' }))
}

function exited(child: ReturnType<typeof spawn>): Promise<void> {
  return new Promise((resolve, reject) => {
    child.once('error', reject)
    child.once('exit', () => resolve())
  })
}
