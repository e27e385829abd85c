import { afterEach, describe, expect, it } from 'vitest'
import { limits } from '@shared/limits'
import { cleanupTestApps } from '../../../../tests/support/main/test-app'
import { createFakeFirebase } from '../../../../tests/support/fake-firebase/fake-firebase'
import { cleanupCommunityApps, startCommunityApp, webAppPost, type CommunityApp } from '../../../../tests/support/main/community-app'
import { windowPages } from './feed-window'

afterEach(async () => {
  await cleanupCommunityApps()
  await cleanupTestApps()
})

const author = { uid: 'author-uid', email: 'author@example.com', nickname: '작가' }
const base = Date.UTC(2026, 0, 1)

/**
 * `n` ordered posts, post000 the oldest (so the last ids are the top of the feed), of a day long
 * past: the listeners on the days being written (sync-stamps.ts) follow none of them.
 */
function project(n: number) {
  const fake = createFakeFirebase()
  const ids: string[] = []
  for (let i = 0; i < n; i++) {
    const id = `post${String(i).padStart(3, '0')}`
    fake.webApp.addPost({ ...webAppPost(author, { postTxt: `글 ${i}`, postDate: '2025. 6. 1. 오전 10:00' }), createdAt: base + i * 60_000 }, id)
    ids.push(id)
  }
  return { fake, ids }
}

/** The feed as the renderer reads it, `pages` pages deep; each card by id. */
async function scroll(app: CommunityApp, pages: number) {
  const cards = new Map<string, { likeCount: number; commentCount: number }>()
  let page = await app.call('posts:feed', {})
  for (let n = 1; ; n++) {
    for (const post of page.posts) cards.set(post.id, { likeCount: post.likeCount, commentCount: post.commentCount })
    if (n === pages || !page.nextCursor) return cards
    page = await app.call('posts:feed', { cursor: page.nextCursor })
  }
}

/** A card as main would show it now, from the mirror, without asking Firebase for any page. */
const cardOf = async (app: CommunityApp, id: string) => {
  const post = await app.call('posts:get', { id })
  return { likeCount: post.likeCount, commentCount: post.commentCount }
}

describe('community feed window: loaded cards stay current without reading the feed again', () => {
  it("follow likes, edits, comments and the deletion of a shown card below the top that is not open — the web app's too", async () => {
    const { fake, ids } = project(3 * limits.feedPageSize)
    const viewer = await startCommunityApp(fake, { countReads: true })
    await scroll(viewer, 2)
    await viewer.settle()
    // On the second page: below the top listener's posts, never opened.
    const below = ids[ids.length - limits.feedPageSize - 3]!
    expect(await cardOf(viewer, below)).toEqual({ likeCount: 0, commentCount: 0 })
    const pagesRead = viewer.reads!.counts.calls.postsPage

    fake.webApp.updatePost(below, { likedBy: ['reader@example.com'], postTxt: '고친 글' })
    fake.webApp.addComment({ post_id: below, comment: '좋네요', comment_by: 'reader@example.com', comment_nick: '독자', comment_time: '2026. 1. 1. 오전 10:00' })
    await viewer.settle()
    // The comment, too: a card shown follows its comments (counted again as one comes).
    expect(await cardOf(viewer, below)).toEqual({ likeCount: 1, commentCount: 1 })
    expect((await viewer.call('posts:get', { id: below })).text).toBe('고친 글')

    fake.webApp.deletePost(below)
    await viewer.settle()
    await expect(viewer.call('posts:get', { id: below })).rejects.toThrow(/notFound/)
    // None of it read a page of the feed again.
    expect(viewer.reads!.counts.calls.postsPage).toBe(pagesRead)
  })

  it(`keeps only the last ${windowPages} pages fetched live: what the reader scrolled past long ago is not followed`, async () => {
    const pages = windowPages + 3
    const { fake, ids } = project(pages * limits.feedPageSize)
    const viewer = await startCommunityApp(fake, { countReads: true })
    await scroll(viewer, pages)
    await viewer.settle()
    // Every page below the top started listeners once; the window stopped all but the last ones.
    expect(viewer.reads!.counts.calls.watchPosts).toBe(pages - 1)
    const deepest = ids[0]!
    const scrolledPast = ids[ids.length - limits.feedPageSize - 1]!
    for (const id of [deepest, scrolledPast]) fake.webApp.updatePost(id, { likedBy: ['reader@example.com'] })
    await viewer.settle()
    expect((await cardOf(viewer, deepest)).likeCount).toBe(1)
    expect((await cardOf(viewer, scrolledPast)).likeCount).toBe(0)
  })
})
