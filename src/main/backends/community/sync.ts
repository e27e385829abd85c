import { limits } from '@shared/limits'
import type { Keyset } from '../../store/keyset'
import { postFromDoc, webDays } from '../../firebase/mapping'
import { FirebasePortError, type Unsubscribe } from '../../firebase/ports'
import type { CommunityContext } from './context'
import { createFeedWindow } from './feed-window'
import type { ImageCache } from './image-cache'
import type { MirrorWriter } from './mirror-writer'

/** The legacy scan (decision 008) runs at connect, then at most this often. */
export const legacyScanIntervalMs = 24 * 60 * 60 * 1000
/** A day's scan is only a count of the web app's posts while it matches the last full scan's, for at most this long. */
export const legacyFullScanIntervalMs = 7 * legacyScanIntervalMs
const legacyScanPage = 200
const scanCheckMs = 60 * 60 * 1000
/** How often the days being written are checked (a listener per day; see watchDays). */
export const dayCheckMs = 60_000
/** comments:list waits this long at most for the open post's first snapshot, then answers from the mirror. */
const firstSnapshotWaitMs = 10_000
/** After the alert list as it stood at the start could not be applied, the listener starts again this much later. */
export const alertsRetryMs = 30_000

/**
 * How far down the server's ordered feed the mirror is known to match it, this session:
 * the top listener and each fetched page extend it; going offline forgets it (anything may
 * have changed meanwhile). 'end': the whole feed.
 */
export interface FeedCoverage {
  to: Keyset | 'end' | null
}

const keyOf = (doc: { id: string; data: { createdAt?: unknown } }): Keyset => ({ at: postFromDoc(doc as never, 0).createdAt, id: doc.id })

/** a is above (newer than) or at b in the feed's order. */
export const atOrAbove = (a: Keyset, b: Keyset): boolean => a.at > b.at || (a.at === b.at && a.id >= b.id)

/**
 * The listeners that keep the mirror current — the top of the feed, the open post with
 * its comments, the signed-in user's alerts — the legacy scan, and the comment counts of
 * posts whose comments are not listened to. A listener that fails (offline, permission) is
 * started again when the network comes back.
 */
export function createSync(ctx: CommunityContext, writer: MirrorWriter, images: ImageCache) {
  const { ports, mirror } = ctx
  const coverage: FeedCoverage = { to: null }
  /** Posts whose comments were counted on the server this session (forgotten offline, as coverage is). */
  const counted = new Set<string>()
  /** The posts of the top listener's last snapshot. */
  let top: string[] = []
  /** Alerts' posts known to be gone, so a dangling alert does not fetch its post at every change. */
  const missingPosts = new Set<string>()
  let feedTop: Unsubscribe | null = null
  /** The listeners on the days being written, by postDate prefix; a failed one starts again online. */
  const days = new Map<string, { stop: Unsubscribe | null; failed: boolean }>()
  let dayTimer: NodeJS.Timeout | null = null
  let open: { postId: string; stop: Unsubscribe; ready: Promise<void> } | null = null
  let alerts: { uid: string; userId: string; stop: Unsubscribe | null } | null = null
  let stopConnectivity: Unsubscribe | null = null
  let scanTimer: NodeJS.Timeout | null = null
  let alertsRetry: NodeJS.Timeout | undefined
  let scanning = false
  let closed = false
  /** The loaded feed cards' likes and comment counts, live (feed-window.ts). */
  const window = createFeedWindow(ctx, writer, () => open?.postId ?? null, (ids) => void countComments(ids, { again: true }))

  /** Listener work runs one snapshot at a time per listener, in order. */
  function serial() {
    let chain: Promise<unknown> = Promise.resolve()
    return (label: string, work: () => Promise<unknown> | void) => {
      const next = chain.then(work)
      chain = next.catch(() => {})
      ctx.background(label, () => next)
    }
  }

  /**
   * Mirrors how many comments these posts have, counted by Firebase (the mirror holds the
   * comments only of posts that were opened): once per post while online, unless `again`.
   * Off the caller's path: a count that fails leaves the last known one. The open post is left
   * out when the answer comes: its comments are listened to, and their snapshot is its count.
   * Settles (never rejects) once the counts are in the mirror or could not be had.
   */
  function countComments(ids: string[], options: { again?: boolean } = {}): Promise<void> {
    const postIds = options.again ? [...new Set(ids)] : [...new Set(ids)].filter((id) => !counted.has(id))
    if (postIds.length === 0) return Promise.resolve()
    for (const id of postIds) counted.add(id)
    const work = (async () => {
      try {
        const counts = await ports.docs.commentCounts(postIds)
        if (closed) return
        await writer.commentCounts(Object.fromEntries(Object.entries(counts).filter(([id]) => id !== open?.postId)))
      } catch (error) {
        // Asked again when the post next comes from the server.
        for (const id of postIds) counted.delete(id)
        throw error
      }
    })()
    ctx.background('comment counts', () => work)
    return work.catch(() => {})
  }

  function watchFeedTop(): void {
    const inOrder = serial()
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
          top = docs.map((doc) => doc.id)
          // Each snapshot is the whole top: only the posts new to this session are counted.
          window.top(top, countComments(top))
        }),
      (error) => {
        feedTop = null
        console.warn('[community] feed listener stopped:', error.reason)
      }
    )
  }

  /**
   * The web app's posts have no createdAt, so neither the top listener nor a page finds them.
   * Those being written now carry a postDate that starts with one of the days someone somewhere
   * is living (mapping.webDays: two, or three for two hours a day): one listener per day, by a
   * range on the postDate text, puts them into the mirror in their place by time (createdAt from
   * the parsed postDate), and their edits and deletes with them. Only changed documents are
   * written, as the feed window's. A post that leaves a day's snapshot is asked for once: gone
   * (deleted), or changed otherwise (its date edited by hand).
   */
  function watchDay(prefix: string): void {
    const inOrder = serial()
    const last = new Map<string, string>()
    const entry: { stop: Unsubscribe | null; failed: boolean } = { stop: null, failed: false }
    days.set(prefix, entry)
    const stop = ports.docs.watchPostsDated(
      prefix,
      (docs) =>
        inOrder('web app posts listener', async () => {
          if (closed || days.get(prefix) !== entry) return
          const changed = docs.filter((doc) => last.get(doc.id) !== JSON.stringify(doc.data))
          const gone = [...last.keys()].filter((id) => !docs.some((doc) => doc.id === id))
          // Remembered only once applied: what failed is tried again with the next snapshot.
          if (changed.length > 0) await writer.posts(changed)
          for (const doc of changed) last.set(doc.id, JSON.stringify(doc.data))
          for (const id of gone) {
            await writer.post(id, await ports.docs.getPost(id))
            last.delete(id)
          }
          // Their cards' comment counts, once a session (the open post's listener keeps its own).
          void countComments(changed.map((doc) => doc.id))
        }),
      (error) => {
        entry.failed = true
        entry.stop = null
        console.warn('[community] web app posts listener stopped:', error.reason)
      }
    )
    if (!entry.failed) entry.stop = stop
  }

  /** Follows the days being written now: a new day's listener starts, a day nobody lives any more stops, the rest keep running. */
  function watchDays(): void {
    if (closed) return
    const wanted = new Set(webDays(ctx.now()))
    for (const [prefix, entry] of days) {
      if (wanted.has(prefix)) continue
      entry.stop?.()
      days.delete(prefix)
    }
    for (const prefix of wanted) {
      const entry = days.get(prefix)
      if (!entry || entry.failed) watchDay(prefix)
    }
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
    const inOrder = serial()
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
          const { commented } = applied
          // Someone commented on the user's post: its card shows it without the post being opened.
          void countComments(commented, { again: true })
        }),
      (error) => {
        if (alerts === subscription) subscription.stop = null
        console.warn('[community] alerts listener stopped:', error.reason)
      }
    )
  }

  function openPost(postId: string): Promise<void> {
    if (open?.postId === postId) return open.ready
    open?.stop()
    const inOrder = serial()
    let settle: () => void = () => {}
    const ready = new Promise<void>((resolve) => (settle = resolve))
    const fail = (error: FirebasePortError) => {
      if (open?.postId === postId) {
        open.stop()
        open = null
      }
      settle()
      console.warn('[community] post listener stopped:', error.reason)
    }
    const stopPost = ports.docs.watchPost(postId, (doc) => inOrder('post listener', () => writer.post(postId, doc)), fail)
    const stopComments = ports.docs.watchComments(
      postId,
      (docs) =>
        inOrder('comments listener', async () => {
          await writer.comments(postId, docs)
          settle()
        }),
      fail
    )
    open = {
      postId,
      ready,
      stop: () => {
        stopPost()
        stopComments()
        settle()
      }
    }
    return ready
  }

  /**
   * Web app posts have no createdAt, so the ordered feed query never returns them: a paged
   * scan of the whole collection finds them. On a later day, two count aggregations first
   * (a read per 1,000 posts): while the number of such posts is the one the last full scan
   * saw, and that scan is under a week old, only their comments are counted again.
   */
  async function legacyScan(): Promise<void> {
    const last = Number(mirror.state('legacyScanAt') ?? 0)
    if (scanning || closed || ctx.now() - last < legacyScanIntervalMs || !ports.connectivity.online()) return
    scanning = true
    try {
      const counted = await ports.docs.postsCount()
      const legacyCount = String(counted.all - counted.ordered)
      const fullAt = Number(mirror.state('legacyFullScanAt') ?? 0)
      if (closed) return
      if (legacyCount === mirror.state('legacyCount') && ctx.now() - fullAt < legacyFullScanIntervalMs) {
        void countComments(mirror.legacyPostIds(), { again: true })
        mirror.setState('legacyScanAt', String(ctx.now()))
        return
      }
      const seen = new Set<string>()
      let afterId: string | null = null
      for (;;) {
        const page = await ports.docs.legacyPostsScan(afterId, legacyScanPage)
        const legacy = page.filter((doc) => !postFromDoc(doc, 0).ordered)
        for (const doc of legacy) seen.add(doc.id)
        const complete = page.length < legacyScanPage
        await writer.legacyPosts(legacy, complete, seen)
        // The scan is the only way these posts come from the server: counted each time.
        void countComments(legacy.map((doc) => doc.id), { again: true })
        if (complete || closed) break
        afterId = page.at(-1)!.id
      }
      if (closed) return
      // The count from before the scan: a web app post written meanwhile makes the next count differ, and scan again.
      mirror.setState('legacyCount', legacyCount)
      mirror.setState('legacyFullScanAt', String(ctx.now()))
      mirror.setState('legacyScanAt', String(ctx.now()))
    } finally {
      scanning = false
    }
  }

  function onConnectivity(online: boolean): void {
    ctx.emit('connection:changed', { mode: 'community', projectId: ports.config.projectId, online })
    if (!online) {
      coverage.to = null
      counted.clear()
      return
    }
    // Listeners that failed meanwhile start again; Firebase resumes the others by itself.
    if (!feedTop) watchFeedTop()
    // Comments may have come meanwhile, and a top that did not change sends no snapshot to count them by.
    else void countComments(top)
    if (alerts && !alerts.stop) watchAlerts(alerts.uid, alerts.userId)
    watchDays()
    images.resume()
    ctx.background('legacy scan', legacyScan)
  }

  return {
    coverage,
    openPost,
    countComments,
    window,

    /** Waits (bounded) for the open post's first comments snapshot when one can come. */
    async commentsReady(postId: string): Promise<void> {
      const ready = openPost(postId)
      if (!ports.connectivity.online()) return
      let timer: NodeJS.Timeout | undefined
      await Promise.race([ready, new Promise<void>((resolve) => (timer = setTimeout(resolve, firstSnapshotWaitMs)))])
      clearTimeout(timer)
    },

    start(): void {
      watchFeedTop()
      watchDays()
      // At midnight somewhere a day starts being written, and another stops: checked each minute.
      dayTimer = setInterval(watchDays, dayCheckMs)
      dayTimer.unref()
      stopConnectivity = ports.connectivity.onChange(onConnectivity)
      ctx.background('legacy scan', legacyScan)
      // An app that lives in the tray for days still scans daily; the scan itself checks when it last ran.
      scanTimer = setInterval(() => ctx.background('legacy scan', legacyScan), scanCheckMs)
      scanTimer.unref()
    },

    /** Follows this user's alerts (null: nobody signed in). */
    follow(user: { uid: string; userId: string } | null): void {
      if (alerts?.uid === user?.uid && alerts?.userId === user?.userId && alerts?.stop) return
      alerts?.stop?.()
      alerts = null
      if (user) watchAlerts(user.uid, user.userId)
    },

    stop(): void {
      closed = true
      feedTop?.()
      feedTop = null
      for (const entry of days.values()) entry.stop?.()
      days.clear()
      if (dayTimer) clearInterval(dayTimer)
      window.stop()
      open?.stop()
      open = null
      alerts?.stop?.()
      alerts = null
      stopConnectivity?.()
      if (scanTimer) clearInterval(scanTimer)
      clearTimeout(alertsRetry)
    }
  }
}

export type Sync = ReturnType<typeof createSync>
