import { watchInMax, type CommentDoc, type PostDoc, type Snapshot, type Unsubscribe } from '../../firebase/ports'
import { parseWebDate } from '../../firebase/mapping'
import { rangeQueries, rangesMax, stampsSince } from '../../firebase/web-stamps'
import { inOrder, type CommunityContext } from './context'
import type { MirrorWriter } from './mirror-writer'
import { stampSkewMs } from './sync-stamps'

/**
 * A card's comment count is asked for again when it is shown this long after it was counted,
 * unless it is followed: the cards of the window (below) and the open post's are.
 */
export const countsFreshMs = 60 * 60 * 1000

/** How many of the pages the reader was shown last are kept live, beside the top of the feed. */
export const windowPages = 3

/**
 * A post with more comments than this is not read comment by comment when it is opened: a
 * listener bills every comment it hands back (10,000 reads for a busy post). Its comments are
 * read a page at a time on the server instead (busy-comments.ts).
 */
export const followCommentsMax = 200

/**
 * The feed cards the reader was shown, kept current without reading the feed again (decision
 * 008, addenda 2026-11-24 and "The cost of a community"): each of the last `windowPages` pages
 * shown gets a listener on its post documents (likes, edits, deletes — the web app's too, which
 * carry no stamp), in chunks of `watchInMax` ids. Their comment counts are asked for when shown
 * (countsFreshMs), then followed: each card of at most `followCommentsMax` comments gets a listener
 * on its comments stamped since it was shown (web-stamps.ts), and a comment that comes or goes asks
 * its count again (`recount`, a read), so a card shown follows within seconds. A page that leaves the
 * window stops its listeners. Each listener is
 * billed its documents once when it starts and one read per document that changes after: a
 * page the mirror served from an earlier session is checked against the server so.
 */
export function createFeedWindow(ctx: CommunityContext, writer: MirrorWriter, recount: (ids: string[]) => void) {
  const { ports, mirror } = ctx
  interface Watched {
    key: string
    ids: Set<string>
    /** Those of `ids` whose comments are followed. */
    comments: Set<string>
    stops: Unsubscribe[]
  }
  /** Oldest first. */
  const pages: Watched[] = []
  /** The top's cards followed (their ids, sorted and joined) and their comment listeners. */
  const topComments: { key: string; stops: Unsubscribe[] } = { key: '', stops: [] }
  let closed = false

  const keyOf = (ids: string[]): string => [...new Set(ids)].sort().join('\n')
  const chunked = (ids: string[]): string[][] => {
    const unique = [...new Set(ids)]
    const chunks: string[][] = []
    for (let i = 0; i < unique.length; i += watchInMax) chunks.push(unique.slice(i, i + watchInMax))
    return chunks
  }

  /** The posts' documents: changed ones into the mirror; one no longer there was deleted. */
  function watchDocs(ids: string[]): Unsubscribe {
    const apply = inOrder(ctx)
    const last = new Map<string, string>()
    return ports.docs.watchPosts(
      ids,
      (docs: Snapshot<PostDoc>[]) =>
        apply('feed window posts', async () => {
          if (closed) return
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

  /**
   * These cards' comments written since they were shown (from `since`, less a writer's clock skew
   * the ranges allow for), in as few queries as Firestore's 30 disjunctions allow: a comment added
   * or removed on a card asks for its count again. A first snapshot only counts the cards it
   * holds comments for (written between their count and the listener).
   */
  function watchComments(postIds: string[], since: number): Unsubscribe[] {
    if (postIds.length === 0) return []
    const apply = inOrder(ctx)
    // From this computer's wall clock less an hour, not UTC−12's as the stamps sync must: the day's
    // comments from every zone would be read at each start. A writer further behind is counted at the hour.
    const zone = -new Date(since).getTimezoneOffset() * 60_000 - 60 * 60_000
    return rangeQueries(stampsSince(since, ctx.now(), zone).map(({ range }) => range)).flatMap((ranges) => {
      const per = Math.max(1, Math.floor(rangesMax / ranges.length))
      const chunks: string[][] = []
      for (let i = 0; i < postIds.length; i += per) chunks.push(postIds.slice(i, i + per))
      return chunks.map((chunk) => {
        let known: Map<string, string> | null = null
        return ports.docs.watchCommentsStamped(
          chunk,
          ranges,
          (docs) =>
            apply('feed window comments', () => {
              const now = new Map<string, string[]>()
              for (const doc of docs) now.set(doc.data.post_id, [...(now.get(doc.data.post_id) ?? []), doc.id])
              const key = (id: string) => now.get(id)?.sort().join('\n') ?? ''
              // The first snapshot holds the comments of the hours before (a stamp does not say its
              // zone): only a card with one written after its count is counted again.
              const changed = known ? chunk.filter((id) => key(id) !== (known!.get(id) ?? '')) : newerThanCount(docs)
              known = new Map(chunk.map((id) => [id, key(id)]))
              if (!closed && changed.length > 0) recount(changed)
              return Promise.resolve()
            }),
          (error) => console.warn('[community] feed window comments listener stopped:', error.reason)
        )
      })
    })
  }

  /** The cards with a comment dated (read as this computer's time) after their count, or not dated at all. */
  const newerThanCount = (docs: Snapshot<CommentDoc>[]): string[] => {
    const ids = new Set<string>()
    for (const doc of docs) {
      const countedAt = mirror.commentsState(doc.data.post_id)?.countedAt ?? null
      const written = parseWebDate(doc.data.comment_time)
      if (countedAt === null || written === null || written >= countedAt - stampSkewMs) ids.add(doc.data.post_id)
    }
    return [...ids]
  }

  /** The cards worth following, once counted: a busy post's comments of a day alone may be thousands of reads. */
  const followed = (ids: Iterable<string>): string[] =>
    [...new Set(ids)].filter((id) => {
      const state = mirror.commentsState(id)
      return state !== null && state.countedAt !== null && state.count <= followCommentsMax
    })

  const stopAll = (watched: Watched | undefined): void => {
    for (const stop of watched?.stops ?? []) stop()
  }

  return {
    /** A page the reader was shown: followed until `windowPages` newer ones were. */
    page(ids: string[]): void {
      if (closed || ids.length === 0) return
      const key = keyOf(ids)
      const known = pages.findIndex((watched) => watched.key === key)
      if (known >= 0) {
        pages.push(...pages.splice(known, 1))
        return
      }
      // Shown again with a post more or less (a page read after a change): those followed already stay followed.
      if (ids.every((id) => pages.some((watched) => watched.ids.has(id)))) return
      pages.push({ key, ids: new Set(ids), comments: new Set(), stops: chunked(ids).map(watchDocs) })
      while (pages.length > windowPages) stopAll(pages.shift())
    },

    /** A page's cards, once counted: their comments followed while the page is in the window. */
    followComments(ids: string[]): void {
      if (closed) return
      const since = ctx.now() - stampSkewMs
      for (const watched of pages) {
        const fresh = followed(ids.filter((id) => watched.ids.has(id) && !watched.comments.has(id)))
        for (const id of fresh) watched.comments.add(id)
        watched.stops.push(...watchComments(fresh, since))
      }
    },

    /**
     * The top of the feed (its documents have their own listener): its cards' comments are
     * followed as the window's are, a card's listeners started when it comes into the top and
     * stopped when it leaves.
     */
    top(ids: string[]): void {
      if (closed) return
      const wanted = followed(ids).sort()
      const key = wanted.join('\n')
      if (key === topComments.key) return
      for (const stop of topComments.stops) stop()
      topComments.key = key
      topComments.stops = watchComments(wanted, ctx.now() - stampSkewMs)
    },

    /** Whether the post's document is followed by a page of the window. */
    has(postId: string): boolean {
      return pages.some((watched) => watched.ids.has(postId))
    },

    /** How many listeners run (for tests: the window stays bounded). */
    listeners(): number {
      return pages.reduce((sum, watched) => sum + watched.stops.length, 0) + topComments.stops.length
    },

    stop(): void {
      closed = true
      for (const watched of pages.splice(0)) stopAll(watched)
      for (const stop of topComments.stops.splice(0)) stop()
    }
  }
}

export type FeedWindow = ReturnType<typeof createFeedWindow>
