import { afterEach, describe, expect, it } from 'vitest'
import type { EventPayloads } from '@shared/ipc/contract'
import { limits } from '@shared/limits'
import { cleanupTestApps, createClock } from '../../../../tests/support/main/test-app'
import { createFakeFirebase, type FakeFirebase } from '../../../../tests/support/fake-firebase/fake-firebase'
import type { ConnectFirebase } from '../../firebase/ports'
import { aliceAndBob, cleanupCommunityApps, join as signUp, startCommunityApp, startProjectApp, webAppPost, write, type CommunityApp } from '../../../../tests/support/main/community-app'
import { databaseOf } from '../../store/handle'
import { countsFreshMs, followCommentsMax } from './feed-window'
import { webDate } from '../../firebase/mapping'

afterEach(async () => {
  await cleanupCommunityApps()
  await cleanupTestApps()
})

const author = { uid: 'author-uid', email: 'author@example.com', nickname: '작가' }
const base = Date.UTC(2026, 0, 1)

/** A reader's comment as the web app writes it. */
const comment = (fake: FakeFirebase, postId: string, text = '댓글', time = '2026. 1. 1. 10:00'): string =>
  fake.webApp.addComment({ post_id: postId, comment: text, comment_by: 'reader@example.com', comment_nick: '독자', comment_time: time })

/** `posts` ordered posts (post000 the oldest), post i with `comments(i)` comments. */
function project(posts: number, comments: (i: number) => number) {
  const fake = createFakeFirebase()
  const ids: string[] = []
  for (let i = 0; i < posts; i++) {
    const id = `post${String(i).padStart(3, '0')}`
    fake.webApp.addPost({ ...webAppPost(author, { postTxt: `글 ${i}` }), createdAt: base + i * 60_000 }, id)
    for (let c = 0; c < comments(i); c++) comment(fake, id, `댓글 ${c}`)
    ids.push(id)
  }
  return { fake, ids }
}

/** Every feed card's comment count, page by page as the renderer scrolls. */
async function cardCounts(app: CommunityApp): Promise<Record<string, number>> {
  const counts: Record<string, number> = {}
  let page = await app.call('posts:feed', {})
  for (;;) {
    for (const post of page.posts) counts[post.id] = post.commentCount
    if (!page.nextCursor) return counts
    page = await app.call('posts:feed', { cursor: page.nextCursor })
  }
}

const card = async (app: CommunityApp, postId: string): Promise<number | undefined> => (await cardCounts(app))[postId]

const mirroredComments = (app: CommunityApp): number => databaseOf(app.mirror()).prepare('SELECT count(*) FROM comments').pluck().get() as number

/** posts:changed events since `from` that name the post without reshaping the feed: a card to read again. */
const cardRefreshes = (app: CommunityApp, from: number, postId: string): number =>
  app.events
    .slice(from)
    .filter((e) => e.event === 'posts:changed')
    .map((e) => e.payload as EventPayloads['posts:changed'])
    .filter((change) => !change.feed && change.postIds.includes(postId)).length

describe('community feed cards: comment counts', () => {
  it('show how many comments each post has, on the top and on later pages, though no post was ever opened', async () => {
    const { fake, ids } = project(25, (i) => i % 4)
    expect(ids.length).toBeGreaterThan(2 * limits.feedPageSize)
    const app = await startCommunityApp(fake)
    // Scrolling fetches the pages below the top; their counts follow them from Firebase.
    await cardCounts(app)
    await app.settle()
    expect(await cardCounts(app)).toEqual(Object.fromEntries(ids.map((id, i) => [id, i % 4])))
    // Counted on the server: not one comment was read into the mirror.
    expect(mirroredComments(app)).toBe(0)
  })

  it("show the counts of the web app's posts (no createdAt), which the legacy scan finds", async () => {
    const fake = createFakeFirebase()
    const legacy = fake.webApp.addPost(webAppPost(author, { postDate: '2025. 6. 1. 10:00' }))
    comment(fake, legacy)
    comment(fake, legacy)
    const app = await startCommunityApp(fake)
    expect(await card(app, legacy)).toBe(2)
  })

  it('count a post once when it is opened, and follow comments others write and delete while it is open', async () => {
    const { fake, ids } = project(3, () => 2)
    const post = ids[1]!
    const viewer = await startCommunityApp(fake)
    const bob = await startCommunityApp(fake)
    await signUp(bob, 'bob', { nickname: '밥' })
    expect(await card(viewer, post)).toBe(2)

    // The comments' first snapshot arrives on top of the counted two: still two.
    expect((await viewer.call('comments:list', { postId: post })).comments).toHaveLength(2)
    await viewer.settle()
    expect(await card(viewer, post)).toBe(2)

    const from = viewer.events.length
    await bob.call('comments:add', { postId: post, text: '저도 한마디' })
    await viewer.settle()
    expect(await card(viewer, post)).toBe(3)
    expect(cardRefreshes(viewer, from, post)).toBeGreaterThan(0)

    const [first] = Object.entries(fake.data.comments()).find(([, c]) => c.post_id === post)!
    fake.webApp.deleteComment(first)
    await viewer.settle()
    expect(await card(viewer, post)).toBe(2)
    expect((await viewer.call('posts:get', { id: post })).commentCount).toBe(2)
  })

  it('a count that answers after its post was opened does not overwrite the comments listened to', async () => {
    const { fake, ids } = project(3, () => 2)
    const post = ids[0]!
    // Counts asked while `holding` are taken on the server at once but answered on release.
    let held: (() => void)[] | null = null
    let holding = false
    const connect: ConnectFirebase = async (config, emulators) => {
      const ports = await fake.connect(config, emulators)
      const commentCounts = ports.docs.commentCounts.bind(ports.docs)
      ports.docs.commentCounts = async (postIds) => {
        const hold = holding
        const answer = await commentCounts(postIds)
        if (hold && held) await new Promise<void>((resolve) => held!.push(resolve))
        return answer
      }
      return ports
    }
    const clock = createClock()
    const app = await startProjectApp({ connect, idle: fake.idle }, { clock })
    expect(await card(app, post)).toBe(2)

    // An hour on, the cards shown are counted again (two each); the answer is slow to come.
    clock.advance(countsFreshMs)
    held = []
    holding = true
    await cardCounts(app)
    await fake.idle()
    holding = false
    expect(held.length).toBeGreaterThan(0)
    // Meanwhile two more comments, and the post is opened: its listener mirrors all four.
    comment(fake, post)
    comment(fake, post)
    expect((await app.call('comments:list', { postId: post })).comments).toHaveLength(4)
    expect(await card(app, post)).toBe(4)

    for (const release of held) release()
    held = null
    await app.settle()
    expect(await card(app, post)).toBe(4)
    expect(await card(app, ids[1]!)).toBe(2)
  })

  it("add one's own comment to the count, whether or not the post was opened", async () => {
    const { fake, ids } = project(2, () => 3)
    const app = await startCommunityApp(fake)
    await signUp(app, 'carol', { nickname: '캐롤' })
    expect(await card(app, ids[0]!)).toBe(3)
    await app.call('comments:add', { postId: ids[0]!, text: '처음 와봐요' })
    expect(await card(app, ids[0]!)).toBe(4)
    await app.settle()
    expect(await card(app, ids[0]!)).toBe(4)
    expect(Object.values(fake.data.comments()).filter((c) => c.post_id === ids[0])).toHaveLength(4)
  })

  it("follow the comments on the signed-in author's own posts as their alerts arrive, without opening them", async () => {
    const { fake, a, b, aliceUid } = await aliceAndBob()
    const post = await write(a, '앨리스의 글')
    await b.settle()
    await b.call('comments:add', { postId: post.id, text: '멋져요' })
    // The web app alerts the author of its comments too.
    comment(fake, post.id, '웹에서')
    fake.webApp.pushAlert(aliceUid, { date: '2026. 1. 1. 10:00', post_id: post.id, committed_by: '독자', alert_type: 'comment' })
    await a.settle()
    // Two comment alerts on one post: one row.
    expect((await a.call('alerts:list')).alerts[0]!.others).toBe(1)
    expect(await card(a, post.id)).toBe(2)
    expect(mirroredComments(a)).toBe(0)
  })

  it('follow the comments written on a card while it is shown, on the top and below it, and tell the open views', async () => {
    const { fake, ids } = project(3 * limits.feedPageSize, () => 1)
    const clock = createClock()
    const app = await startCommunityApp(fake, { clock })
    const onTop = ids.at(-1)!
    const below = ids[ids.length - limits.feedPageSize - 2]!
    expect(await card(app, onTop)).toBe(1)
    expect(await card(app, below)).toBe(1)
    await app.settle()
    const from = app.events.length
    // Written now, as the web app stamps it: no hour has passed, no card was shown again.
    for (const id of [onTop, below, below]) comment(fake, id, '방금', webDate(clock.t))
    await app.settle()
    expect(cardRefreshes(app, from, onTop)).toBeGreaterThan(0)
    expect(cardRefreshes(app, from, below)).toBeGreaterThan(0)
    expect(await card(app, onTop)).toBe(2)
    expect(await card(app, below)).toBe(3)
    const [gone] = Object.entries(fake.data.comments()).find(([, c]) => c.post_id === below && c.comment === '방금')!
    fake.webApp.deleteComment(gone)
    await app.settle()
    expect(await card(app, below)).toBe(2)
  })

  it('ask again for the counts of busy cards (not followed) shown an hour after they were counted, and tell the open views', async () => {
    const { fake, ids } = project(3, (i) => (i === 2 ? followCommentsMax + 1 : 1))
    const post = ids[2]!
    const clock = createClock()
    const app = await startCommunityApp(fake, { clock })
    expect(await card(app, post)).toBe(followCommentsMax + 1)
    comment(fake, post, '그사이', webDate(clock.t))
    comment(fake, post, '또 하나', webDate(clock.t))
    await app.settle()
    // A busy post's comments are not followed on its card: within the hour it shows what was counted.
    expect(await card(app, post)).toBe(followCommentsMax + 1)

    clock.advance(countsFreshMs)
    const from = app.events.length
    await cardCounts(app)
    await app.settle()
    expect(await card(app, post)).toBe(followCommentsMax + 3)
    expect(cardRefreshes(app, from, post)).toBeGreaterThan(0)
  })

  it('show a start the comments written while the app was closed: counted again after the hour, and at once when the post is opened', async () => {
    const { fake, ids } = project(3, () => 0)
    const first = await startCommunityApp(fake)
    expect(await card(first, ids[0]!)).toBe(0)
    expect(await card(first, ids[1]!)).toBe(0)
    await first.close()
    comment(fake, ids[0]!)
    comment(fake, ids[1]!)
    const again = await startCommunityApp(fake, { dataDir: first.dataDir, profileDir: first.profileDir, clock: first.clock })
    expect((await again.call('comments:list', { postId: ids[0]! })).comments).toHaveLength(1)
    expect(await card(again, ids[0]!)).toBe(1)
    await again.close()

    first.clock.advance(countsFreshMs)
    const later = await startCommunityApp(fake, { dataDir: first.dataDir, profileDir: first.profileDir, clock: first.clock })
    await cardCounts(later)
    await later.settle()
    expect(await card(later, ids[1]!)).toBe(1)
  })

  it('never fail the feed when counting fails: the count stays as last known, and is asked again with the next posts', async () => {
    const { fake, ids } = project(3, () => 2)
    fake.failNext('docs.commentCounts', 'unknown')
    const app = await startCommunityApp(fake)
    expect(Object.keys(await cardCounts(app))).toEqual([...ids].reverse())

    // The top's comments listener (feed-window.ts), and its next snapshot (a new post), count what the aggregation could not.
    const fresh = fake.webApp.addPost({ ...webAppPost(author, { postTxt: '새 글' }), createdAt: base + 3_600_000 }, 'post-new')
    await app.settle()
    expect(await cardCounts(app)).toEqual({ ...Object.fromEntries(ids.map((id) => [id, 2])), [fresh]: 0 })
  })

  it('never fail a fetched page when its counts fail', async () => {
    const { fake, ids } = project(limits.feedPageSize + 5, () => 1)
    const app = await startCommunityApp(fake)
    const top = await app.call('posts:feed', {})
    fake.failNext('docs.commentCounts', 'offline')
    const below = await app.call('posts:feed', { cursor: top.nextCursor })
    await app.settle()
    expect(below.posts.map((p) => p.id)).toEqual(ids.slice(0, 5).reverse())
    // Shown again, the page's posts are counted again.
    await app.call('posts:feed', { cursor: top.nextCursor })
    await app.settle()
    expect((await app.call('posts:feed', { cursor: top.nextCursor })).posts.map((p) => p.commentCount)).toEqual([1, 1, 1, 1, 1])
    expect(top.posts.every((p) => p.commentCount === 1)).toBe(true)
  })
})
