import { createHash } from 'node:crypto'
import { messages } from '@shared/messages'
import type { EventPayloads, Result } from '@shared/ipc/contract'
import type { DesktopPort, NotificationAnswer } from '../desktop-port'

/** Whom a notification was for, as it travels through the OS: a digest, never the id itself. */
export function answerRecipient(userId: string): string {
  return createHash('sha256').update(`magpie-answer:${userId}`).digest('hex').slice(0, 16)
}

/**
 * 좋아요 and 답글 from a comment's notification (docs/decisions/036-answer-from-notifications.md).
 * They go through the dispatcher as the page's own calls do (likes:set, comments:add): the same
 * schema, limits, sign-in, blocks and backend rules, as the person signed in now — and only if
 * that is the person the notification was for. A refusal is told in a notification whose click
 * opens the post; a 답글 that was not sent waits in that post's comment box.
 */
export function createNotificationAnswers(options: {
  dispatch: (channel: string, input: unknown) => Promise<Result<unknown>>
  currentUserId: () => string | null
  desktop: Pick<DesktopPort, 'notify'>
  emit: (event: 'comments:replyKept', payload: EventPayloads['comments:replyKept']) => void
}) {
  return async function answer(given: NotificationAnswer): Promise<void> {
    const tell = (body: string) => options.desktop.notify({ title: messages.appName, body, icon: null, route: `/detail/${encodeURIComponent(given.postId)}` })
    const userId = options.currentUserId()
    if (!userId || answerRecipient(userId) !== given.recipient) return tell(messages.answerOtherAccount)
    const result =
      given.kind === 'like'
        ? await options.dispatch('likes:set', { postId: given.postId, liked: true })
        : await options.dispatch('comments:add', { postId: given.postId, text: given.text })
    if (result.ok) return
    if (given.kind === 'like') return tell(result.error.message)
    options.emit('comments:replyKept', { postId: given.postId, text: given.text })
    tell(`${result.error.message} ${messages.answerReplyKept}`)
  }
}
