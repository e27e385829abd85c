import { mkdirSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import type { ThemeChoice } from '@shared/limits'
import type { AnswerTarget, DesktopPort, NativeNotification } from '../main/desktop-port'

export interface RecordedNotification {
  title: string
  body: string
  hasIcon: boolean
  route: string
  /** Grouped alerts share a tag; `update` means it replaced the tag's notification on screen. */
  tag: string | null
  update: boolean
  /** A comment's can be answered from the notification: the post and its recipient's digest. */
  answer: AnswerTarget | null
}

export interface DesktopRecording {
  notifications: RecordedNotification[]
  badges: number[]
  badge: number
  focused: boolean
  navigations: string[]
  /** Each scheme the renderer asked the OS for, in order. */
  themes: ThemeChoice[]
  /** The page's answers to quits it was asked about (app:quit), in order. */
  quitAnswers: ('asking' | 'agreed')[]
  /** Each file the person saved (내 데이터 내려받기), where it was written. */
  saves: string[]
}

export interface RecordingDesktopOptions {
  /** Where "saved" files go (the save dialog's answer); a fresh temp folder when absent. */
  downloadsDir?: string
  /** The URL a page downloads a saved file from (the harness serves them); absent: none (tests read the path). */
  downloadUrl?: (file: string) => string
}

/**
 * Stands in for Electron's notifications, tray, badge and window in tests and the
 * browser harness, and records every call so a test can read what the user would
 * have seen. `click` does what a click on a native notification does.
 */
export function createRecordingDesktop(onNavigate: (route: string) => void = () => {}, options: RecordingDesktopOptions = {}) {
  const recording: DesktopRecording = { notifications: [], badges: [], badge: 0, focused: false, navigations: [], themes: [], quitAnswers: [], saves: [] }
  const routes: string[] = []
  let downloadsDir = options.downloadsDir ?? null
  /** The save dialog's next answer: the person picks the suggested name (true) or cancels (false). */
  let nextSave = true

  const port: DesktopPort = {
    notify(notification: NativeNotification) {
      routes.push(notification.route)
      recording.notifications.push({
        title: notification.title,
        body: notification.body,
        hasIcon: notification.icon !== null,
        route: notification.route,
        tag: notification.tag ?? null,
        update: notification.update ?? false,
        answer: notification.answer ?? null
      })
    },
    setBadge(count: number) {
      recording.badge = count
      recording.badges.push(count)
    },
    isFocused: () => recording.focused,
    setTheme(source: ThemeChoice) {
      recording.themes.push(source)
    },
    quitAnswered(step) {
      recording.quitAnswers.push(step)
    },
    async chooseSavePath(suggestedName: string) {
      const answer = nextSave
      nextSave = true
      if (!answer) return null
      downloadsDir ??= mkdtempSync(join(tmpdir(), 'magpie-downloads-'))
      mkdirSync(downloadsDir, { recursive: true })
      return join(downloadsDir, suggestedName)
    },
    saved(path: string) {
      recording.saves.push(path)
      return options.downloadUrl ? options.downloadUrl(basename(path)) : null
    }
  }

  return {
    port,
    recording,
    /** The next save dialog is cancelled. */
    cancelNextSave() {
      nextSave = false
    },
    /** Where a saved file named `file` is, when it is one of this desktop's. */
    savedFile(file: string): string | null {
      return recording.saves.find((path) => basename(path) === file) ?? null
    },
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
