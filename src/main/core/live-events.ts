import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { messages } from '@shared/messages'
import type { EventPayloads } from '@shared/ipc/contract'
import type { EventName } from '@shared/ipc/channels'
import type { DesktopPort } from '../desktop-port'
import { notificationIcon } from '../media/image-pipeline'
import type { AlertRecord } from '../store/alerts-store'
import type { ChangeRow } from '../store/changes-store'
import type { ServiceContext } from './context'
import type { Views } from './mappers'
import { alertSentence } from './alert-groups'
import { answerRecipient } from './notification-answers'
import { createNotificationPolicy } from './notification-policy'
import type { NotificationSettingsService } from './notification-settings'

export type Emit = <E extends EventName>(event: E, payload: EventPayloads[E]) => void

/**
 * Turns store changes into what the user sees live: events for the renderer (feed,
 * open post, alert list, 운영 알림), native notifications for new alerts while the window is
 * in the background, and the badge count everywhere.
 */
export function createLiveService(
  ctx: ServiceContext,
  views: Views,
  desktop: DesktopPort,
  emit: Emit,
  currentUserId: () => string | null,
  notifications: Pick<NotificationSettingsService, 'reachFor'>
) {
  const { store } = ctx
  const policy = createNotificationPolicy({ now: ctx.now })

  async function avatarIcon(file: string | undefined): Promise<Buffer | null> {
    if (!file) return null
    try {
      return await notificationIcon(await readFile(join(ctx.imagesDir, file)), 128)
    } catch {
      return null
    }
  }

  /**
   * New alerts, oldest first: those the person's settings let pop up (alert-delivery.ts: not a kind
   * turned off, a muted post, pop-ups off or quiet hours), through the notification policy:
   * grouped per post and type, limited per actor.
   */
  async function notifyNew(userId: string, alertIds: string[]): Promise<void> {
    if (alertIds.length === 0 || desktop.isFocused()) return
    const { reach } = notifications.reachFor(userId)
    const now = ctx.now()
    for (const record of store.alerts.getMany(alertIds)) {
      if (reach(record, now) !== 'popup') continue
      try {
        await notifyOne(record, userId)
      } catch (error) {
        // One alert that cannot be shown never keeps the later ones in the batch from theirs.
        console.error('notification', error)
      }
    }
  }

  async function notifyOne(record: AlertRecord, userId: string): Promise<void> {
    const actorName = views.person(record.actorId, record.actorNickname, null).nickname
    const decision = policy.decide({ type: record.type, postId: record.postId, actorId: record.actorId, actorName })
    if (!decision) return
    desktop.notify({
      title: messages.appName,
      body: alertSentence(record.type, decision.actorName, decision.others, record.commentText),
      icon: await avatarIcon(record.actorAvatar?.variants[0]?.file),
      // A comment's opens the post at that comment, as its row does (decision 022).
      route: record.commentId ? `/detail/${record.postId}?${new URLSearchParams({ comment: record.commentId }).toString()}` : `/detail/${record.postId}`,
      tag: decision.tag,
      update: decision.update,
      // A comment's can be answered from the notification (notification-answers.ts).
      answer: record.type === 'comment' ? { postId: record.postId, recipient: answerRecipient(userId) } : undefined
    })
  }

  /** The badge everywhere is what the signed-in person has not seen. */
  function refreshBadge(): number {
    const userId = currentUserId()
    const count = userId ? store.alerts.unseen(userId) : 0
    desktop.setBadge(count)
    return count
  }

  return {
    refreshBadge,

    handle(rows: ChangeRow[]): void {
      const postIds = new Set<string>()
      let feed = false
      const me = currentUserId()
      const added: string[] = []
      let alertsChanged = false
      let sessionEnded = false
      let notices = false
      for (const row of rows) {
        if (row.kind === 'notices') {
          notices ||= me !== null && row.userId === me
          continue
        }
        if (row.kind === 'session_removed') {
          sessionEnded = true
          continue
        }
        if (row.kind === 'alert_added' || row.kind === 'alert_removed' || row.kind === 'alerts_seen' || row.kind === 'alert_settings') {
          if (me && row.userId === me) {
            alertsChanged = true
            if (row.kind === 'alert_added' && row.alertId) added.push(row.alertId)
          }
          continue
        }
        if (row.kind === 'post_added' || row.kind === 'post_removed') feed = true
        if (row.postId) postIds.add(row.postId)
      }
      if (feed || postIds.size > 0) emit('posts:changed', { postIds: [...postIds], feed })
      // Ours may be the session that ended (signed out from another copy): currentUserId looked it up.
      if (sessionEnded && me === null) {
        emit('session:changed', { user: null })
        refreshBadge()
      }
      // A moderator removed the person's writing (or another copy's 확인): 운영 알림 reads again.
      if (notices) emit('moderation:noticesChanged', {})
      if (!alertsChanged || !me) return
      const count = refreshBadge()
      const newest = added.length > 0 ? store.alerts.getMany([added.at(-1)!])[0] : undefined
      emit('alerts:changed', { count, newest: newest ? { id: newest.id, type: newest.type, postId: newest.postId } : null })
      void notifyNew(me, added).catch((error: unknown) => console.error('notification', error))
    }
  }
}

export type LiveService = ReturnType<typeof createLiveService>
