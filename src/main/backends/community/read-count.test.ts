import { afterEach, describe, expect, it } from 'vitest'
import { limits } from '@shared/limits'
import { webDate } from '../../firebase/mapping'
import { webDays } from '../../firebase/web-stamps'
import { cleanupTestApps, createClock } from '../../../../tests/support/main/test-app'
import { createFakeFirebase } from '../../../../tests/support/fake-firebase/fake-firebase'
import { cleanupCommunityApps, startCommunityApp, webAppPost, type CommunityApp } from '../../../../tests/support/main/community-app'

afterEach(async () => {
  await cleanupCommunityApps()
  await cleanupTestApps()
})

const posts = 1_000
const commentsPerPost = 4
const legacyPosts = 50

const start = Date.UTC(2026, 0, 1, 9, 0, 0)
/** Magpie posts come one every this often, the newest just before the sessions start. */
const every = 2 * 60 * 60 * 1000

/** A busy community: 1,000 Magpie posts with 4 comments each (a post every 2 hours), and 50 old posts of the web app. */
function busyProject() {
  const fake = createFakeFirebase()
  const author = { uid: 'author-uid', email: 'author@example.com', nickname: '작가' }
  for (let i = 0; i < posts; i++) {
    const id = `post${String(i).padStart(5, '0')}`
    const createdAt = start - (posts - i) * every
    fake.webApp.addPost({ ...webAppPost(author, { postTxt: `글 ${i}`, postDate: webDate(createdAt) }), createdAt }, id)
    for (let c = 0; c < commentsPerPost; c++) {
      fake.webApp.addComment({ post_id: id, comment: `댓글 ${c}`, comment_by: 'reader@example.com', comment_nick: '독자', comment_time: '2025. 12. 1. 오전 10:00' })
    }
  }
  for (let i = 0; i < legacyPosts; i++) fake.webApp.addPost(webAppPost(author, { postDate: `2025. 1. ${(i % 28) + 1}. 10:00` }), `legacy${i}`)
  return fake
}

/** What the renderer does: open the feed, scroll until 30 posts are shown, open 3 of them with their comments. */
async function session(app: CommunityApp): Promise<void> {
  let page = await app.call('posts:feed', {})
  const shown = [...page.posts]
  while (shown.length < 30 && page.nextCursor) {
    page = await app.call('posts:feed', { cursor: page.nextCursor })
    shown.push(...page.posts)
  }
  expect(shown.length).toBeGreaterThanOrEqual(30)
  for (const post of shown.slice(0, 30).filter((_, i) => i % 10 === 3)) {
    await app.call('posts:get', { id: post.id })
    const comments = await app.call('comments:list', { postId: post.id })
    expect(comments.comments).toHaveLength(commentsPerPost)
  }
  await app.settle()
}

describe('reads are cheap: documents read per session, counted at the SDK boundary', () => {
  it('open the app, scroll 30 posts, open 3 posts with comments: O(page) documents, not the collection; a later start resumes from the mirror', async () => {
    const fake = busyProject()
    const collection = posts + legacyPosts + posts * commentsPerPost
    const pages = 30 / limits.feedPageSize

    // First start: the legacy scan (decision 008) runs once, over the posts collection; nothing else reads widely.
    const first = await startCommunityApp(fake, { countReads: true, clock: createClock(start) })
    await session(first)
    const reads = first.reads!
    expect(reads.counts.calls.legacyPostsScan).toBeGreaterThan(0)
    // The top listener's page; a page query (a page and one more) per scroll, and a listener on each page shown.
    expect(reads.counts.docs.watchPostsTop).toBe(limits.feedPageSize)
    expect(reads.counts.docs.postsPage).toBe((pages - 1) * (limits.feedPageSize + 1))
    expect(reads.counts.docs.watchPosts).toBe((pages - 1) * limits.feedPageSize)
    // Each post shown has its comments counted once (an aggregation: a read per 1,000 comments,
    // at least one), and each web app post the scan finds; the opened ones are read whole.
    expect(reads.counts.docs.commentCounts).toBeLessThanOrEqual(30 + legacyPosts + 3)
    expect(reads.counts.docs.watchComments).toBe(3 * commentsPerPost)
    // The posts of the days being written, from a moment ago: those dated in the hours before it at most (sync-stamps.ts).
    expect(reads.counts.docs.watchPostsStamped).toBeLessThan((27 * 60 * 60 * 1000) / every)
    expect(reads.counts.docs.commentsOf ?? 0).toBe(0)
    expect(reads.total(['legacyPostsScan'])).toBeLessThan(200)
    await first.close()

    // A later start: the mirror answers the pages (each shown is followed), the counts are fresh, and
    // the opened posts' comments are resumed — the comments written since, and one count each.
    const again = await startCommunityApp(fake, { dataDir: first.dataDir, profileDir: first.profileDir, clock: first.clock, countReads: true })
    await session(again)
    const later = again.reads!
    expect(later.counts.calls.legacyPostsScan).toBeUndefined()
    expect(later.counts.calls.postsPage).toBeUndefined()
    expect(later.counts.calls.watchComments).toBeUndefined()
    expect(later.counts.docs.commentCounts).toBe(3)
    expect(later.counts.docs.watchPostsTop).toBe(limits.feedPageSize)
    expect(later.counts.docs.watchPosts).toBe((pages - 1) * limits.feedPageSize)
    // Each opened post: one query on its comment_time, the days being written in one (none written since), billed a read.
    expect(webDays(first.clock.t).length).toBeGreaterThan(1)
    expect(later.counts.docs.watchPostCommentsStamped).toBe(3)
    // The cards shown follow their comments written since (feed-window.ts): one query for the top and one per page below, none written since, a read each.
    expect(later.counts.docs.watchCommentsStamped).toBe(pages)
    // Posts dated in the hours before the mark, read again: a stamp does not say its writer's zone (web-stamps.ts).
    expect(later.counts.docs.watchPostsStamped).toBe(reads.counts.docs.watchPostsStamped)
    // 45 before issue 31; the days' dates in every other locale's form add a query (decision 042).
    expect(later.total()).toBeLessThanOrEqual(46)
    expect(later.total()).toBeLessThan(collection / 100)
  })
})
