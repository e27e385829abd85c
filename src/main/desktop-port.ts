import type { ThemeChoice } from '@shared/limits'
import type { ShellPreferences, ShellView } from '@shared/types'

/**
 * What main asks of the operating system. Electron implements it in src/main/desktop;
 * the harness and the tests use the recording double (src/harness/recording-desktop.ts).
 */
export interface NativeNotification {
  title: string
  body: string
  /** PNG bytes of the actor's avatar, where the OS shows one. */
  icon: Buffer | null
  /** Where a click takes the window, e.g. /detail/abc. */
  route: string
  /** A notification with the tag of one still shown replaces it (grouped alerts, core/notification-policy.ts). */
  tag?: string
  /** Replaces the tag's earlier notification: its text changes, without a sound. */
  update?: boolean
  /** A comment's: 좋아요 and 답글 from the notification itself, where the OS has them (core/notification-answers.ts). */
  answer?: AnswerTarget
}

/** The post an answer goes to, and for whom the notification was (an opaque digest of their id). */
export interface AnswerTarget {
  postId: string
  recipient: string
}

/** 좋아요 (the post's heart) or 답글 (a comment on the post), as the OS handed it over: untrusted. */
export type NotificationAnswer = AnswerTarget & ({ kind: 'like' } | { kind: 'reply'; text: string })

export interface DesktopPort {
  notify(notification: NativeNotification): void
  /** The alert count on the tray icon, its tooltip, the dock/launcher badge and the taskbar overlay. */
  setBadge(count: number): void
  isFocused(): boolean
  /** The scheme chosen in 설정, for what the OS draws around the page (title bar, menus, window background). */
  setTheme(source: ThemeChoice): void
  /** The page's answer to a quit main asked it about (app:quit, decision 039): 'asking' shows the window, 'agreed' quits. */
  quitAnswered(step: 'asking' | 'agreed'): void
  /** Where a file the person asked for goes (the app: a save dialog over the window); null when they cancel. */
  chooseSavePath(suggestedName: string): Promise<string | null>
  /**
   * The file is written where chooseSavePath said. The app answers null (the person chose the
   * place); the browser harness answers the URL its page downloads the file from (decision 027).
   */
  saved(path: string): string | null
}

/**
 * What this copy does on the computer besides the page: automatic updates and starting at
 * login. Electron's is src/main/desktop/shell.ts; the harness records its own.
 */
export interface ShellPort {
  view(): ShellView
  setPreferences(preferences: Partial<ShellPreferences>): ShellView | Promise<ShellView>
  checkForUpdates(): ShellView
  /** Quits and installs the version downloaded; nothing when none is ready. */
  restartToUpdate(): void
  /** A web link from someone's text, in the system browser: http and https only, anything else is dropped. */
  openLink(url: string): void
}

/**
 * How main's own connections (Firebase's, in community mode) reach the network the way the
 * OS's browser does: Electron's is src/main/desktop/network.ts; the harness and the tests give
 * their own (docs/decisions/035-system-proxy-and-certificates.md).
 */
export interface NetworkPort {
  /**
   * Chromium's proxy decision for `url` (session.resolveProxy): PAC result entries joined by
   * ";" — "DIRECT", "PROXY host:port", "HTTPS host:port", "SOCKS5 host:port" — tried in order.
   */
  resolveProxy(url: string): Promise<string>
  /** The certificates (PEM) of the OS's trust store, besides the ones Node ships with. */
  systemCertificates(): readonly string[]
}
