import { beforeEach, describe, expect, it, vi } from 'vitest'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { BrowserWindow, Tray } from 'electron'
import { messages } from '@shared/messages'
import { activateToast, becomeReady, electronRecording, FakeBrowserWindow, resetElectron } from '../../../tests/support/electron-double'
import { pressToastAction } from '../../../tests/support/electron-double-notification-answers'
import { pretendPlatforms } from '../../../tests/support/pretend-platform'
import type { NativeNotification } from '../desktop-port'
import { createElectronDesktop, routeEarlierNotifications } from './electron-desktop'
import { answerFromActivation } from './notification-answers'

beforeEach(() => {
  resetElectron()
  becomeReady()
})
const pretendPlatform = pretendPlatforms()

const target = { postId: 'p9', recipient: '0123456789abcdef' }
const comment: NativeNotification = { title: '까치', body: '밥님이 댓글을 남겼어요: 멋져요', icon: null, route: '/detail/p9?comment=c1', tag: 'comment-p9', answer: target }

function desktopOn(os: NodeJS.Platform) {
  pretendPlatform(os)
  const answered = vi.fn()
  const opened = vi.fn()
  const window = new FakeBrowserWindow()
  const desktop = createElectronDesktop({
    window: () => window as unknown as BrowserWindow,
    tray: () => null as Tray | null,
    trayIconPng: Buffer.from(''),
    showRoute: opened,
    toastIconDir: mkdtempSync(join(tmpdir(), 'magpie-toast-')),
    notificationsFailed: vi.fn(),
    answered,
    platform: os
  })
  return { desktop, answered, opened }
}

describe('Windows: a comment’s toast has a reply box, 답글 and 좋아요', () => {
  it('in Electron’s argument form, each reaching handleActivation with what was typed, also after a restart', () => {
    const { desktop, answered } = desktopOn('win32')
    const opened = vi.fn()
    routeEarlierNotifications(opened, 'win32', undefined, undefined, answered)
    desktop.notify(comment)
    const xml = String(electronRecording.notifications[0]!.options.toastXml)
    expect(xml).toContain(`<input id="reply" type="text" placeHolderContent="${messages.notificationReplyPlaceholder}"/>`)
    expect(xml).toMatch(/<action activationType="foreground" arguments="type=reply&amp;tag=comment-p9&amp;[^"]*" content="답글" hint-inputId="reply"\/>/)
    expect(xml).toMatch(/<action activationType="foreground" arguments="type=action&amp;action=0&amp;tag=comment-p9&amp;[^"]*" content="좋아요"\/>/)

    expect(activateToast(pressToastAction(xml, '답글', { reply: '고마워요' }))).toBe(true)
    expect(activateToast(pressToastAction(xml, '좋아요'))).toBe(true)
    expect(answered.mock.calls).toEqual([[{ ...target, kind: 'reply', text: '고마워요' }], [{ ...target, kind: 'like' }]])
    expect(opened).not.toHaveBeenCalled()
    // The toast's body still opens the post at the comment.
    activateToast({ type: 'click', arguments: 'magpie://detail/p9?comment=c1' })
    expect(opened).toHaveBeenCalledWith('/detail/p9?comment=c1')
  })

  it('a like’s toast has none', () => {
    const { desktop } = desktopOn('win32')
    desktop.notify({ ...comment, answer: undefined })
    expect(String(electronRecording.notifications[0]!.options.toastXml)).not.toContain('<actions>')
  })

  it('what another program hands over is checked: not our link, no recipient, another button, a bad escape', () => {
    const link = encodeURIComponent('magpie://detail/p9')
    for (const args of [
      `type=action&action=0&link=${encodeURIComponent('https://evil.example/detail/p9')}&to=0123456789abcdef`,
      `type=action&action=0&link=${link}`,
      `type=action&action=0&link=${link}&to=alice@example.com`,
      `type=action&action=1&link=${link}&to=0123456789abcdef`,
      `type=action&action=0&link=${encodeURIComponent('magpie://detail/%E0%A4%A')}&to=0123456789abcdef`
    ]) {
      expect(answerFromActivation({ type: 'action', arguments: args }), args).toBeNull()
    }
    expect(answerFromActivation({ type: 'click', arguments: `type=reply&link=${link}&to=0123456789abcdef` })).toBeNull()
    expect(answerFromActivation({ type: 'reply', arguments: `type=reply&link=${link}&to=0123456789abcdef`, userInputs: { reply: '네' } })).toEqual({ ...target, kind: 'reply', text: '네' })
  })
})

describe('macOS: a reply field and a 좋아요 button on the live notification', () => {
  it('answers through the notification’s reply and action events', () => {
    const { desktop, answered } = desktopOn('darwin')
    desktop.notify(comment)
    const shown = electronRecording.notifications[0]!
    expect(shown.options).toMatchObject({ hasReply: true, replyPlaceholder: messages.notificationReplyPlaceholder, actions: [{ type: 'button', text: '좋아요' }] })
    shown.reply('고마워요')
    shown.action(0)
    expect(answered.mock.calls).toEqual([[{ ...target, kind: 'reply', text: '고마워요' }], [{ ...target, kind: 'like' }]])
  })
})

describe('Linux: Electron gives libnotify no buttons', () => {
  it('shows the comment without answers', () => {
    const { desktop } = desktopOn('linux')
    desktop.notify(comment)
    const options = electronRecording.notifications[0]!.options
    expect(options.hasReply).toBeUndefined()
    expect(options.actions).toBeUndefined()
  })
})
