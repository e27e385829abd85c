import type { InfiniteData } from '@tanstack/react-query'
import type { Virtualizer } from '@tanstack/react-virtual'
import type { FeedPage, PostView } from '@shared/types'
import type { FeedAnchor, FeedIndex } from '../stores/feed-index'

/**
 * The feed's places and heights (Feed.tsx's FeedWindow): where each cached post sits in the whole
 * feed, where the reader's card is now, and which measured heights the virtualizer keeps.
 */

/** A typical card's height before it is measured, and the space between cards (Feed.module.css). */
export const estimate = 680
export const gap = 28
/** Measured heights the virtualizer keeps on either side of the window; the feed index keeps all of them. */
const keptMeasured = 100

/** The place in the feed of the first card of the cache's `k`th page. */
export const cachedPageStart = (index: FeedIndex, data: InfiniteData<FeedPage, unknown>, k: number): number =>
  index.startOf(index.pageOf(String(data.pageParams[k])))

/** The posts in the cache by their place in the feed. */
export function placesOf(index: FeedIndex, data: InfiniteData<FeedPage, unknown>): Map<number, PostView> {
  const places = new Map<number, PostView>()
  data.pages.forEach((page, k) => {
    const start = cachedPageStart(index, data, k)
    page.posts.forEach((post, i) => places.set(start + i, post))
  })
  return places
}

/** The anchor card's place now: where its post is, if its page is in memory (posts above it may have come or gone), else where it was. */
export function placeOf(anchor: FeedAnchor, places: Map<number, PostView>, count: number): number {
  if (anchor.postId) for (const [position, post] of places) if (post.id === anchor.postId) return position
  return anchor.position < count ? anchor.position : -1
}

/** Where the list would put a card from the heights already measured, before the virtualizer exists. */
export function startOf(index: FeedIndex, position: number): number {
  let start = index.margin
  for (let i = 0; i < position; i++) start += (index.height(i) || estimate) + gap
  return start
}

/**
 * Measured heights go to the feed index (four bytes a card, kept across visits); the virtualizer
 * keeps only those near the window (`all`: none, as the feed closes), and takes the others back
 * from the index as its estimates: its own cache would otherwise hold an entry for every card read.
 */
export function keepHeights(virtualizer: Virtualizer<Window, Element>, index: FeedIndex, all = false): void {
  const range = virtualizer.range
  const low = all || !range ? Infinity : range.startIndex - keptMeasured
  const high = all || !range ? -Infinity : range.endIndex + keptMeasured
  for (const [key, size] of virtualizer.itemSizeCache) {
    const position = Number(key)
    index.setHeight(position, size)
    if (position < low || position > high) virtualizer.itemSizeCache.delete(key)
  }
}

/**
 * The feed keeps the reader's card still itself, after each layout (FeedWindow). The virtualizer's
 * own correction scrolls from the last scroll event it saw, which undoes a scroll made since.
 */
export function leaveScrollToFeed(virtualizer: Virtualizer<Window, Element>): void {
  virtualizer.shouldAdjustScrollPositionOnItemSizeChange = () => false
}
