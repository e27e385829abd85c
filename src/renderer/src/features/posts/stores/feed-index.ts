import type { QueryClient } from '@tanstack/react-query'
import type { FeedPage } from '@shared/types'

/** Where the reader was in one visit of the feed: the card at the top of the screen and how far into it. */
export interface FeedAnchor {
  /** The card's post ('' when its page was still being read). */
  postId: string
  /** The card's place in the feed: where it is found when its page is no longer in memory. */
  position: number
  /** window.scrollY minus the card's start in the list, in px (positive: the card's top is above the screen). */
  offset: number
}

/**
 * What the feed remembers of every page read this session, after the query cache has dropped
 * the page's posts (the query keeps a few pages only, `maxPages`): the cursor that reads each
 * page again, how many cards it showed, and each card's measured height by its place in the
 * feed. No post's id or text stays here (find asks main, which has them): a page costs a cursor
 * and a card four bytes, so memory stays flat however deep the reader goes, and the list keeps
 * each dropped card's height reserved so nothing jumps when it is read again.
 */
export class FeedIndex {
  /** Page number → the cursor that reads it ('' is the top of the feed). */
  private readonly cursors: string[] = ['']
  private readonly pageOfCursor = new Map<string, number>([['', 0]])
  /** Page number → how many cards it showed. */
  private readonly counts: number[] = []
  /** Place of each page's first card, and after the last the total (rebuilt when a page is recorded). */
  private starts: number[] | null = null
  /** Measured card heights by place in the feed (0: not measured yet). Float32 holds layout's 1/64 px exactly. */
  private heights = new Float32Array(256)
  /** One place per history entry (location key). */
  readonly anchors = new Map<string, FeedAnchor>()
  /** Where the list starts in the page (below the masthead), so a return lays the list out right at once. */
  margin = 0
  /** Changes whenever a recorded page may have moved the cards: the list lays itself out again. */
  version = 0

  setMargin(margin: number): void {
    this.margin = margin
  }

  /** Page number of a cursor; a cursor not met before comes after the last known page. */
  pageOf(cursor: string): number {
    return this.pageOfCursor.get(cursor) ?? this.cursors.length
  }

  /** The cursor of the page before the one `cursor` reads, or undefined at the top. */
  previousCursor(cursor: string): string | undefined {
    const page = this.pageOf(cursor)
    return page > 0 ? this.cursors[page - 1] : undefined
  }

  cursorOfPage(page: number): string | undefined {
    return this.cursors[page]
  }

  /** The cursor below the last page read (find looks down to it), or null once the feed was read to its end. */
  deepestCursor(): string | null {
    return this.cursors[this.counts.length] ?? null
  }

  /** A page as main answered it; returns whether the page after it now has another cursor than before. */
  record(cursor: string, page: FeedPage): boolean {
    const number = this.pageOf(cursor)
    this.cursors[number] = cursor
    this.pageOfCursor.set(cursor, number)
    // Pages never read between the last known one and this (not met with main's cursors) count as empty.
    for (let i = this.counts.length; i < number; i++) this.counts[i] = 0
    this.counts[number] = page.posts.length
    this.starts = null
    this.version++
    const next = page.nextCursor
    if (next === null) {
      // The end of the feed: pages once known below it are gone.
      const moved = this.counts.length > number + 1
      this.counts.length = number + 1
      this.cursors.length = number + 1
      return moved
    }
    const moved = this.cursors[number + 1] !== undefined && this.cursors[number + 1] !== next
    this.cursors[number + 1] = next
    this.pageOfCursor.set(next, number + 1)
    return moved
  }

  private pageStarts(): number[] {
    if (!this.starts) {
      const starts = [0]
      for (const count of this.counts) starts.push(starts.at(-1)! + count)
      this.starts = starts
    }
    return this.starts
  }

  /** How many cards the pages read so far showed. */
  size(): number {
    return this.pageStarts().at(-1)!
  }

  /** The place of a page's first card. */
  startOf(page: number): number {
    const starts = this.pageStarts()
    return starts[Math.min(page, starts.length - 1)]!
  }

  /** The page number holding the card at place `position`, or -1. */
  pageAt(position: number): number {
    const starts = this.pageStarts()
    if (position < 0 || position >= starts.at(-1)!) return -1
    let low = 0
    let high = starts.length - 2
    while (low < high) {
      const middle = (low + high + 1) >> 1
      if (starts[middle]! <= position) low = middle
      else high = middle - 1
    }
    return low
  }

  /** The measured height of the card at a place, or 0 if it was never measured. */
  height(position: number): number {
    return this.heights[position] ?? 0
  }

  setHeight(position: number, height: number): void {
    if (position >= this.heights.length) {
      const grown = new Float32Array(Math.max(position + 1, this.heights.length * 2))
      grown.set(this.heights)
      this.heights = grown
    }
    this.heights[position] = height
  }
}

const indexes = new WeakMap<QueryClient, FeedIndex>()

/** The feed index of one query client (each test's client has its own). */
export function feedIndex(client: QueryClient): FeedIndex {
  let index = indexes.get(client)
  if (!index) {
    index = new FeedIndex()
    indexes.set(client, index)
  }
  return index
}

/** Forgets everything: the feed was reset (another person signed in) and is read again from the top. */
export function resetFeedIndex(client: QueryClient): FeedIndex {
  const index = new FeedIndex()
  indexes.set(client, index)
  return index
}
