import { afterEach, describe, expect, it } from 'vitest'
import { messages } from '@shared/messages'
import { webDate } from '../../firebase/mapping'
import { cleanupTestApps } from '../../../../tests/support/main/test-app'
import { aliceAndBob as twoPeople, cleanupCommunityApps, startCommunityApp, webAppPost, write } from '../../../../tests/support/main/community-app'

afterEach(async () => {
  await cleanupCommunityApps()
  await cleanupTestApps()
})

/** Alice (who writes) and Bob (who likes and comments), each on their own app copy. */
async function aliceAndBob() {
  const people = await twoPeople()
  const post = await write(people.a, '앨리스의 글')
  await people.b.settle()
  return { ...people, post }
}

describe('community likes', () => {
  it('like and unlike are arrayUnion / arrayRemove of the caller\'s email, idempotent', async () => {
    const { fake, b, post } = await aliceAndBob()
    expect(await b.call('likes:set', { postId: post.id, liked: true })).toEqual({ postId: post.id, likeCount: 1, likedByMe: true })
    expect(await b.call('likes:set', { postId: post.id, liked: true })).toEqual({ postId: post.id, likeCount: 1, likedByMe: true })
    expect(fake.data.posts()[post.id]!.likedBy).toEqual(['bob@example.com'])
    expect(await b.call('likes:set', { postId: post.id, liked: false })).toEqual({ postId: post.id, likeCount: 0, likedByMe: false })
    expect(fake.data.posts()[post.id]!.likedBy).toEqual([])
  })

  it('a like pushes one alert to the author with exactly the web app\'s fields; like → unlike → like leaves one', async () => {
    const { fake, a, b, post, aliceUid } = await aliceAndBob()
    await b.call('likes:set', { postId: post.id, liked: true })
    await b.call('likes:set', { postId: post.id, liked: false })
    await b.call('likes:set', { postId: post.id, liked: true })
    const alerts = Object.values(fake.data.alerts(aliceUid))
    expect(alerts).toEqual([{ date: expect.stringMatching(/^\d{4}\. \d{1,2}\. \d{1,2}\. 오[전후] \d{2}:\d{2}$/), post_id: post.id, committed_by: '밥', alert_type: 'like' }])
    await a.settle()
    const list = await a.call('alerts:list')
    expect(list.count).toBe(1)
    expect(list.alerts[0]).toMatchObject({ type: 'like', postId: post.id, actor: { nickname: '밥' }, text: '밥님이 회원님의 게시글을 좋아해요' })
  })

  it('no alert for liking one\'s own post', async () => {
    const { fake, a, post, aliceUid } = await aliceAndBob()
    expect(await a.call('likes:set', { postId: post.id, liked: true })).toMatchObject({ likeCount: 1, likedByMe: true })
    expect(fake.data.alerts(aliceUid)).toEqual({})
  })

  it('needs a signed-in user: loginFirstLike, and Firebase is not asked', async () => {
    const { fake, b, post } = await aliceAndBob()
    await b.call('auth:logout')
    expect(await b.refused('likes:set', { postId: post.id, liked: true })).toEqual({ code: 'loginFirstLike', message: messages.loginFirstLike })
    expect(fake.data.posts()[post.id]!.likedBy).toEqual([])
    expect(await b.refused('likes:set', { postId: 'no-such-post', liked: true })).toMatchObject({ code: 'loginFirstLike' })
  })

  it('the web app\'s repeated like alerts (it pushes one per like) show once; the repeat stays in the database until the shown one is deleted', async () => {
    const { fake, a, post, aliceUid } = await aliceAndBob()
    // 준호 liked it in the web app (read, then the list written back), then pushed the alert — twice.
    fake.webApp.updatePost(post.id, { likedBy: ['junho@example.com'] })
    const entry = { date: '2026. 1. 1. 10:00', post_id: post.id, committed_by: '준호', alert_type: 'like' }
    const other = { ...entry, post_id: 'elsewhere' }
    fake.webApp.pushAlert(aliceUid, entry)
    // Nicknames are not unique: the "repeat" may be another 준호's, so it is never removed on its own.
    fake.webApp.pushAlert(aliceUid, { ...entry, date: '2026. 1. 1. 10:01' })
    fake.webApp.pushAlert(aliceUid, other)
    await a.settle()
    const list = await a.call('alerts:list')
    expect(list.count).toBe(1)
    expect(Object.values(fake.data.alerts(aliceUid))).toHaveLength(3)

    // Deleting the one shown removes what it stood for; the rest of the list stays.
    await a.call('alerts:delete', { id: list.alerts[0]!.id })
    await a.settle()
    expect((await a.call('alerts:list')).count).toBe(0)
    expect(Object.values(fake.data.alerts(aliceUid))).toEqual([other])
  })

  // A like main let through that the rules refuse: the author blocked the liker (decision 025), said as local mode says it.
  it('a like the project refuses is likeNotAllowed, and the mirror keeps the truth', async () => {
    const { fake, b, post } = await aliceAndBob()
    fake.failNext('docs.setLiked', 'permission-denied')
    expect(await b.refused('likes:set', { postId: post.id, liked: true })).toEqual({ code: 'likeNotAllowed', message: messages.likeNotAllowed })
    expect(await b.call('posts:get', { id: post.id })).toMatchObject({ likeCount: 0, likedByMe: false })
  })
})

describe('community comments', () => {
  it('a comment goes to magazineComments in the web app\'s shape, alerts the author, and others see it live', async () => {
    const { fake, a, b, post, aliceUid } = await aliceAndBob()
    await a.call('comments:list', { postId: post.id })
    const comment = await b.call('comments:add', { postId: post.id, text: '  멋져요  ' })
    expect(comment).toMatchObject({ postId: post.id, text: '멋져요', mine: true, author: { nickname: '밥' } })
    expect(fake.data.comments()[comment.id]).toEqual({
      post_id: post.id,
      comment: '멋져요',
      comment_by: 'bob@example.com',
      comment_nick: '밥',
      comment_time: webDate(comment.createdAt)
    })
    expect(Object.values(fake.data.alerts(aliceUid))).toMatchObject([{ alert_type: 'comment', committed_by: '밥', post_id: post.id }])
    await a.settle()
    expect(a.eventsOf('posts:changed').some((e) => e.postIds.includes(post.id))).toBe(true)
    const seen = await a.call('comments:list', { postId: post.id })
    expect(seen.comments.map((c) => [c.text, c.mine, c.author.nickname])).toEqual([['멋져요', false, '밥']])
    expect(JSON.stringify(seen)).not.toContain('bob@example.com')
    expect((await a.call('posts:get', { id: post.id })).commentCount).toBe(1)
  })

  it('shows comments the web app wrote for a post, in order, read by post_id', async () => {
    const { fake, b, post } = await aliceAndBob()
    // Dated by the reader's clock, after the post (a comment dated before its post is placed when first seen: mirror-writer.ts).
    const written = b.clock.t
    fake.webApp.addComment({ post_id: post.id, comment: '둘째', comment_by: 'junho@example.com', comment_nick: '준호', comment_time: webDate(written + 10 * 60_000) })
    fake.webApp.addComment({ post_id: post.id, comment: '첫째', comment_by: 'junho@example.com', comment_nick: '준호', comment_time: webDate(written + 3 * 60_000) })
    fake.webApp.addComment({ post_id: 'another-post', comment: '남의 글', comment_by: 'x@example.com', comment_nick: 'x', comment_time: '' })
    const page = await b.call('comments:list', { postId: post.id })
    expect(page.comments.map((c) => [c.text, c.author.nickname])).toEqual([
      ['첫째', '준호'],
      ['둘째', '준호']
    ])
  })

  it('only the comment\'s author deletes it; main checks before asking Firebase', async () => {
    const { fake, a, b, post } = await aliceAndBob()
    const comment = await b.call('comments:add', { postId: post.id, text: '밥의 댓글' })
    await a.call('comments:list', { postId: post.id })
    expect(await a.refused('comments:delete', { id: comment.id })).toEqual({ code: 'onlyCommentAuthorDelete', message: messages.onlyCommentAuthorDelete })
    expect(fake.data.comments()[comment.id]).toBeDefined()
    expect(await b.call('comments:delete', { id: comment.id })).toEqual({ id: comment.id, postId: post.id })
    expect(fake.data.comments()[comment.id]).toBeUndefined()
    expect(await b.refused('comments:delete', { id: comment.id })).toMatchObject({ code: 'commentNotFound' })
    await a.settle()
    expect((await a.call('comments:list', { postId: post.id })).comments).toEqual([])
  })

  it('needs a signed-in user and some text', async () => {
    const { fake, b, post } = await aliceAndBob()
    expect(await b.refused('comments:add', { postId: post.id, text: '   ' })).toMatchObject({ code: 'commentRequired' })
    await b.call('auth:logout')
    expect(await b.refused('comments:add', { postId: post.id, text: '안녕' })).toMatchObject({ code: 'loginFirstComment' })
    expect(fake.data.comments()).toEqual({})
  })
})

describe('community alerts, live', () => {
  it('arrive live: native notification (window in the background), tray badge and alerts:changed', async () => {
    const { a, b, post } = await aliceAndBob()
    await b.call('comments:add', { postId: post.id, text: '안녕하세요' })
    await a.settle()
    expect(a.desktop.recording.notifications).toMatchObject([
      { title: messages.appName, body: '밥님이 회원님의 게시글에 댓글을 남겼어요', hasIcon: false, route: `/detail/${post.id}` }
    ])
    expect(a.desktop.recording.badge).toBe(1)
    expect(a.eventsOf('alerts:changed').at(-1)).toMatchObject({ count: 1, newest: { type: 'comment', postId: post.id } })
    // Bob's own app shows nothing of Alice's alerts.
    expect(b.desktop.recording.notifications).toEqual([])
    expect(b.desktop.recording.badge).toBe(0)
  })

  it('alerts that were there at start count on the badge but pop no notification', async () => {
    const { fake, a, b, post } = await aliceAndBob()
    await b.call('comments:add', { postId: post.id, text: '하나' })
    await b.call('likes:set', { postId: post.id, liked: true })
    await a.close()
    const again = await startCommunityApp(fake, { dataDir: a.dataDir, profileDir: a.profileDir })
    expect(again.desktop.recording.badge).toBe(2)
    expect(again.desktop.recording.notifications).toEqual([])
    expect((await again.call('alerts:list')).count).toBe(2)
  })

  it('an alert list that could not be applied at start is tried again silently, never shown later as new alerts', async () => {
    const { fake, a, aliceUid } = await aliceAndBob()
    const alice = { uid: aliceUid, email: 'alice@example.com', nickname: '앨리스' }
    // A post of Alice's below the top of the feed, so only the alert brings it into the mirror.
    fake.webApp.addPost({ ...webAppPost(alice, { postTxt: '옛 글', postDate: '2020. 1. 1. 오전 09:00' }), createdAt: 1 }, 'oldie')
    for (let i = 0; i < 12; i++) fake.webApp.addPost({ ...webAppPost(alice), createdAt: Date.UTC(2026, 0, 1) + i }, `newer${i}`)
    await a.close()
    fake.webApp.addComment({ post_id: 'oldie', comment: '좋아요', comment_by: 'junho@example.com', comment_nick: '준호', comment_time: '2026. 1. 1. 10:00' })
    fake.webApp.pushAlert(aliceUid, { date: '2026. 1. 1. 10:00', post_id: 'oldie', committed_by: '준호', alert_type: 'comment' })
    fake.webApp.updatePost('oldie', { likedBy: ['minji@example.com'] })

    fake.failNext('docs.getPost', 'unknown')
    const again = await startCommunityApp(fake, { dataDir: a.dataDir, profileDir: a.profileDir })
    fake.webApp.pushAlert(aliceUid, { date: '2026. 1. 1. 11:00', post_id: 'oldie', committed_by: '민지', alert_type: 'like' })
    await again.settle()
    expect(again.desktop.recording.notifications).toEqual([])

    // The listener starts again (here, the network coming back): the whole list, silently.
    fake.setOnline(false, again.ports())
    fake.setOnline(true, again.ports())
    await again.settle()
    expect((await again.call('alerts:list')).alerts.map((x) => x.postId)).toEqual(['oldie', 'oldie'])
    expect(again.desktop.recording.notifications).toEqual([])
    expect(again.desktop.recording.badge).toBe(2)
  })

  it('an alert for a post the mirror does not have fetches that post once; an alert of a deleted post is not shown', async () => {
    const { fake, a, aliceUid } = await aliceAndBob()
    const old = fake.webApp.addPost(webAppPost({ uid: aliceUid, email: 'alice@example.com', nickname: '앨리스' }, { postDate: '2020. 1. 1. 1:00' }))
    await a.settle()
    fake.webApp.addComment({ post_id: old, comment: '옛 글이네요', comment_by: 'junho@example.com', comment_nick: '준호', comment_time: '2026. 1. 1. 10:00' })
    fake.webApp.pushAlert(aliceUid, { date: '2026. 1. 1. 10:00', post_id: old, committed_by: '준호', alert_type: 'comment' })
    fake.webApp.pushAlert(aliceUid, { date: '2026. 1. 1. 10:00', post_id: 'deleted-post', committed_by: '준호', alert_type: 'like' })
    await a.settle()
    const list = await a.call('alerts:list')
    expect(list.alerts.map((x) => x.postId)).toEqual([old])
    expect(list.count).toBe(1)
  })

  it('a post\'s alerts are one row ("외 N명"); deleting the row removes each of its alerts from the Realtime Database', async () => {
    const { fake, a, post, aliceUid } = await aliceAndBob()
    fake.webApp.updatePost(post.id, { likedBy: ['junho@example.com', 'rain@example.com', 'bird@example.com'] })
    fake.webApp.addComment({ post_id: post.id, comment: '멋져요', comment_by: 'rain@example.com', comment_nick: '비', comment_time: '2026. 1. 1. 11:00' })
    for (const [who, minute] of [['준호', 1], ['비', 2], ['새', 3]] as const) {
      fake.webApp.pushAlert(aliceUid, { date: `2026. 1. 1. 10:0${minute}`, post_id: post.id, committed_by: who, alert_type: 'like' })
    }
    const other = { date: '2026. 1. 1. 11:00', post_id: post.id, committed_by: '비', alert_type: 'comment' }
    fake.webApp.pushAlert(aliceUid, other)
    await a.settle()
    const list = await a.call('alerts:list')
    expect(list.alerts.map((r) => r.text)).toEqual(['비님이 회원님의 게시글에 댓글을 남겼어요', '새님 외 2명이 회원님의 게시글을 좋아해요'])
    await a.call('alerts:delete', { id: list.alerts[1]!.id })
    expect(Object.values(fake.data.alerts(aliceUid))).toEqual([other])
    await a.settle()
    expect((await a.call('alerts:list')).count).toBe(1)
  })

  it('rows name their post, a comment row its newest comment where the mirror holds it; the badge and the count are rows', async () => {
    const { a, b, post } = await aliceAndBob()
    // Alice has the post open: the mirror follows its comments.
    await a.call('comments:list', { postId: post.id })
    await b.call('comments:add', { postId: post.id, text: '첫 댓글' })
    const newest = await b.call('comments:add', { postId: post.id, text: '둘째 댓글\n두 줄' })
    await b.call('likes:set', { postId: post.id, liked: true })
    await a.settle()
    const list = await a.call('alerts:list')
    expect(list.alerts.map((r) => [r.type, r.postWords, r.commentWords, r.commentId])).toEqual([
      ['like', '앨리스의 글', null, null],
      ['comment', '앨리스의 글', '둘째 댓글 두 줄', newest.id]
    ])
    expect([list.count, list.unseen, a.desktop.recording.badge]).toEqual([2, 2, 2])
  })

  it('unread is Magpie\'s own: seeing the list takes the badge to 0, the Realtime Database keeps the web app\'s shape, and a restart remembers', async () => {
    const { fake, a, b, post, aliceUid } = await aliceAndBob()
    await b.call('comments:add', { postId: post.id, text: '하나' })
    await b.call('likes:set', { postId: post.id, liked: true })
    await a.settle()
    const stored = structuredClone(fake.data.alerts(aliceUid))
    const list = await a.call('alerts:list')
    expect([list.count, list.unseen, a.desktop.recording.badge]).toEqual([2, 2, 2])
    const seen = await a.call('alerts:markSeen', { through: { createdAt: list.alerts[0]!.createdAt, id: list.alerts[0]!.id } })
    expect([seen.count, seen.unseen, a.desktop.recording.badge]).toEqual([2, 0, 0])
    expect(seen.alerts.every((r) => r.seen)).toBe(true)
    expect(fake.data.alerts(aliceUid)).toEqual(stored)

    // A new alert is unread; the ones seen stay seen across a restart (the mirror keeps it by the alert's key).
    await a.close()
    await b.call('comments:add', { postId: post.id, text: '둘' })
    const again = await startCommunityApp(fake, { dataDir: a.dataDir, profileDir: a.profileDir })
    await again.settle()
    expect(again.desktop.recording.badge).toBe(1)
    const after = await again.call('alerts:list')
    // Counted in rows: the new comment joined the comment row, which is unread again.
    expect([after.count, after.unseen]).toEqual([2, 1])
    expect(after.alerts.map((r) => [r.type, r.seen])).toEqual([
      ['comment', false],
      ['like', true]
    ])
  })

  it('delete one and clear all go to the Realtime Database', async () => {
    const { fake, a, b, post, aliceUid } = await aliceAndBob()
    await b.call('comments:add', { postId: post.id, text: '하나' })
    await b.call('likes:set', { postId: post.id, liked: true })
    await a.settle()
    const list = await a.call('alerts:list')
    expect(list.count).toBe(2)
    expect((await a.call('alerts:delete', { id: list.alerts[0]!.id })).count).toBe(1)
    expect(Object.keys(fake.data.alerts(aliceUid))).toHaveLength(1)
    expect(a.desktop.recording.badge).toBe(1)
    expect((await a.call('alerts:clear')).count).toBe(0)
    expect(fake.data.alerts(aliceUid)).toEqual({})
    expect(a.desktop.recording.badge).toBe(0)
  })
})
