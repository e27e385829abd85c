import { chromium, type Browser } from 'playwright'
import { spawnHarness, type SpawnedHarness } from '../../src/harness/spawn'
import type { DesktopRecording } from '../../src/harness/recording-desktop'
import type { ShellRecording } from '../../src/harness/harness-shell'
import type { Copy, CopyStart, Driver } from './driver'

/**
 * The double: each copy is the browser harness (Magpie's main code in Node, with the recording
 * desktop in place of Electron's notifications, badge and login item, and the scripted updater
 * reading the script's feed), its page in Chromium. It proves the steps and the report in CI;
 * only the real driver can show what the OS does.
 */
export function harnessDriver(options: { chromiumPath?: string } = {}): Driver {
  let browser: Browser | null = null
  const harnesses: SpawnedHarness[] = []
  return {
    kind: 'double',
    usesLocalFeed: true,
    describe: () => `the double (browser harness and Chromium) on ${process.platform}`,
    async start(start: CopyStart): Promise<Copy> {
      const harness = await spawnHarness({ env: { MAGPIE_DATA_DIR: start.dataDir, MAGPIE_PROFILE_DIR: start.profileDir } })
      harnesses.push(harness)
      const api = (path: string, init?: RequestInit) =>
        fetch(`${harness.origin}/__harness/${path}${path.includes('?') ? '&' : '?'}token=${harness.token}`, { ...init, signal: AbortSignal.timeout(10_000) })
      const desktop = async () => (await (await api('desktop')).json()) as DesktopRecording
      browser ??= await chromium.launch({
        executablePath: options.chromiumPath ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update']
      })
      const context = await browser.newContext({ viewport: { width: 1200, height: 900 }, locale: 'ko-KR' })
      const page = await context.newPage()
      await page.goto(harness.url)
      return {
        page,
        notifications: async () => (await desktop()).notifications.map(({ title, body }) => ({ title, body })),
        async clickNotification(index) {
          const answer = await api(`desktop/click?index=${index}`, { method: 'POST' })
          if (!answer.ok) throw new Error(`no notification ${index} to click`)
          return { osClick: false }
        },
        badge: async () => (await desktop()).badge,
        async openLink(url) {
          await api(`link?url=${encodeURIComponent(url)}`, { method: 'POST' })
          return 'Handed over as the OS hands a link to main (the harness’s /__harness/link).'
        },
        async loginItem() {
          const { loginItems } = (await (await api('shell')).json()) as ShellRecording
          return loginItems.at(-1) ?? false
        },
        async beforeUpdateCheck(feedUrl) {
          const answer = await api('shell/updater', { method: 'POST', body: JSON.stringify({ event: 'feed', url: feedUrl }) })
          if (!answer.ok) throw new Error(`the harness refused the feed (${answer.status})`)
        },
        async quit() {
          await context.close()
          await harness.stop()
          return { exitCode: await harness.exited }
        }
      }
    },
    async close() {
      for (const harness of harnesses) await harness.stop()
      await browser?.close()
      browser = null
    }
  }
}
