import { limits } from '@shared/limits'
import type { Keyset } from '../../store/keyset'
import { postFromDoc } from '../../firebase/mapping'
import { FirebasePortError, type Unsubscribe } from '../../firebase/ports'
import { inOrder as inOrderOf, type CommunityContext } from './context'
import { countsFreshMs, createFeedWindow } from './feed-window'
import type { ImageCache } from './image-cache'
import type { MirrorWriter } from './mirror-writer'
import { createOpenPost } from './open-post'
import { createNoticesFollower } from './notices'
import { createStampsSync } from './sync-stamps'

const legacyScanPage = 200

/** comments:list waits this long at most for the open post's first snapshot, then answers from the mirror. */
const firstSnapshotWaitMs = 10_000
/** After the alert list as it stood at the start could not be applied, the listener starts again this much later. */
export const alertsRetryMs = 30_000

/**
 * How far down the server's ordered feed the mirror is known to match it: the top listener and
 * each fetched page extend it. Kept across sessions (mirror state), since what is written
 * meanwhile comes by its stamps (sync-stamps.ts) and each page shown is followed (feed-window.ts),
 * which finds what was deleted or edited. 'end': the whole feed.
 */
export interface FeedCoverage {
  to: Keyset | 'end' | null
}

const coverageKey = 'feedCoverage'
/** The operator's last rescan mark (settings/community.postsRescanAt, server ms) this copy has scanned for. */
const rescanKey = 'postsRescanSeen'
/** When settings/community was last read for it (this computer's ms): once a day at most, a read each. */
const rescanCheckedKey = 'postsRescanCheckedAt'
export const rescanCheckMs = 24 * 60 * 60 * 1000

const keyOf = (doc: { id: string; data: { createdAt?: unknown } }): Keyset => ({ at: postFromDoc(doc as never, 0).createdAt, id: doc.id })

/** a is above (newer than) or at b in the feed's order. */
export const atOrAbove = (a: Keyset, b: Keyset): boolean => a.at > b.at || (a.at === b.at && a.id >= b.id)

/**
 * The listeners that keep the mirror current — the top of the feed, the pages shown, what is
 * written now (by its date text), the open post, the signed-in user's alerts — the first
 * connect's legacy scan, and the comment counts of posts whose comments the mirror does not
 * hold. A listener that fails (offline, permission) is started again when the network comes back.
 */
export function createSync(ctx: CommunityContext, writer: MirrorWriter, images: ImageCache) {
  const { ports, mirror } = ctx
  let coverageTo = readCoverage()
  const coverage: FeedCoverage = {
    get to() {
      return coverageTo
    },
    set to(to) {
      coverageTo = to
      mirror.setState(coverageKey, JSON.stringify(to))
    }
  }
  /** Posts whose comments are being counted now. */
  const counting = new Set<string>()
  /** The posts of the top listener's last snapshot. */
  let top = new Set<string>()
  /** Alerts' posts known to be gone, so a dangling alert does not fetch its post at every change. */
  const missingPosts = new Set<string>()
  let feedTop: Unsubscribe | null = null
  let alerts: { uid: string; userId: string; stop: Unsubscribe | null } | null = null
  let stopConnectivity: Unsubscribe | null = null
  let alertsRetry: NodeJS.Timeout | undefined
  let scanning = false
  /** settings/community was read this session for the operator's rescan mark. */
  let rescanChecked = false
  /** Someone is signed in (follow): only a member may read settings/community. */
  let member = false
  let closed = false
  /** The pages shown, followed live (feed-window.ts). */
  const window = createFeedWindow(ctx, writer, (ids) => void countComments(ids, { again: true }))
  const open = createOpenPost(ctx, writer, (id) => top.has(id) || window.has(id))
  const stamps = createStampsSync(ctx, writer, (ids) => void countComments(ids))
  const notices = createNoticesFollower(ctx)

  function readCoverage(): Keyset | 'end' | null {
    try {
      const saved: unknown = JSON.parse(mirror.state(coverageKey) ?? 'null')
      if (saved === 'end') return 'end'
      const key = saved as Keyset | null
      return key && typeof key.at === 'number' && typeof key.id === 'string' ? { at: key.at, id: key.id } : null
    } catch {
      return null
    }
  }


  /**
   * Mirrors how many comments these posts have, counted by Firebase (an aggregation, a read per
   * 1,000): those never counted, or counted more than countsFreshMs ago; all of them with `again`.
   * Comments written since move it only where they are read (the open post, one's own). Off the caller's path: a
   * count that fails leaves the last known one. The open post is left out when the answer comes.
   */
  function countComments(ids: string[], options: { again?: boolean } = {}): Promise<void> {
    const now = ctx.now()
    const stale = (id: string) => {
      const state = mirror.commentsState(id)
      return state !== null && (options.again || state.countedAt === null || now - state.countedAt >= countsFreshMs)
    }
    const postIds = [...new Set(ids)].filter((id) => !counting.has(id) && stale(id))
    if (postIds.length === 0) return Promise.resolve()
    for (const id of postIds) counting.add(id)
    const work = (async () => {
      try {
        const counts = await ports.docs.commentCounts(postIds)
        if (closed) return
        await writer.commentCounts(Object.fromEntries(Object.entries(counts).filter(([id]) => id !== open.current())))
      } finally {
        for (const id of postIds) counting.delete(id)
      }
    })()
    ctx.background('comment counts', () => work)
    return work.catch(() => {})
  }

  function watchFeedTop(): void {
    const inOrder = inOrderOf(ctx)
    const size = limits.feedPageSize
    feedTop = ports.docs.watchPostsTop(
      size,
      (docs) =>
        inOrder('feed listener', async () => {
          const full = docs.length >= size
          const lower = full ? keyOf(docs.at(-1)!) : null
          await writer.posts(docs, { upper: null, lower })
          if (!full) coverage.to = 'end'
          else if (coverage.to === null) coverage.to = lower
          top = new Set(docs.map((doc) => doc.id))
          // Followed once counted (top is read then: the newest top).
          void countComments([...top]).then(() => window.top([...top]))
        }),
      (error) => {
        feedTop = null
        console.warn('[community] feed listener stopped:', error.reason)
      }
    )
  }

  function restartAlerts(subscription: NonNullable<typeof alerts>): void {
    subscription.stop?.()
    subscription.stop = null
    clearTimeout(alertsRetry)
    alertsRetry = setTimeout(() => {
      if (!closed && alerts === subscription && !subscription.stop && ports.connectivity.online()) watchAlerts(subscription.uid, subscription.userId)
    }, alertsRetryMs)
    alertsRetry.unref()
  }

  function watchAlerts(uid: string, userId: string): void {
    const inOrder = inOrderOf(ctx)
    let first = true
    const subscription = { uid, userId, stop: null as Unsubscribe | null }
    alerts = subscription
    subscription.stop = ports.alerts.watch(
      uid,
      (tree) =>
        inOrder('alerts listener', async () => {
          if (alerts !== subscription) return
          // The list as it stood when the listener started is old news: no notifications for it.
          const silent = first
          // Whom the member blocked or muted, as the project holds it (another computer may have
          // changed it), before any alert is let through; offline the mirror's copy stands.
          if (first) await ports.docs.controls(uid).then((entries) => writer.controls(userId, entries), (error: unknown) => console.warn('[community] blocks:', error))
          let applied: Awaited<ReturnType<MirrorWriter['alerts']>>
          try {
            applied = await writer.alerts(userId, tree, { missingPosts, silent })
          } catch (error) {
            // Not applied (a post it names could not be fetched). A later snapshot would show the
            // old alerts as new, with a notification each: start over instead, silent again.
            if (silent && alerts === subscription) restartAlerts(subscription)
            throw error
          }
          first = false
          // Someone commented on the user's post: its card shows it without the post being opened.
          void countComments(applied.commented, { again: true })
          // Forged ones (alert-backing.ts) go from the database; the owner may remove their own alerts.
          for (const key of applied.unbacked) await ports.alerts.remove(uid, key).catch((error: unknown) => console.warn('[community] unbacked alert:', error))
        }),
      (error) => {
        if (alerts === subscription) subscription.stop = null
        console.warn('[community] alerts listener stopped:', error.reason)
      }
    )
  }

  /**
   * The operator's rescan mark when this copy has not scanned for it (`npm run community --
   * rescan`, after a restore or an import: old posts without createdAt that no day's range
   * finds; decision 042): later than the last scan's. settings/community is read at a start
   * once someone is signed in (a visitor cannot read it), a day or more after it was last read:
   * a read a day, not a start.
   */
  async function rescanMark(): Promise<string | null> {
    if (rescanChecked || !member) return null
    const checked = Number(mirror.state(rescanCheckedKey))
    if (checked > 0 && ctx.now() - checked >= 0 && ctx.now() - checked < rescanCheckMs) {
      rescanChecked = true
      return null
    }
    let mark: number | null
    try {
      mark = (await ports.docs.communitySettings())?.postsRescanAt ?? null
    } catch {
      return null
    }
    rescanChecked = true
    mirror.setState(rescanCheckedKey, String(ctx.now()))
    const scanned = Number(mirror.state(rescanKey) ?? mirror.state('legacyFullScanAt'))
    return mark !== null && mark > scanned ? String(mark) : null
  }

  /**
   * Web app posts have no createdAt, so the ordered feed query never returns them: at the first
   * connect, a paged scan of the whole collection finds them. After it, those written later come
   * by their postDate (sync-stamps.ts), and a shown page's listener finds edits and deletes; old
   * ones that arrive later (a restore) are scanned for when the operator says so (rescanMark).
   */
  async function legacyScan(): Promise<void> {
    if (scanning || closed || !ports.connectivity.online()) return
    scanning = true
    try {
      const first = mirror.state('legacyFullScanAt') === null
      // The first connect's scan finds everything there is: no mark to read for a day.
      if (first) {
        rescanChecked = true
        mirror.setState(rescanCheckedKey, String(ctx.now()))
      }
      const mark = first ? null : await rescanMark()
      if ((!first && mark === null) || closed) return
      const seen = new Set<string>()
      let afterId: string | null = null
      for (;;) {
        const page = await ports.docs.legacyPostsScan(afterId, legacyScanPage)
        const legacy = page.filter((doc) => !postFromDoc(doc, 0).ordered)
        for (const doc of legacy) seen.add(doc.id)
        const complete = page.length < legacyScanPage
        await writer.legacyPosts(legacy, complete, seen)
        void countComments(legacy.map((doc) => doc.id))
        if (complete || closed) break
        afterId = page.at(-1)!.id
      }
      if (closed) return
      mirror.setState('legacyFullScanAt', String(ctx.now()))
      if (mark !== null) mirror.setState(rescanKey, mark)
    } finally {
      scanning = false
    }
  }

  function onConnectivity(online: boolean): void {
    ctx.emit('connection:changed', { mode: 'community', projectId: ports.config.projectId, online })
    stamps.online(online)
    if (!online) return
    // Listeners that failed meanwhile start again; Firebase resumes the others by itself.
    if (!feedTop) watchFeedTop()
    if (alerts && !alerts.stop) watchAlerts(alerts.uid, alerts.userId)
    notices.resume()
    images.resume()
    ctx.background('legacy scan', legacyScan)
  }

  return {
    coverage,
    countComments,

    /** A page of the feed is shown: followed live (but for the top listener's posts), its stale counts asked for again. */
    showing(ids: string[]): void {
      if (closed) return
      const below = ids.filter((id) => !top.has(id))
      window.page(below)
      void countComments(ids).then(() => window.followComments(below))
    },

    /**
     * Waits (bounded) until the open post's comments after `cursor` can be answered from the
     * mirror: its first snapshot, or, for a busy post, the page read on the server.
     */
    async commentsReady(postId: string, cursor: Keyset | null): Promise<void> {
      const ready = open.open(postId)
      if (!ports.connectivity.online()) return
      const bounded = async (work: Promise<void>) => {
        let timer: NodeJS.Timeout | undefined
        await Promise.race([work, new Promise<void>((resolve) => (timer = setTimeout(resolve, firstSnapshotWaitMs)))])
        clearTimeout(timer)
      }
      await bounded(ready)
      const busy = open.busy(postId)
      if (!busy) return
      try {
        await bounded(busy.ensure(cursor, limits.commentPageSize + 1))
      } catch (error) {
        console.warn('[community] busy comments:', error instanceof Error ? error.message : error)
        // A query the project cannot answer (no composite index): read whole. Offline, refused or slow: the mirror answers.
        if (error instanceof FirebasePortError && error.reason === 'unknown') await bounded(open.unpaged(postId))
      }
    },

    start(): void {
      watchFeedTop()
      stamps.start()
      stopConnectivity = ports.connectivity.onChange(onConnectivity)
      ctx.background('legacy scan', legacyScan)
    },

    /** A members-only community let this person in (decision 045): the listeners it refused start again, as after a reconnect. */
    again(): void {
      if (!closed && ports.connectivity.online()) onConnectivity(true)
    },

    /** Follows this user's alerts and removal notices (null: nobody signed in). */
    follow(user: { uid: string; userId: string } | null): void {
      notices.follow(user?.userId ?? null)
      // Signed in now: settings/community (the operator's rescan mark) can be read.
      member = user !== null
      if (member && !rescanChecked) ctx.background('legacy scan', legacyScan)
      if (alerts?.uid === user?.uid && alerts?.userId === user?.userId && alerts?.stop) return
      alerts?.stop?.()
      alerts = null
      if (user) watchAlerts(user.uid, user.userId)
    },

    stop(): void {
      stamps.stop()
      closed = true
      feedTop?.()
      feedTop = null
      window.stop()
      open.stop()
      alerts?.stop?.()
      alerts = null
      notices.follow(null)
      stopConnectivity?.()
      clearTimeout(alertsRetry)
    }
  }
}

export type Sync = ReturnType<typeof createSync>
