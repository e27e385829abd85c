import { watchInMax, type CommentDoc, type PostDoc, type Snapshot, type Unsubscribe } from '../../firebase/ports'
import type { CommunityContext } from './context'
import type { MirrorWriter } from './mirror-writer'

/** How many of the pages the reader fetched last are kept live, beside the top of the feed. */
export const windowPages = 3

/**
 * A post with more comments than this is not followed comment by comment: a listener bills
 * every comment it hands back when it starts (10,000 reads for a busy post). Its count is asked
 * for again instead (an aggregation, a read per 1,000 comments) when its card is shown, at most
 * once a minute; the open post's own listener keeps it exact while it is read.
 */
export const followCommentsMax = 200

/** A busy post's comments are counted again at most this often, however often its card is shown. */
export const recountEveryMs = 60_000

/**
 * The feed cards the reader has loaded, kept current without reading the feed again (decision
 * 008, addendum 2026-11-24): the top of the feed (whose documents its own listener already
 * follows) gets a listener on its comments, and each of the last `windowPages` pages fetched
 * gets one on its post documents (likes, edits, deletes) and one on its comments, in chunks of
 * `watchInMax` ids. A page that leaves the window stops its listeners. Each listener is billed
 * its documents once when it starts and one read per document that changes after.
 */
export function createFeedWindow(
  ctx: CommunityContext,
  writer: MirrorWriter,
  openPostId: () => string | null,
  recount: (postIds: string[]) => void
) {
  const { ports, store } = ctx
  interface Watched {
    key: string
    stops: Unsubscribe[]
  }
  let top: Watched | null = null
  /** Oldest first. */
  const pages: Watched[] = []
  let closed = false
  /** When each busy post was last counted again. */
  const recounted = new Map<string, number>()

  const mirroredCount = (id: string): number => store.posts.counts(id)?.commentCount ?? 0

  /** The busy posts among these, by their known comment counts; those not counted in the last minute are counted again. */
  function recountBusy(posts: { id: string; commentCount: number }[]): string[] {
    const busy = posts.filter((post) => post.commentCount > followCommentsMax).map((post) => post.id)
    const now = ctx.now()
    const due = busy.filter((id) => now - (recounted.get(id) ?? -Infinity) >= recountEveryMs)
    for (const id of due) recounted.set(id, now)
    if (due.length > 0) recount(due)
    return busy
  }

  const keyOf = (ids: string[]): string => [...new Set(ids)].sort().join('\n')
  const chunked = (ids: string[]): string[][] => {
    const unique = [...new Set(ids)]
    const chunks: string[][] = []
    for (let i = 0; i < unique.length; i += watchInMax) chunks.push(unique.slice(i, i + watchInMax))
    return chunks
  }

  /** Listener work runs one snapshot at a time per listener, in order. */
  function serial() {
    let chain: Promise<unknown> = Promise.resolve()
    return (label: string, work: () => Promise<unknown>) => {
      const next = chain.then(() => (closed ? undefined : work()))
      chain = next.catch(() => {})
      ctx.background(label, () => next)
    }
  }

  /**
   * The comment count of each post, from every comment on them; the open post counts its own
   * mirrored comments. Posts known to have many comments are counted again instead.
   */
  function watchCounts(postIds: string[]): Unsubscribe {
    const busy = new Set(recountBusy(postIds.map((id) => ({ id, commentCount: mirroredCount(id) }))))
    const ids = postIds.filter((id) => !busy.has(id))
    if (ids.length === 0) return () => {}
    const inOrder = serial()
    return ports.docs.watchCommentsOf(
      ids,
      (docs: Snapshot<CommentDoc>[]) =>
        inOrder('feed window comments', async () => {
          const counts: Record<string, number> = Object.fromEntries(ids.map((id) => [id, 0]))
          for (const doc of docs) if (doc.data.post_id in counts) counts[doc.data.post_id]! += 1
          delete counts[openPostId() ?? '']
          await writer.commentCounts(counts)
        }),
      (error) => console.warn('[community] feed window comments listener stopped:', error.reason)
    )
  }

  /** The posts' documents: changed ones into the mirror; one no longer there was deleted. */
  function watchDocs(ids: string[]): Unsubscribe {
    const inOrder = serial()
    const last = new Map<string, string>()
    return ports.docs.watchPosts(
      ids,
      (docs: Snapshot<PostDoc>[]) =>
        inOrder('feed window posts', async () => {
          const changed = docs.filter((doc) => last.get(doc.id) !== JSON.stringify(doc.data))
          const gone = ids.filter((id) => !docs.some((doc) => doc.id === id))
          last.clear()
          for (const doc of docs) last.set(doc.id, JSON.stringify(doc.data))
          if (changed.length > 0) await writer.posts(changed)
          for (const id of gone) await writer.post(id, null)
        }),
      (error) => console.warn('[community] feed window posts listener stopped:', error.reason)
    )
  }

  const stopAll = (watched: Watched | null | undefined): void => {
    for (const stop of watched?.stops ?? []) stop()
  }

  /** Starts a window entry's listeners once `counted` (its posts' comment counts) is in, if the entry is still wanted by then. */
  function start(watched: Watched, counted: Promise<unknown>, listen: () => Unsubscribe[]): void {
    void counted.then(() => {
      if (closed || (watched !== top && !pages.includes(watched))) return
      watched.stops.push(...listen())
    })
  }

  return {
    /** The top listener's posts: their comments are followed, from when `counted` (their comment counts) is in. */
    top(ids: string[], counted: Promise<unknown> = Promise.resolve()): void {
      const key = keyOf(ids)
      if (closed || top?.key === key) return
      stopAll(top)
      const watched: Watched = { key, stops: [] }
      top = watched
      start(watched, counted, () => chunked(ids).map(watchCounts))
    },

    /** A page the reader fetched: followed until `windowPages` newer ones were, from when `counted` is in. */
    page(ids: string[], counted: Promise<unknown> = Promise.resolve()): void {
      if (closed || ids.length === 0) return
      const key = keyOf(ids)
      const known = pages.findIndex((watched) => watched.key === key)
      if (known >= 0) {
        pages.push(...pages.splice(known, 1))
        return
      }
      const watched: Watched = { key, stops: [] }
      pages.push(watched)
      while (pages.length > windowPages) stopAll(pages.shift())
      start(watched, counted, () => chunked(ids).flatMap((chunk) => [watchDocs(chunk), watchCounts(chunk)]))
    },

    /** Cards the reader is shown (a page of the feed, from the server or the mirror): busy posts' counts are refreshed. */
    shown(posts: { id: string; commentCount: number }[]): void {
      if (!closed) recountBusy(posts)
    },

    /** How many listeners run (for tests: the window stays bounded). */
    listeners(): number {
      return (top?.stops.length ?? 0) + pages.reduce((sum, watched) => sum + watched.stops.length, 0)
    },

    stop(): void {
      closed = true
      stopAll(top)
      top = null
      for (const watched of pages.splice(0)) stopAll(watched)
    }
  }
}

export type FeedWindow = ReturnType<typeof createFeedWindow>
