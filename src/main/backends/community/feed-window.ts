import { watchInMax, type PostDoc, type Snapshot, type Unsubscribe } from '../../firebase/ports'
import { inOrder, type CommunityContext } from './context'
import type { MirrorWriter } from './mirror-writer'

/**
 * A card's comment count is asked for again when it is shown this long after it was counted:
 * counts are not followed live (a listener on every comment of every card shown costs a read
 * per comment), but for the open post's and those of comment alerts on one's own posts.
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
 * (countsFreshMs). A page that leaves the window stops its listeners. Each listener is
 * billed its documents once when it starts and one read per document that changes after: a
 * page the mirror served from an earlier session is checked against the server so.
 */
export function createFeedWindow(ctx: CommunityContext, writer: MirrorWriter) {
  const { ports } = ctx
  interface Watched {
    key: string
    ids: Set<string>
    stops: Unsubscribe[]
  }
  /** Oldest first. */
  const pages: Watched[] = []
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
      pages.push({ key, ids: new Set(ids), stops: chunked(ids).map(watchDocs) })
      while (pages.length > windowPages) stopAll(pages.shift())
    },

    /** Whether the post's document is followed by a page of the window. */
    has(postId: string): boolean {
      return pages.some((watched) => watched.ids.has(postId))
    },

    /** How many listeners run (for tests: the window stays bounded). */
    listeners(): number {
      return pages.reduce((sum, watched) => sum + watched.stops.length, 0)
    },

    stop(): void {
      closed = true
      for (const watched of pages.splice(0)) stopAll(watched)
    }
  }
}

export type FeedWindow = ReturnType<typeof createFeedWindow>
