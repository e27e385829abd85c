import type { Page } from 'playwright'

/**
 * What the smoke run needs from a running copy of Magpie. Two drivers give it: the real one
 * (electron-driver.ts: Playwright's _electron, the app as a person runs it) and the double
 * (harness-driver.ts: the browser harness, main's code in Node, the page in Chromium), so the
 * same step list runs on a maintainer's machine and in CI.
 */
export interface Copy {
  /** The copy's window. */
  page: Page
  /** The native notifications main has raised in this copy, oldest first; null where main cannot be watched (an installed app). */
  notifications(): Promise<SeenNotification[] | null>
  /**
   * Does what a click on notification `index` does inside the app. The real driver cannot click
   * the OS's own toast: `osClick` says whether the click went through the OS.
   */
  clickNotification(index: number): Promise<{ osClick: boolean }>
  /** The unread count as the OS shows it on the app's icon, or null where the script cannot read it. */
  badge(): Promise<number | null>
  /** Hands a link to the app as the OS would when it is opened elsewhere; resolves with how it was handed over. */
  openLink(url: string): Promise<string>
  /** Whether the OS starts this app at login, read from the OS itself; null where it cannot be read. */
  loginItem(): Promise<boolean | null>
  /** Called just before 업데이트 확인 is pressed (the double plays electron-updater against the feed). */
  beforeUpdateCheck(feedUrl: string): Promise<void>
  /** Quits the app as the person does, and resolves with how the process ended (`byPerson`: the person was asked to quit it). */
  quit(): Promise<{ exitCode: number | null; byPerson?: boolean }>
}

export interface SeenNotification {
  title: string
  body: string
}

export interface CopyStart {
  /** 'ann' or 'bo': a copy of its own (profile folder) on one shared data folder. */
  name: string
  dataDir: string
  profileDir: string
  /** The local update feed the script serves. */
  updateFeed: string
}

export interface Driver {
  kind: 'real' | 'double'
  /** What the report's heading names: the OS and the build that ran. */
  describe(): string
  start(options: CopyStart): Promise<Copy>
  /** Whether the copy can be pointed at the script's feed (an installed app checks only its own). */
  usesLocalFeed: boolean
  /** Stops whatever is still running and puts back what the run changed outside its folders. */
  close(): Promise<void>
}
