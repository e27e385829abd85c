import { afterEach, describe, expect, it } from 'vitest'
import { limits } from '@shared/limits'
import { cleanupTestApps, createClock } from '../../../../tests/support/main/test-app'
import { createFakeFirebase } from '../../../../tests/support/fake-firebase/fake-firebase'
import { cleanupCommunityApps, startCommunityApp, webAppPost, type CommunityApp } from '../../../../tests/support/main/community-app'
import { followCommentsMax, recountEveryMs, windowPages } from './feed-window'

afterEach(async () => {
  await cleanupCommunityApps()
  await cleanupTestApps()
})

const author = { uid: 'author-uid', email: 'author@example.com', nickname: '작가' }
const base = Date.UTC(2026, 0, 1)

/**
 * `n` ordered posts, post000 the oldest (so the last ids are the top of the feed), of a day long
 * past: the listeners on the days being written (sync.ts, watchDay) follow none of them.
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
  it("follow likes and comments on a loaded card below the top that is not open, and a post's deletion", async () => {
    const { fake, ids } = project(3 * limits.feedPageSize)
    const viewer = await startCommunityApp(fake, { countReads: true })
    await scroll(viewer, 2)
    await viewer.settle()
    // On the second page: below the top listener's posts, never opened.
    const below = ids[ids.length - limits.feedPageSize - 3]!
    expect(await cardOf(viewer, below)).toEqual({ likeCount: 0, commentCount: 0 })
    const pagesRead = viewer.reads!.counts.calls.postsPage

    fake.webApp.updatePost(below, { likedBy: ['reader@example.com'] })
    fake.webApp.addComment({ post_id: below, comment: '좋네요', comment_by: 'reader@example.com', comment_nick: '독자', comment_time: '2026. 1. 1. 10:00' })
    await viewer.settle()
    expect(await cardOf(viewer, below)).toEqual({ likeCount: 1, commentCount: 1 })

    fake.webApp.updatePost(below, { likedBy: [] })
    const [commentId] = Object.entries(fake.data.comments()).find(([, c]) => c.post_id === below)!
    fake.webApp.deleteComment(commentId)
    await viewer.settle()
    expect(await cardOf(viewer, below)).toEqual({ likeCount: 0, commentCount: 0 })

    fake.webApp.deletePost(below)
    await viewer.settle()
    await expect(viewer.call('posts:get', { id: below })).rejects.toThrow(/notFound/)
    // None of it read a page of the feed again.
    expect(viewer.reads!.counts.calls.postsPage).toBe(pagesRead)
  })

  it('follow comments on the top cards, which their own listener follows only for likes', async () => {
    const { fake, ids } = project(limits.feedPageSize)
    const viewer = await startCommunityApp(fake)
    await scroll(viewer, 1)
    await viewer.settle()
    const top = ids.at(-1)!
    fake.webApp.addComment({ post_id: top, comment: '첫 댓글', comment_by: 'reader@example.com', comment_nick: '독자', comment_time: '2026. 1. 1. 10:00' })
    await viewer.settle()
    expect(await cardOf(viewer, top)).toEqual({ likeCount: 0, commentCount: 1 })
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

  it(`does not follow a busy post (over ${followCommentsMax} comments) comment by comment, and counts its comments again when its card is shown, at most once a minute`, async () => {
    const { fake, ids } = project(2 * limits.feedPageSize)
    // On the second page, below the top.
    const busy = ids[ids.length - limits.feedPageSize - 2]!
    const quiet = ids[ids.length - limits.feedPageSize - 3]!
    const comment = (postId: string, n: number) => ({ post_id: postId, comment: `댓글 ${n}`, comment_by: 'reader@example.com', comment_nick: '독자', comment_time: '2026. 1. 1. 10:00' })
    for (let n = 0; n < followCommentsMax + 50; n++) fake.webApp.addComment(comment(busy, n))
    fake.webApp.addComment(comment(quiet, 0))
    const clock = createClock(Date.UTC(2026, 0, 2), 0)
    const viewer = await startCommunityApp(fake, { countReads: true, clock })
    const secondPage = async () => {
      const first = await viewer.call('posts:feed', {})
      await viewer.call('posts:feed', { cursor: first.nextCursor })
      await viewer.settle()
    }
    await secondPage()
    expect(await cardOf(viewer, busy)).toMatchObject({ commentCount: followCommentsMax + 50 })
    expect(await cardOf(viewer, quiet)).toMatchObject({ commentCount: 1 })
    // The page's comment listener read the quiet post's comment, none of the busy post's.
    expect(viewer.reads!.counts.docs.watchCommentsOf ?? 0).toBeLessThan(followCommentsMax)

    // The quiet card stays live; the busy one is counted again when shown, once a minute at most.
    fake.webApp.addComment(comment(quiet, 1))
    fake.webApp.addComment(comment(busy, -1))
    await viewer.settle()
    expect(await cardOf(viewer, quiet)).toMatchObject({ commentCount: 2 })
    await secondPage()
    expect(await cardOf(viewer, busy)).toMatchObject({ commentCount: followCommentsMax + 50 })
    clock.advance(recountEveryMs)
    await secondPage()
    expect(await cardOf(viewer, busy)).toMatchObject({ commentCount: followCommentsMax + 51 })
  })
})
