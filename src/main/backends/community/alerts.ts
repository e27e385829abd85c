import type { AlertList } from '@shared/types'
import { AppError } from '../../errors'
import { createAlertsService } from '../local/alerts'
import type { Views } from '../../core/mappers'
import type { CommunityAuth } from './auth'
import type { CommunityContext } from './context'
import { remote } from './remote-call'
import type { MirrorWriter } from './mirror-writer'

/** The user's alerts: read from the mirror (kept by the alerts listener), deleted in the Realtime Database first. */
export function createCommunityAlerts(ctx: CommunityContext, views: Views, auth: CommunityAuth, writer: MirrorWriter) {
  const { store, ports } = ctx
  const local = createAlertsService(ctx, views)

  return {
    list: local.list,
    count: local.count,

    async remove(userId: string | null, alertId: string): Promise<AlertList> {
      if (!userId) throw new AppError('loginRequired')
      const owner = store.alerts.ownerOf(alertId)
      // Already gone (a double click, or its post was deleted meanwhile): the wish is fulfilled.
      if (owner === null) return local.list(userId)
      if (owner !== userId) throw new AppError('invalidRequest')
      const { uid } = await auth.author(userId)
      await remote('write', () => ports.alerts.remove(uid, alertId))
      // The repeats it stood for go with it, or the next one would take its place.
      const repeats = writer.repeatsOf(alertId)
      for (const key of repeats) await ports.alerts.remove(uid, key).catch(() => {})
      writer.removedAlerts([alertId, ...repeats])
      store.transaction(() => store.alerts.remove(alertId))
      ctx.published()
      return local.list(userId)
    },

    async clear(userId: string | null): Promise<AlertList> {
      if (!userId) throw new AppError('loginRequired')
      const { uid } = await auth.author(userId)
      await remote('write', () => ports.alerts.clear(uid))
      writer.removedAlerts(ctx.mirror.alertIdsOf(userId))
      store.transaction(() => store.alerts.clear(userId))
      ctx.published()
      return local.list(userId)
    }
  }
}
