import type { AlertType } from '@shared/limits'
import type { NotificationSettings } from '@shared/types'

/**
 * How far one alert reaches, by the person's 설정 → 알림 (docs/decisions/026-notification-settings.md):
 *  - 'list': listed only (its kind is turned off, or its post is muted): not counted, no pop-up;
 *  - 'badge': counted on the badge, tray and dock, no pop-up (pop-ups off, or quiet hours);
 *  - 'popup': counted and, through the notification policy, popped up.
 * Pure, so other filters (a blocked person's alerts) compose with it by running first.
 */
export type AlertReach = 'list' | 'badge' | 'popup'

export const defaultNotificationSettings: NotificationSettings = { likes: true, comments: true, popups: true, quietHours: null }

/** Whether alerts of this kind on this post count on the badge: the store's badge count says the same in SQL. */
export function countsOnBadge(settings: NotificationSettings, type: AlertType, postMuted: boolean): boolean {
  return !postMuted && (type === 'like' ? settings.likes : settings.comments)
}

/** Minutes after midnight in the computer's own time zone at `at` (ms since the epoch). */
export function localMinutes(at: number): number {
  const date = new Date(at)
  return date.getHours() * 60 + date.getMinutes()
}

/** Whether `minutes` (after local midnight) falls in the quiet hours: from start, up to but not including end; may span midnight. */
export function inQuietHours(quiet: NotificationSettings['quietHours'], minutes: number): boolean {
  if (!quiet || quiet.start === quiet.end) return false
  return quiet.start < quiet.end ? minutes >= quiet.start && minutes < quiet.end : minutes >= quiet.start || minutes < quiet.end
}

export function alertReach(settings: NotificationSettings, alert: { type: AlertType; postMuted: boolean }, at: number): AlertReach {
  if (!countsOnBadge(settings, alert.type, alert.postMuted)) return 'list'
  if (!settings.popups || inQuietHours(settings.quietHours, localMinutes(at))) return 'badge'
  return 'popup'
}
