import type { AlertList } from '@shared/types'
import type { AlertBound } from '../../store/alerts-store'
import { AppError } from '../../errors'
import { createLocalAlerts } from '../local/alerts'
import type { Views } from '../../core/mappers'
import type { NotificationSettingsService } from '../../core/notification-settings'
import type { CommunityAuth } from './auth'
import type { CommunityContext } from './context'
import { remote } from './remote-call'
import type { MirrorWriter } from './mirror-writer'

/** The user's alerts: read from the mirror (kept by the alerts listener), deleted in the Realtime Database first. */
export function createCommunityAlerts(
  ctx: CommunityContext,
  views: Views,
  auth: CommunityAuth,
  writer: MirrorWriter,
  notifications: NotificationSettingsService
) {
  const { store, ports } = ctx
  const local = createLocalAlerts(ctx, views, notifications)

  return {
    list: local.list,
    count: local.count,

    /** Read or not is Magpie's own (the mirror's seen_at, by the alert's key): the Realtime Database keeps the web app's shape. */
    async markSeen(userId: string | null, through: AlertBound): Promise<AlertList> {
      const seen = await local.markSeen(userId, through)
      ctx.published()
      return seen
    },

    async remove(userId: string | null, alertId: string): Promise<AlertList> {
      if (!userId) throw new AppError('loginRequired')
      const row = local.rowOf(userId, alertId)
      if (row.length === 0) return local.list(userId)
      const { uid } = await auth.author(userId)
      await remote('write', () => ports.alerts.remove(uid, alertId))
      const rest = row.filter((id) => id !== alertId)
      // The rest of the row, and the repeats each stood for, go with it, or the next one would take its place.
      const gone = [...rest, ...row.flatMap((id) => writer.repeatsOf(id))]
      for (const key of gone) await ports.alerts.remove(uid, key).catch(() => {})
      writer.removedAlerts([...row, ...gone])
      await store.transaction(() => store.alerts.removeMany(row))
      ctx.published()
      return local.list(userId)
    },

    async clear(userId: string | null): Promise<AlertList> {
      if (!userId) throw new AppError('loginRequired')
      const { uid } = await auth.author(userId)
      await remote('write', () => ports.alerts.clear(uid))
      writer.removedAlerts(ctx.mirror.alertIdsOf(userId))
      await store.transaction(() => store.alerts.clear(userId))
      ctx.published()
      return local.list(userId)
    }
  }
}
