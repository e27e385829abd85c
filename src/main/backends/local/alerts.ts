import { limits } from '@shared/limits'
import type { AlertList } from '@shared/types'
import { AppError } from '../../errors'
import type { ServiceContext } from '../../core/context'
import type { Views } from '../../core/mappers'

export function createAlertsService(ctx: ServiceContext, views: Views) {
  const { store } = ctx

  function list(userId: string | null): AlertList {
    if (!userId) throw new AppError('loginRequired')
    return {
      alerts: store.alerts.list(userId, limits.alertPageMax).map(views.alert),
      count: store.alerts.count(userId)
    }
  }

  return {
    list,
    count(userId: string | null): number {
      return userId ? store.alerts.count(userId) : 0
    },
    remove(userId: string | null, alertId: string): AlertList {
      if (!userId) throw new AppError('loginRequired')
      store.transaction(() => {
        const owner = store.alerts.ownerOf(alertId)
        // Already gone (a double click, or its post was deleted meanwhile): the wish is fulfilled.
        if (owner === null) return
        if (owner !== userId) throw new AppError('invalidRequest')
        store.alerts.remove(alertId)
      })
      return list(userId)
    },
    clear(userId: string | null): AlertList {
      if (!userId) throw new AppError('loginRequired')
      store.transaction(() => store.alerts.clear(userId))
      return list(userId)
    }
  }
}

export type AlertsService = ReturnType<typeof createAlertsService>
