import { limits } from '@shared/limits'
import type { AlertList } from '@shared/types'
import { AppError } from '../../errors'
import type { ServiceContext } from '../../core/context'
import type { Views } from '../../core/mappers'
import type { NotificationSettingsService } from '../../core/notification-settings'
import { groupAlerts } from '../../core/alert-groups'
import type { AlertBound } from '../../store/alerts-store'

export function createLocalAlerts(ctx: ServiceContext, views: Views, notifications: NotificationSettingsService) {
  const { store } = ctx

  function list(userId: string | null): AlertList {
    if (!userId) throw new AppError('loginRequired')
    // A row of a kind turned off, or of a muted post, is listed but marked, and not in `unseen` (decision 026).
    const { counted } = notifications.reachFor(userId)
    return {
      alerts: groupAlerts(store.alerts.list(userId, limits.alertPageMax)).map((row) =>
        views.alert(row, !counted(row.head.type, row.head.postId))
      ),
      count: store.alerts.count(userId),
      unseen: store.alerts.unseen(userId)
    }
  }

  /** The alerts a row of the caller's list stands for; none when it is gone, refused when it is someone else's. */
  function rowOf(userId: string, alertId: string): string[] {
    const owner = store.alerts.ownerOf(alertId)
    // Already gone (a double click, or its post was deleted meanwhile): the wish is fulfilled.
    if (owner === null) return []
    if (owner !== userId) throw new AppError('invalidRequest')
    return store.alerts.groupOf(alertId)
  }

  return {
    list,
    rowOf,
    /** The badge: what the person has not seen. */
    count(userId: string | null): number {
      return userId ? store.alerts.unseen(userId) : 0
    },
    /** The caller saw their list down from `through` (its newest alert when shown): those alerts are read. */
    async markSeen(userId: string | null, through: AlertBound): Promise<AlertList> {
      if (!userId) throw new AppError('loginRequired')
      await store.transaction(() => store.alerts.markSeen(userId, through, ctx.now()))
      return list(userId)
    },
    /** Deletes a row: its alerts up to the one it was shown with. */
    async remove(userId: string | null, alertId: string): Promise<AlertList> {
      if (!userId) throw new AppError('loginRequired')
      await store.transaction(() => store.alerts.removeMany(rowOf(userId, alertId)))
      return list(userId)
    },
    async clear(userId: string | null): Promise<AlertList> {
      if (!userId) throw new AppError('loginRequired')
      await store.transaction(() => store.alerts.clear(userId))
      return list(userId)
    }
  }
}

export type LocalAlerts = ReturnType<typeof createLocalAlerts>
