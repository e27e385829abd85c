import { afterEach, describe, expect, it } from 'vitest'
import { limits } from '@shared/limits'
import { webDate, webDays } from '../../firebase/mapping'
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
      fake.webApp.addComment({ post_id: id, comment: `댓글 ${c}`, comment_by: 'reader@example.com', comment_nick: '독자', comment_time: '2026. 1. 1. 10:00' })
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
  it('open the app, scroll 30 posts, open 3 posts with comments: O(page) documents, not the collection', async () => {
    const fake = busyProject()
    const collection = posts + legacyPosts + posts * commentsPerPost

    // First start: the legacy scan (decision 008) runs once, over the posts collection; nothing else reads widely.
    const first = await startCommunityApp(fake, { countReads: true, clock: createClock(start) })
    await session(first)
    const reads = first.reads!
    expect(reads.counts.calls.legacyPostsScan).toBeGreaterThan(0)
    const pages = 30 / limits.feedPageSize
    // The top listener's page, then one page query (a page and one more) per scroll.
    const pageDocs = limits.feedPageSize + pages * (limits.feedPageSize + 1)
    // Each post that came in a page has its comments counted once (an aggregation: one read per
    // 1,000 comments counted, at least one — so one read per post here): at most as many reads again.
    const counts = pageDocs
    // Each opened post and its comments.
    const opened = 3 * (1 + commentsPerPost)
    // The feed window (feed-window.ts): the top's comments, and each page's posts and comments, once each.
    const windowed = limits.feedPageSize * commentsPerPost + pages * (limits.feedPageSize + 1) * (1 + commentsPerPost)
    // The listeners on the days being written (sync.ts, watchDay): every post dated on them, once each,
    // and the comments of those not already counted (one read each, as above).
    const days = webDays(start)
    const dated = Object.values(fake.data.posts()).filter((post) => days.some((day) => post.postDate.startsWith(day))).length
    expect(dated).toBeGreaterThan(0)
    expect(dated).toBeLessThan(3 * 24 * 60 * 60 * 1000 / every)
    expect(reads.counts.docs.watchPostsDated).toBe(dated)
    const bound = pageDocs + counts + opened + windowed + 2 * dated
    // The scan counts the comments of every web app post it finds, once: one read each.
    expect(reads.counts.docs.commentCounts).toBeGreaterThan(legacyPosts)
    expect(reads.counts.docs.commentCounts).toBeLessThanOrEqual(counts + legacyPosts + dated)
    expect(reads.total(['legacyPostsScan'])).toBeLessThanOrEqual(bound + legacyPosts)
    expect(reads.counts.docs.commentsOf ?? 0).toBe(0)
    await first.close()

    // Every later start within the day: the same session reads only its pages and their counts.
    const again = await startCommunityApp(fake, { dataDir: first.dataDir, profileDir: first.profileDir, clock: first.clock, countReads: true })
    await session(again)
    expect(again.reads!.counts.calls.legacyPostsScan).toBeUndefined()
    expect(again.reads!.counts.docs.commentCounts).toBeLessThanOrEqual(counts + dated)
    expect(again.reads!.total()).toBeLessThanOrEqual(bound)
    // The feed window's listeners read each loaded post and its comments once more: still a sliver of the collection.
    expect(again.reads!.total()).toBeLessThan(collection / 20)
  })
})
