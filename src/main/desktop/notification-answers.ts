import type { Notification, NotificationConstructorOptions } from 'electron'
import { linkFromRoute, routeFromLink } from '@shared/deep-link'
import { messages } from '@shared/messages'
import type { AnswerTarget, NotificationAnswer } from '../desktop-port'

/**
 * 좋아요 and 답글 on a comment's notification, as each OS offers them (docs/decisions/036-answer-from-notifications.md).
 * Linux has none: Electron 42 gives libnotify only the default action (libnotify_notification.cc:130-134).
 */

const xmlEscape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!)

const recipientShape = /^[0-9a-f]{16}$/

/**
 * Windows: the toast's reply box and buttons, in the argument form Electron's own toasts use
 * ("type=action&action=<i>&tag=<id>", "type=reply&tag=<id>", the box's id "reply":
 * windows_toast_notification.cc:651-728), so every activation reaches Notification.handleActivation
 * with the reply text (windows_toast_activator.cc:431-470, 495-505) — from a toast on screen,
 * in Action Center, or one that started Magpie. Our own keys carry the post and the recipient.
 */
export function answerToastActions(id: string | undefined, route: string, target: AnswerTarget): string {
  const link = linkFromRoute(route)
  if (!link) return ''
  const ours = `&tag=${encodeURIComponent(id ?? '')}&link=${encodeURIComponent(link)}&to=${target.recipient}`
  const action = (args: string, content: string, extra = '') =>
    `<action activationType="foreground" arguments="${xmlEscape(args)}" content="${xmlEscape(content)}"${extra}/>`
  return (
    '<actions>' +
    `<input id="reply" type="text" placeHolderContent="${xmlEscape(messages.notificationReplyPlaceholder)}"/>` +
    action(`type=reply${ours}`, messages.notificationReply, ' hint-inputId="reply"') +
    action(`type=action&action=0${ours}`, messages.notificationLike) +
    '</actions>'
  )
}

/** What Windows handed back for a toast's button or reply box, checked like any link; null if it is not an answer of ours. */
export function answerFromActivation(details: { type: string; arguments: string; reply?: string; userInputs?: Record<string, string> }): NotificationAnswer | null {
  if (details.type !== 'action' && details.type !== 'reply') return null
  const args = new URLSearchParams(details.arguments)
  const route = routeFromLink(args.get('link') ?? '')
  const postId = route?.match(/^\/detail\/([^/?#]+)/)?.[1]
  const recipient = args.get('to') ?? ''
  if (!postId || !recipientShape.test(recipient)) return null
  let id: string
  try {
    id = decodeURIComponent(postId)
  } catch {
    return null
  }
  const target = { postId: id, recipient }
  if (details.type === 'action') return args.get('action') === '0' ? { ...target, kind: 'like' } : null
  return { ...target, kind: 'reply', text: details.reply ?? details.userInputs?.reply ?? '' }
}

/** macOS: a reply field and a 좋아요 button (UNTextInputNotificationAction, "ACTION_0": cocoa_notification.mm:65-98). */
export const macAnswerOptions: Pick<NotificationConstructorOptions, 'hasReply' | 'replyPlaceholder' | 'actions'> = {
  hasReply: true,
  replyPlaceholder: messages.notificationReplyPlaceholder,
  actions: [{ type: 'button', text: messages.notificationLike }]
}

/**
 * macOS: the live notification's 'reply' and 'action' (notification_center_delegate.mm:58-71;
 * electron_api_notification.cc:211-243: the event object carries reply and actionIndex).
 */
export function listenForMacAnswers(native: Notification, target: AnswerTarget, answered: (answer: NotificationAnswer) => void): void {
  native.on('reply', (details) => answered({ ...target, kind: 'reply', text: details.reply }))
  native.on('action', (details) => {
    if (details.actionIndex === 0) answered({ ...target, kind: 'like' })
  })
}
