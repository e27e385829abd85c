import { app, dialog, nativeImage, nativeTheme, Notification, type BrowserWindow, type SaveDialogOptions, type Tray } from 'electron'
import { createHash, randomUUID } from 'node:crypto'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { linkFromRoute, routeFromLink } from '@shared/deep-link'
import type { DesktopPort, NativeNotification, NotificationAnswer } from '../desktop-port'
import { createBadge } from './badge'
import { answerFromActivation, answerToastActions, listenForMacAnswers, macAnswerOptions } from './notification-answers'

const xmlEscape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!)

/**
 * A Windows toast whose click is routed by Windows itself: the post's magpie:// link is the
 * toast's launch argument, handed back to Notification.handleActivation even after the
 * toast moved to Action Center and its Notification object is gone, or Magpie restarted.
 */
export function toastXml(notification: { title: string; body: string; route: string; iconFile: string | null; update?: boolean; actions?: string }): string {
  const link = linkFromRoute(notification.route)
  const launch = link ? ` launch="${xmlEscape(link)}"` : ''
  const icon = notification.iconFile
    ? `<image placement="appLogoOverride" hint-crop="circle" src="${xmlEscape(pathToFileURL(notification.iconFile).toString())}"/>`
    : ''
  // toastXml supersedes every other option, `silent` included: an update says so itself.
  const audio = notification.update ? '<audio silent="true"/>' : ''
  return (
    `<toast${launch} activationType="foreground"><visual><binding template="ToastGeneric">` +
    `<text>${xmlEscape(notification.title)}</text><text>${xmlEscape(notification.body)}</text>${icon}` +
    `</binding></visual>${notification.actions ?? ''}${audio}</toast>`
  )
}

/** A toast's image must be a file: avatars are written once, named by their bytes. */
function toastIconFile(png: Buffer, dir: string): string | null {
  try {
    const file = join(dir, `${createHash('sha256').update(png).digest('hex').slice(0, 32)}.png`)
    if (!existsSync(file)) {
      mkdirSync(dir, { recursive: true })
      writeFileSync(file, png)
    }
    return file
  } catch (error) {
    console.warn('toast icon', error)
    return null
  }
}

/** Windows' limit on a toast's tag and group (UTF-16 units; electron_api_notification.cc:137-151). */
const notificationIdMax = 64
/** How many toasts Windows' Action Center keeps of one app, and so how many Notification objects are worth keeping. */
const actionCenterMax = 20

/**
 * The OS's id of a notification: the tag itself when it fits, else a stable digest of it, so a
 * long post id another member wrote never makes Windows refuse the notification, and the same
 * grouped alert still replaces its older text.
 */
export function notificationId(tag: string | undefined): string | undefined {
  if (tag === undefined || tag.length <= notificationIdMax) return tag
  return `magpie-${createHash('sha256').update(tag).digest('hex').slice(0, 40)}`
}

/**
 * macOS's id of a notification: the post's link, then the tag that makes it one of a kind. A click
 * that launches Magpie arrives as the 'ready' event's launchInfo with only this id (the
 * notification has left Notification Center), and the link in it is the route.
 */
export function macNotificationId(notification: { route: string; tag?: string }): string | undefined {
  const link = linkFromRoute(notification.route)
  if (!link) return notification.tag
  return `${link}#${notification.tag ?? randomUUID()}`
}

/** The route in a launching click's launchInfo (macOS), or null: not from a notification, or not a post's. */
export function routeFromLaunchInfo(launchInfo: unknown): string | null {
  const identifier = (launchInfo as { identifier?: unknown } | null)?.identifier
  if (typeof identifier !== 'string') return null
  return routeFromLink(identifier.split('#')[0]!)
}

/** Notifications from an earlier run (macOS getHistory), kept alive until clicked or closed. */
const restoredNotifications = new Set<Notification>()

/** Magpie's toast activator (COM class) on Windows: fixed, so Windows finds it across restarts and updates. */
export const toastActivatorCLSID = '{58e7617c-74ce-4f9f-823c-ff48d7af9094}'

/**
 * Clicks on notifications from before this run, called once the app is ready.
 *
 * Windows: every toast click comes here, however long after it was shown: the route is read
 * back from the toast's launch argument and checked like any other link. Electron registers
 * its toast activator with Windows only when it makes the notification presenter, lazily;
 * isSupported() makes it now, so a click in Action Center after a restart (or one that
 * started Magpie) reaches this run before it shows a notification of its own.
 *
 * macOS: the notifications still in Notification Center are live objects again
 * (getHistory); their post is their groupId, a magpie:// link.
 *
 * A click on a notification without a post just brings the window forward.
 */
export function routeEarlierNotifications(
  open: (route: string | null) => void,
  platform: NodeJS.Platform = process.platform,
  activatorCLSID = toastActivatorCLSID,
  /** macOS: the 'ready' event's launchInfo, a click that launched Magpie. */
  launchInfo?: unknown,
  /** Windows: a toast's 좋아요 or 답글 (notification-answers.ts), from this run's toasts or earlier ones. */
  answered: (answer: NotificationAnswer) => void = () => {}
): void {
  if (platform === 'win32') {
    // The same activator every run (unset, Electron makes a random one per run, which a toast
    // from an earlier run no longer reaches); Electron writes it into the Start-menu shortcut too.
    app.setToastActivatorCLSID(activatorCLSID)
    Notification.handleActivation((details) => {
      if (details.type === 'click') return open(routeFromLink(details.arguments))
      const answer = answerFromActivation(details)
      if (answer) answered(answer)
    })
    Notification.isSupported()
  } else if (platform === 'darwin') {
    // The click that launched Magpie: its notification is no longer in the history below.
    const launchedBy = routeFromLaunchInfo(launchInfo)
    if (launchedBy) open(launchedBy)
    // Only what a crash or a kill left in Notification Center: a normal quit removes its own
    // notifications (cocoa_notification.mm:33-41).
    Notification.getHistory()
      .then((restored) => {
        for (const notification of restored) {
          // Held until clicked or closed: a collected one would forget its click handler.
          restoredNotifications.add(notification)
          const forget = () => restoredNotifications.delete(notification)
          notification.on('close', forget)
          notification.on('click', () => {
            forget()
            open(routeFromLink(notification.groupId))
          })
        }
      })
      .catch((error: unknown) => console.warn('notification history', error))
  }
}

/** The DesktopPort on a real OS: notifications, the alert count (badge.ts), the theme, the save dialog. */
export function createElectronDesktop(options: {
  window: () => BrowserWindow | null
  tray: () => Tray | null
  trayIconPng: Buffer
  showRoute: (route: string) => void
  /** Where Windows toasts' avatar files go. */
  toastIconDir: string
  /** The OS refused a notification (macOS: an unsigned build; notifications turned off): told once a run. */
  notificationsFailed: (error: string) => void
  /** macOS: a live notification's 좋아요 or 답글 (Windows' come through routeEarlierNotifications). */
  answered: (answer: NotificationAnswer) => void
  /** The page's answer to a quit it was asked about (quit.ts askBeforeQuit). */
  quitAnswered?: (step: 'asking' | 'agreed') => void
  platform?: NodeJS.Platform
}): DesktopPort {
  const platform = options.platform ?? process.platform
  // Electron holds notifications weakly: without a reference here a collected one
  // forgets its click handler and the click would not open the post.
  const shown = new Set<Notification>()
  const tagged = new Map<string, Notification>()
  let failureTold = false

  function create(notification: NativeNotification): Notification {
    let native: Notification
    if (platform === 'win32') {
      // A click on a toast still on screen comes as its 'click'; one in Action Center after the
      // object is gone (or after a restart) through routeEarlierNotifications' activator.
      const iconFile = notification.icon ? toastIconFile(notification.icon, options.toastIconDir) : null
      const id = notificationId(notification.tag)
      const actions = notification.answer ? answerToastActions(id, notification.route, notification.answer) : ''
      native = new Notification({ id, toastXml: toastXml({ ...notification, iconFile, actions }) })
    } else {
      native = new Notification({
        id: platform === 'darwin' ? macNotificationId(notification) : notificationId(notification.tag),
        // macOS: the post's link, which getHistory() gives back after a restart (routeEarlierNotifications).
        groupId: linkFromRoute(notification.route) ?? undefined,
        title: notification.title,
        body: notification.body,
        icon: notification.icon ? nativeImage.createFromBuffer(notification.icon) : undefined,
        silent: notification.update === true,
        ...(platform === 'darwin' && notification.answer ? macAnswerOptions : {})
      })
      if (platform === 'darwin' && notification.answer) listenForMacAnswers(native, notification.answer, options.answered)
    }
    native.on('click', () => {
      shown.delete(native)
      options.showRoute(notification.route)
    })
    return native
  }

  /** Action Center keeps the newest 20 toasts of an app: older objects are let go. */
  function keepInActionCenter(): void {
    for (const oldest of shown) {
      if (shown.size <= actionCenterMax) break
      shown.delete(oldest)
    }
  }

  function show(notification: NativeNotification): void {
    if (!Notification.isSupported()) return
    // A grouped alert's newer text takes the place of its older one (the id does it on macOS and Windows; Linux needs the close).
    const previous = notification.tag ? tagged.get(notification.tag) : undefined
    if (previous) {
      // Only macOS emits 'close' for a close() of our own: forget it here on every OS.
      previous.close()
      shown.delete(previous)
    }
    const native = create(notification)
    if (notification.tag) tagged.set(notification.tag, native)
    const forget = () => {
      shown.delete(native)
      if (notification.tag && tagged.get(notification.tag) === native) tagged.delete(notification.tag)
    }
    native.on('close', (event?: { reason?: string }) => {
      // Windows: a toast that timed out moved to Action Center, where a click reaches only this
      // object (a collected one loses it): it is kept, the newest few only (keepInActionCenter).
      if (platform === 'win32' && event?.reason === 'timedOut') return
      forget()
    })
    native.on('failed', (_event, error: string) => {
      forget()
      if (failureTold) return
      failureTold = true
      console.warn('notification failed', error)
      options.notificationsFailed(error)
    })
    shown.add(native)
    if (platform === 'win32') keepInActionCenter()
    native.show()
  }

  return {
    notify(notification) {
      try {
        show(notification)
      } catch (error) {
        // One notification the OS refused never stops the ones after it (the caller's loop goes on).
        console.warn('notification', error)
      }
    },
    setBadge: createBadge({ window: options.window, tray: options.tray, trayIconPng: options.trayIconPng, platform }),
    isFocused() {
      const window = options.window()
      return Boolean(window && window.isVisible() && window.isFocused())
    },
    setTheme(source) {
      // Overrides the OS for Electron's own UI and the page's prefers-color-scheme; 'system' follows the OS again.
      if (nativeTheme.themeSource !== source) nativeTheme.themeSource = source
    },
    quitAnswered: (step) => options.quitAnswered?.(step),
    async chooseSavePath(suggestedName) {
      // https://www.electronjs.org/docs/latest/api/dialog#dialogshowsavedialogwindow-options:
      // resolves { canceled, filePath }; modal over the window when one is given.
      const saveOptions: SaveDialogOptions = {
        defaultPath: join(app.getPath('downloads'), suggestedName),
        filters: [{ name: 'ZIP', extensions: ['zip'] }],
        properties: ['createDirectory', 'showOverwriteConfirmation']
      }
      const window = options.window()
      const result = window ? await dialog.showSaveDialog(window, saveOptions) : await dialog.showSaveDialog(saveOptions)
      return result.canceled || !result.filePath ? null : result.filePath
    },
    // The file is where the person chose; nothing to hand to the page.
    saved: () => null
  }
}
