import type { AlertType } from '@shared/limits'
import type { NotificationSettings, NotificationSettingsView } from '@shared/types'
import { AppError } from '../errors'
import type { ServiceContext } from './context'
import type { Views } from './mappers'
import { excerpt } from './excerpt'
import { alertReach, countsOnBadge, defaultNotificationSettings, type AlertReach } from './alert-delivery'

/**
 * 설정 → 알림 (docs/decisions/026-notification-settings.md), the same in both backends: kept per
 * account in the store the backend reads (community mode: the mirror on this computer, never the
 * web app's documents). Main applies them (alert-delivery.ts); the renderer only edits them here.
 */
export function createNotificationSettings(ctx: ServiceContext, views: Views) {
  const { store } = ctx

  const settingsOf = (userId: string): NotificationSettings => store.notifications.get(userId) ?? defaultNotificationSettings

  function view(userId: string): NotificationSettingsView {
    return {
      settings: settingsOf(userId),
      mutedPosts: store.notifications.mutedPosts(userId).map((record) => ({
        postId: record.postId,
        postWords: excerpt(record.postText),
        postImage: record.postImage ? views.image(record.postImage) : null,
        mutedAt: record.mutedAt
      }))
    }
  }

  function checkQuietHours(quiet: NotificationSettings['quietHours']): void {
    if (quiet && quiet.start === quiet.end) throw new AppError('quietHoursSame', 'quietHours')
  }

  return {
    get(userId: string | null): NotificationSettingsView {
      if (!userId) throw new AppError('loginRequired')
      return view(userId)
    },

    /** Changes the switches named; the rest stay. */
    async set(userId: string | null, changes: Partial<NotificationSettings>): Promise<NotificationSettingsView> {
      if (!userId) throw new AppError('loginRequired')
      checkQuietHours(changes.quietHours ?? null)
      await store.transaction(() => store.notifications.put(userId, { ...settingsOf(userId), ...changes }))
      return view(userId)
    },

    /** 이 게시글 알림 끄기 (and 켜기): only on the caller's own posts, the only ones that alert them. */
    async mutePost(userId: string | null, postId: string, muted: boolean): Promise<NotificationSettingsView> {
      if (!userId) throw new AppError('loginRequired')
      if (muted) {
        const owner = store.posts.ownership(postId)
        if (!owner) throw new AppError('notFound')
        if (owner.authorId !== userId) throw new AppError('invalidRequest')
      }
      const at = ctx.now()
      await store.transaction(() => store.notifications.setMuted(userId, postId, muted, at))
      return view(userId)
    },

    /** How far each of the person's alerts reaches, read once for a batch of them. */
    reachFor(userId: string): { reach(alert: { type: AlertType; postId: string }, at: number): AlertReach; counted(type: AlertType, postId: string): boolean } {
      const settings = settingsOf(userId)
      const muted = store.notifications.mutedIds(userId)
      return {
        reach: (alert, at) => alertReach(settings, { type: alert.type, postMuted: muted.has(alert.postId) }, at),
        counted: (type, postId) => countsOnBadge(settings, type, muted.has(postId))
      }
    }
  }
}

export type NotificationSettingsService = ReturnType<typeof createNotificationSettings>

