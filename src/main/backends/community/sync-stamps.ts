import type { PostDoc, Snapshot, Unsubscribe } from '../../firebase/ports'
import { localeDayRanges, rangeQueries, stampsSince, webDays, type StampRange } from '../../firebase/web-stamps'
import { inOrder, type CommunityContext } from './context'
import type { MirrorWriter } from './mirror-writer'

/** A writer's clock may run this far behind: the next session's ranges start this much before the last sync. */
export const stampSkewMs = 10 * 60_000
/** How often the days followed are checked (a day starts somewhere each hour) and the sync mark moves on. */
export const dayCheckMs = 60_000
/** The mirror state key of the sync mark: everything written before it (less stampSkewMs) is in the mirror. */
export const stampsMarkKey = 'stampsSyncedAt'

const idsOf = (docs: { id: string }[]): string[] => docs.map((doc) => doc.id)

/**
 * The ranges of `postDate` holding what was written on these days: the ko-KR text from `since`
 * on (the first day's part), and the whole day in every other locale's form, which a web app
 * in another browser writes (decision 042).
 */
function dayRanges(days: { day: string; range: StampRange }[]): StampRange[] {
  return [...days.map(({ range }) => range), ...days.flatMap(({ day }) => localeDayRanges(day))]
}

/**
 * The posts written since the last session and those written now, found by the `postDate`
 * text both the web app and Magpie write — ko-KR, or the web app's browser's locale's form
 * (web-stamps.ts; decisions 008, "The cost of a community", and 042): the web app's have no
 * createdAt, so no ordered query finds them. The days still
 * being written somewhere are listened to from the mark on (joined into as few ranges as their
 * texts allow); the days between the mark and them are read once. The mark moves on while every
 * listener is live, so a session resumes where the last one stopped and reads only what was
 * written since: no scan of the collection after the first connect.
 */
export function createStampsSync(ctx: CommunityContext, writer: MirrorWriter, countComments: (ids: string[]) => void) {
  const { ports, mirror } = ctx
  interface Listener {
    stop: Unsubscribe | null
    failed: boolean
    /** A snapshot was applied since the network last came back. */
    heard: boolean
  }
  /** By their ranges, `from|to` each. */
  const listeners = new Map<string, Listener>()
  /** Where this session's ranges start: the mark less stampSkewMs, or, at the first connect, now. */
  let since = 0
  /** The days between the mark and the live ones are in (false until read, and again after a failure). */
  let caughtUp = false
  let catchingUp = false
  let timer: NodeJS.Timeout | null = null
  let closed = false

  /**
   * Each snapshot is all the range's posts: only changed documents are written. One that left
   * the view is asked for once: deleted, or its date edited by hand.
   */
  function listen(key: string, ranges: StampRange[]): void {
    const entry: Listener = { stop: null, failed: false, heard: false }
    listeners.set(key, entry)
    const queue = inOrder(ctx)
    const last = new Map<string, string>()
    const apply = async (docs: Snapshot<PostDoc>[]) => {
      if (closed || listeners.get(key) !== entry) return
      // Heard only once this snapshot is applied: the mark must not pass one that failed.
      entry.heard = false
      const changed = docs.filter((doc) => last.get(doc.id) !== JSON.stringify(doc.data))
      const gone = [...last.keys()].filter((id) => !docs.some((doc) => doc.id === id))
      // Remembered only once applied: what failed is tried again with the next snapshot.
      if (changed.length > 0) await writer.posts(changed)
      for (const doc of changed) last.set(doc.id, JSON.stringify(doc.data))
      for (const id of gone) {
        await writer.post(id, await ports.docs.getPost(id))
        last.delete(id)
      }
      countComments(idsOf(changed))
      entry.heard = true
      mark()
    }
    const stop = ports.docs.watchPostsStamped(
      ranges,
      (docs) => queue('posts of the day', () => apply(docs)),
      (error) => {
        entry.failed = true
        console.warn('[community] posts of the day listener stopped:', error.reason)
      }
    )
    if (!closed) entry.stop = stop
  }

  /** The ranges of the days being written now, from `since` on: one query (and listener) each group. */
  function liveRanges(now: number): Map<string, StampRange[]> {
    const live = new Set(webDays(now))
    const groups = rangeQueries(dayRanges(stampsSince(since, now).filter(({ day }) => live.has(day))))
    return new Map(groups.map((ranges) => [ranges.map((range) => `${range.from}|${range.to}`).join('\n'), ranges]))
  }

  /** Follows the days being written now: a day that starts or ends somewhere changes the ranges; a failed listener starts again. */
  function follow(): void {
    if (closed) return
    const wanted = liveRanges(ctx.now())
    for (const [key, entry] of listeners) {
      if (wanted.has(key) && !entry.failed) continue
      // A day that ended while its listener was not live (offline, asleep, failed): read it once more.
      if (entry.failed || !entry.heard) caughtUp = false
      entry.stop?.()
      listeners.delete(key)
    }
    for (const [key, ranges] of wanted) if (!listeners.has(key)) listen(key, ranges)
  }

  /** The days from the mark to the live ones, read once: what was written while no copy of Magpie here was running. */
  async function catchUp(): Promise<void> {
    if (caughtUp || catchingUp || closed || !ports.connectivity.online()) return
    catchingUp = true
    try {
      const live = new Set(webDays(ctx.now()))
      const past = rangeQueries(dayRanges(stampsSince(since, ctx.now()).filter(({ day }) => !live.has(day))))
      for (const ranges of past) {
        if (closed) return
        const posts = await ports.docs.postsStamped(ranges)
        if (posts.length > 0) await writer.posts(posts)
        countComments(idsOf(posts))
      }
      caughtUp = !closed
      mark()
    } finally {
      catchingUp = false
    }
  }

  /**
   * Moves the mark on while everything since it is in the mirror: the days before are read, and
   * each listener has applied a snapshot since the network last came back (the adapter hands over
   * only snapshots the server confirmed). What it sends later is covered by stampSkewMs.
   */
  function mark(): void {
    if (closed || !caughtUp || !ports.connectivity.online() || listeners.size === 0) return
    if ([...listeners.values()].every((entry) => !entry.failed && entry.heard)) mirror.setState(stampsMarkKey, String(ctx.now()))
  }

  function tick(): void {
    follow()
    if (!caughtUp) ctx.background('posts catch-up', catchUp)
    mark()
  }

  return {
    start(): void {
      const last = Number(mirror.state(stampsMarkKey))
      const resumed = Number.isFinite(last) && last > 0
      const now = ctx.now()
      since = (resumed ? Math.min(last, now) : now) - stampSkewMs
      // At the first connect there is nothing between a mark and now to read.
      caughtUp = !resumed
      follow()
      ctx.background('posts catch-up', catchUp)
      timer = setInterval(tick, dayCheckMs)
      timer.unref()
    },

    online(online: boolean): void {
      for (const entry of listeners.values()) entry.heard = false
      if (!online) return
      follow()
      ctx.background('posts catch-up', catchUp)
    },

    stop(): void {
      mark()
      closed = true
      for (const entry of listeners.values()) entry.stop?.()
      listeners.clear()
      if (timer) clearInterval(timer)
    }
  }
}

export type StampsSync = ReturnType<typeof createStampsSync>
