import { reportTargets, type ReportTarget } from '@shared/limits'
import type { NoticeDoc, Snapshot, Unsubscribe } from '../../firebase/ports'
import { inOrder as inOrderOf, type CommunityContext } from './context'

const isTarget = (value: string): value is ReportTarget => (reportTargets as readonly string[]).includes(value)

/**
 * The signed-in person's removal notices (운영 알림, docs/decisions/030-reports-and-moderators.md),
 * followed by a listener on notices/{key}/items while they are signed in: the first snapshot reads
 * what is there, then only a notice added or removed is read. Each snapshot replaces the mirror's
 * copy, whose change log tells the renderer (live-events.ts). A listener that stopped (offline,
 * refused) starts again when the network comes back (resume).
 */
export function createNoticesFollower(ctx: CommunityContext) {
  const { store, ports } = ctx
  const inOrder = inOrderOf(ctx)
  let following: { userId: string; stop: Unsubscribe | null } | null = null

  async function apply(userId: string, docs: Snapshot<NoticeDoc>[]): Promise<void> {
    const ids = new Set(docs.map((doc) => doc.id))
    await store.transaction(() => {
      const held = store.moderation.notices(userId)
      const known = new Set(held.map((notice) => notice.id))
      for (const old of held) if (!ids.has(old.id)) store.moderation.removeNotice(userId, old.id)
      for (const { id, data } of docs) {
        if (!known.has(id) && isTarget(data.kind)) store.moderation.addNotice({ id, userId, kind: data.kind, excerpt: data.excerpt, reason: data.reason, createdAt: data.at })
      }
    })
    ctx.published()
  }

  return {
    /** Follows this person's notices (null: nobody signed in). */
    follow(userId: string | null): void {
      if (following && following.userId === userId && following.stop) return
      following?.stop?.()
      following = null
      const key = userId ? store.controls.keyOf(userId) : null
      if (!userId || !key) return
      const subscription: { userId: string; stop: Unsubscribe | null } = { userId, stop: null }
      following = subscription
      subscription.stop = ports.docs.watchNotices(
        key,
        (docs) => {
          if (following === subscription) inOrder('notices', () => apply(userId, docs))
        },
        (error) => {
          if (following === subscription) subscription.stop = null
          console.warn('[community] notices listener stopped:', error.reason)
        }
      )
    },

    /** The network came back: a listener that stopped starts again. */
    resume(): void {
      if (following && !following.stop) this.follow(following.userId)
    }
  }
}

export type NoticesFollower = ReturnType<typeof createNoticesFollower>
