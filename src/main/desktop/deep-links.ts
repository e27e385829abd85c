import { deepLinkScheme, routeFromLink } from '@shared/deep-link'

/**
 * Makes Magpie the OS's handler of magpie:// links — only a packaged Magpie. A development run
 * registers nothing: Windows would point HKCU\Software\Classes\magpie at electron.exe and macOS
 * would hand the scheme to Electron.app (browser_win.cc:492-534, browser_mac.mm:238-252), taking
 * links from the installed app until it next starts. Development opens links from its own
 * command line (`npm start -- magpie://detail/…`), which routeFromArgv reads.
 */
export function registerProtocolClient(app: { setAsDefaultProtocolClient(protocol: string): boolean }, packaged: boolean): boolean {
  return packaged && app.setAsDefaultProtocolClient(deepLinkScheme)
}

/**
 * The route of the first magpie:// link on a command line (a cold start, or a second
 * launch on Windows and Linux), or null. Other arguments — Chromium's switches, the app
 * folder in development — are never links. `toRoute` reads the link: a post's only, or
 * main's invitations too (which hold a join link's config and give its page).
 */
export function routeFromArgv(argv: readonly string[], toRoute: (link: string) => string | null = routeFromLink): string | null {
  const link = argv.find((arg) => arg.toLowerCase().startsWith(`${deepLinkScheme}:`))
  return link ? toRoute(link) : null
}

/**
 * Brings the window forward, at a link's route if it carried a valid one. Links arrive
 * before the window exists (open-url before ready on macOS, a cold start's argv, a toast
 * that started the app): the latest is held until the window can show it.
 */
export function createLinkRouter() {
  let held: { route: string | null } | null = null
  let show: ((route: string | null) => void) | null = null
  return {
    /** route null: just show the window (an invalid link is never navigated to). */
    open(route: string | null): void {
      if (show) show(route)
      else held = { route: route ?? held?.route ?? null }
    },
    /** The window is there: shows what was held, and every later link at once. */
    ready(showRoute: (route: string | null) => void): void {
      show = showRoute
      const waiting = held
      held = null
      if (waiting) showRoute(waiting.route)
    }
  }
}

export type LinkRouter = ReturnType<typeof createLinkRouter>
