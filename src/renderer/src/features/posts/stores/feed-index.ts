import type { QueryClient } from '@tanstack/react-query'
import type { FeedPage } from '@shared/types'

/** Where the reader was in one visit of the feed: the card at the top of the screen and how far into it. */
export interface FeedAnchor {
  postId: string
  /** window.scrollY minus the card's start in the list, in px (positive: the card's top is above the screen). */
  offset: number
}

/**
 * What the feed remembers of every page read this session, after the query cache has dropped
 * the page's posts (the query keeps a few pages only, `maxPages`): the cursor that reads each
 * page again, the order of its post ids, each card's measured height and the words find can
 * look for. That is a few hundred bytes a post, against the kilobytes of a post and its card:
 * the window of cards stays the same size however deep the reader goes, and the list keeps
 * each dropped card's height reserved so nothing jumps when it is read again.
 */
export class FeedIndex {
  /** Page number → the cursor that reads it ('' is the top of the feed). */
  private readonly cursors: string[] = ['']
  private readonly pageOfCursor = new Map<string, number>([['', 0]])
  private readonly pages: string[][] = []
  private readonly words = new Map<string, string>()
  private cachedOrder: string[] | null = null
  private cachedPosition: Map<string, number> | null = null
  /** Measured card heights by post id (the virtualizer's size cache, kept across visits). */
  readonly sizes = new Map<string, number>()
  /** One place per history entry (location key). */
  readonly anchors = new Map<string, FeedAnchor>()
  /** Where the list starts in the page (below the masthead), so a return lays the list out right at once. */
  margin = 0

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

  /** A page as main answered it; returns whether the page after it now has another cursor than before. */
  record(cursor: string, page: FeedPage): boolean {
    const number = this.pageOf(cursor)
    this.cursors[number] = cursor
    this.pageOfCursor.set(cursor, number)
    this.pages[number] = page.posts.map((post) => post.id)
    for (const post of page.posts) this.words.set(post.id, `${post.author.nickname}\n${post.text}`.toLocaleLowerCase())
    this.cachedOrder = null
    this.cachedPosition = null
    const next = page.nextCursor
    if (next === null) {
      // The end of the feed: pages once known below it are gone.
      const moved = this.pages.length > number + 1
      this.pages.length = number + 1
      this.cursors.length = number + 1
      return moved
    }
    const moved = this.cursors[number + 1] !== undefined && this.cursors[number + 1] !== next
    this.cursors[number + 1] = next
    this.pageOfCursor.set(next, number + 1)
    return moved
  }

  /** Every post id read this session, in feed order, each once (a post pushed to the next page by a new one stays where first met). */
  order(): string[] {
    if (this.cachedOrder) return this.cachedOrder
    const seen = new Set<string>()
    const order: string[] = []
    for (const ids of this.pages) {
      for (const id of ids ?? []) {
        if (seen.has(id)) continue
        seen.add(id)
        order.push(id)
      }
    }
    this.cachedOrder = order
    return order
  }

  /** Index of a post in order(), or -1. */
  position(postId: string): number {
    if (!this.cachedPosition) this.cachedPosition = new Map(this.order().map((id, index) => [id, index]))
    return this.cachedPosition.get(postId) ?? -1
  }

  /** The page number holding the post at index `index` of order(). */
  pageAt(index: number): number {
    const id = this.order()[index]
    return id === undefined ? -1 : this.pages.findIndex((ids) => ids?.includes(id))
  }

  /** Indexes in order() of the posts whose nickname or text contains `query` (case-insensitive). */
  find(query: string): number[] {
    const needle = query.trim().toLocaleLowerCase()
    if (!needle) return []
    const found: number[] = []
    this.order().forEach((id, index) => {
      if (this.words.get(id)?.includes(needle)) found.push(index)
    })
    return found
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
