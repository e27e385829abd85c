import { describe, expect, it } from 'vitest'
import type { FeedPage } from '@shared/types'
import { samplePost } from '@/shared/testing/render'
import { FeedIndex } from './feed-index'

const page = (ids: string[], nextCursor: string | null): FeedPage => ({ posts: ids.map((id) => samplePost({ id, text: `글 ${id}` })), nextCursor })

describe('FeedIndex', () => {
  it('remembers the cursor of every page read, so a dropped page can be read again from below', () => {
    const index = new FeedIndex()
    index.record('', page(['a', 'b'], 'c1'))
    index.record('c1', page(['c', 'd'], 'c2'))
    index.record('c2', page(['e'], null))
    expect(index.order()).toEqual(['a', 'b', 'c', 'd', 'e'])
    expect(index.previousCursor('c2')).toBe('c1')
    expect(index.previousCursor('c1')).toBe('')
    expect(index.previousCursor('')).toBeUndefined()
    expect(index.pageAt(3)).toBe(1)
    expect(index.cursorOfPage(2)).toBe('c2')
  })

  it('says when a page read again moved the next page, and keeps each post once', () => {
    const index = new FeedIndex()
    index.record('', page(['a', 'b'], 'c1'))
    index.record('c1', page(['c', 'd'], null))
    // A new post at the top pushes b down: the page after the first now starts elsewhere.
    expect(index.record('', page(['n', 'a'], 'c0'))).toBe(true)
    expect(index.record('c0', page(['b', 'c'], 'c1b'))).toBe(false)
    expect(index.order()).toEqual(['n', 'a', 'b', 'c'])
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
    expect(index.order()).toEqual(['a', 'b', 'c', 'x', 'd', 'e'])
  })

  it('finds posts by text or nickname, case-insensitively', () => {
    const index = new FeedIndex()
    index.record('', { posts: [samplePost({ id: 'a', text: 'Seoul 바다' }), samplePost({ id: 'b', text: '산', author: { id: 'u', nickname: '바다소년', avatar: null } })], nextCursor: null })
    expect(index.find('seoul')).toEqual([0])
    expect(index.find('바다')).toEqual([0, 1])
    expect(index.find('  ')).toEqual([])
  })
})
