import { describe, expect, it } from 'vitest'
import type { FeedPage } from '@shared/types'
import { samplePost } from '@tests/support/renderer/render'
import { FeedIndex } from './feed-index'

const page = (ids: string[], nextCursor: string | null): FeedPage => ({ posts: ids.map((id) => samplePost({ id, text: `글 ${id}` })), nextCursor })

describe('FeedIndex', () => {
  it('remembers the cursor of every page read, so a dropped page can be read again from below', () => {
    const index = new FeedIndex()
    index.record('', page(['a', 'b'], 'c1'))
    index.record('c1', page(['c', 'd'], 'c2'))
    index.record('c2', page(['e'], null))
    expect(index.size()).toBe(5)
    expect(index.deepestCursor()).toBeNull()
    expect(index.previousCursor('c2')).toBe('c1')
    expect(index.previousCursor('c1')).toBe('')
    expect(index.previousCursor('')).toBeUndefined()
    expect([0, 1, 2, 3, 4, 5, -1].map((position) => index.pageAt(position))).toEqual([0, 0, 1, 1, 2, -1, -1])
    expect([0, 1, 2, 3].map((page) => index.startOf(page))).toEqual([0, 2, 4, 5])
    expect(index.cursorOfPage(2)).toBe('c2')
  })

  it('tells find how deep the reader has read: the cursor below the last page, until the feed ends', () => {
    const index = new FeedIndex()
    expect(index.deepestCursor()).toBe('')
    index.record('', page(['a', 'b'], 'c1'))
    expect(index.deepestCursor()).toBe('c1')
    index.record('c1', page(['c'], 'c2'))
    expect(index.deepestCursor()).toBe('c2')
    index.record('c2', page([], null))
    expect(index.deepestCursor()).toBeNull()
  })

  it('keeps each card\'s measured height by its place, exactly, however many cards were read', () => {
    const index = new FeedIndex()
    expect(index.height(12_345)).toBe(0)
    index.setHeight(3, 612.515625)
    index.setHeight(9_999, 480.25)
    expect([index.height(3), index.height(9_999), index.height(4)]).toEqual([612.515625, 480.25, 0])
  })

  it('says when a page read again moved the next page', () => {
    const index = new FeedIndex()
    index.record('', page(['a', 'b'], 'c1'))
    index.record('c1', page(['c', 'd'], null))
    // A new post at the top pushes b down: the page after the first now starts elsewhere.
    expect(index.record('', page(['n', 'a'], 'c0'))).toBe(true)
    expect(index.record('c0', page(['b', 'c'], 'c1b'))).toBe(false)
    expect(index.size()).toBe(4)
    expect(index.record('', page(['n', 'a'], 'c0'))).toBe(false)
  })

  it('says when a dropped page read again from above holds a post added inside it, so the pages below are read again', () => {
    const index = new FeedIndex()
    index.record('', page(['a', 'b'], 'after-b'))
    index.record('after-b', page(['c', 'd'], 'after-d'))
    index.record('after-d', page(['e', 'f'], 'after-f'))
    // Pages 0 and 1 were dropped; meanwhile x arrived between c and d (a late post synced from the community).
    // Read again by its remembered cursor, page 1 now ends at x and d falls out of it: the next page moved.
    expect(index.previousCursor('after-d')).toBe('after-b')
    expect(index.record('after-b', page(['c', 'x'], 'after-x'))).toBe(true)
    // The kept pages read again in a row bring d back, right after x.
    expect(index.record('after-x', page(['d', 'e'], 'after-e'))).toBe(true)
    expect([index.size(), index.startOf(2)]).toEqual([6, 4])
  })
})
