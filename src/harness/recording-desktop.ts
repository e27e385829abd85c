import type { ThemeChoice } from '@shared/limits'
import type { DesktopPort, NativeNotification } from '../main/desktop-port'

export interface RecordedNotification {
  title: string
  body: string
  hasIcon: boolean
  route: string
  /** Grouped alerts share a tag; `update` means it replaced the tag's notification on screen. */
  tag: string | null
  update: boolean
}

export interface DesktopRecording {
  notifications: RecordedNotification[]
  badges: number[]
  badge: number
  focused: boolean
  navigations: string[]
  /** Each scheme the renderer asked the OS for, in order. */
  themes: ThemeChoice[]
}

/**
 * Stands in for Electron's notifications, tray, badge and window in tests and the
 * browser harness, and records every call so a test can read what the user would
 * have seen. `click` does what a click on a native notification does.
 */
export function createRecordingDesktop(onNavigate: (route: string) => void = () => {}) {
  const recording: DesktopRecording = { notifications: [], badges: [], badge: 0, focused: false, navigations: [], themes: [] }
  const routes: string[] = []

  const port: DesktopPort = {
    notify(notification: NativeNotification) {
      routes.push(notification.route)
      recording.notifications.push({
        title: notification.title,
        body: notification.body,
        hasIcon: notification.icon !== null,
        route: notification.route,
        tag: notification.tag ?? null,
        update: notification.update ?? false
      })
    },
    setBadge(count: number) {
      recording.badge = count
      recording.badges.push(count)
    },
    isFocused: () => recording.focused,
    setTheme(source: ThemeChoice) {
      recording.themes.push(source)
    }
  }

  return {
    port,
    recording,
    setFocused(focused: boolean) {
      recording.focused = focused
    },
    /** The window comes to the front on the notification's post. */
    click(index: number): string | null {
      const route = routes[index]
      if (!route) return null
      recording.focused = true
      recording.navigations.push(route)
      onNavigate(route)
      return route
    }
  }
}

export type RecordingDesktop = ReturnType<typeof createRecordingDesktop>
