import type { AlertType } from '@shared/limits'

export interface NotificationPolicyOptions {
  now: () => number
  /** A post's alerts of one type this close to the previous one update its notification instead of popping a new one. */
  groupWindowMs?: number
  /** At most this many notifications (new or updated) per actor … */
  actorLimit?: number
  /** … within this window; the alert list still shows every alert. */
  actorWindowMs?: number
  /** The same actor liking, unliking and liking a post again within this notifies once (docs/specification.md §12). */
  relikeQuietMs?: number
}

export interface NotificationAlert {
  type: AlertType
  postId: string
  actorId: string
  actorName: string
}

export interface NotificationDecision {
  /** The notification to show or replace: same tag, same notification. */
  tag: string
  /** True when it replaces the group's earlier notification (its text changes, it pops no new one). */
  update: boolean
  /** The newest actor, and how many other actors the notification stands for. */
  actorName: string
  others: number
}

/**
 * Which new alerts reach the OS as notifications, and how (docs/decisions/014-unread-alerts.md):
 * twenty likes on a post in a minute are one notification whose text follows ("비님 외 19명 …"),
 * and one actor — anyone may push alerts in the web app's Realtime Database shape — cannot flood
 * someone's notifications. Pure, with the clock passed in, so tests need no waiting.
 */
export function createNotificationPolicy(options: NotificationPolicyOptions) {
  const groupWindowMs = options.groupWindowMs ?? 60_000
  const actorLimit = options.actorLimit ?? 3
  const actorWindowMs = options.actorWindowMs ?? 10 * 60_000
  const relikeQuietMs = options.relikeQuietMs ?? 10 * 60_000

  const groups = new Map<string, { tag: string; lastAt: number; actors: string[] }>()
  const byActor = new Map<string, number[]>()
  const likes = new Map<string, number>()
  let serial = 0
  let decisions = 0

  /** Forgets what no longer matters, now and then, so a long-running app stays small. */
  function prune(now: number): void {
    for (const [key, group] of groups) if (now - group.lastAt >= groupWindowMs) groups.delete(key)
    for (const [actor, times] of byActor) if (times.every((t) => now - t >= actorWindowMs)) byActor.delete(actor)
    for (const [key, at] of likes) if (now - at >= relikeQuietMs) likes.delete(key)
  }

  return {
    /** What to do with one new alert: null when it raises no notification. */
    decide(alert: NotificationAlert): NotificationDecision | null {
      const now = options.now()
      if (++decisions % 500 === 0) prune(now)

      if (alert.type === 'like') {
        const key = `${alert.postId}\u0000${alert.actorId}`
        const last = likes.get(key)
        if (last !== undefined && now - last < relikeQuietMs) return null
        likes.set(key, now)
      }

      const recent = (byActor.get(alert.actorId) ?? []).filter((t) => now - t < actorWindowMs)
      if (recent.length >= actorLimit) {
        byActor.set(alert.actorId, recent)
        return null
      }
      byActor.set(alert.actorId, [...recent, now])

      const key = `${alert.type}\u0000${alert.postId}`
      const group = groups.get(key)
      if (group && now - group.lastAt < groupWindowMs) {
        group.lastAt = now
        group.actors = [alert.actorId, ...group.actors.filter((a) => a !== alert.actorId)]
        return { tag: group.tag, update: true, actorName: alert.actorName, others: group.actors.length - 1 }
      }
      const tag = `${alert.type}-${alert.postId}-${++serial}`
      groups.set(key, { tag, lastAt: now, actors: [alert.actorId] })
      return { tag, update: false, actorName: alert.actorName, others: 0 }
    }
  }
}

export type NotificationPolicy = ReturnType<typeof createNotificationPolicy>
