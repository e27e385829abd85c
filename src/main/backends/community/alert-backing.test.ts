import { afterEach, describe, expect, it } from 'vitest'
import { cleanupTestApps } from '../../../../tests/support/main/test-app'
import { aliceAndBob, cleanupCommunityApps, write } from '../../../../tests/support/main/community-app'

afterEach(async () => {
  await cleanupCommunityApps()
  await cleanupTestApps()
})

describe('forged alerts (issue 22, item 4): anyone may push an alert to anyone in the Realtime Database', () => {
  it('shows, counts and notifies only alerts backed by the like or comment they claim, and removes the rest', async () => {
    const { fake, a, b, aliceUid, bobUid } = await aliceAndBob()
    const post = await write(a, '앨리스의 글')
    const bobsPost = await write(b, '밥의 글')
    await a.settle()
    // A real like from Bob: its alert is backed.
    await b.call('likes:set', { postId: post.id, liked: true })
    await a.settle()
    expect((await a.call('alerts:list')).count).toBe(1)

    // Forged: thirty likes nobody gave, a comment nobody wrote, an alert on Bob's post sent to Alice.
    for (let i = 0; i < 30; i++) fake.webApp.pushAlert(aliceUid, { date: '2026. 1. 1. 10:00', post_id: post.id, committed_by: `가짜${i}`, alert_type: 'like' })
    fake.webApp.pushAlert(aliceUid, { date: '2026. 1. 1. 10:00', post_id: post.id, committed_by: '유령', alert_type: 'comment' })
    fake.webApp.pushAlert(aliceUid, { date: '2026. 1. 1. 10:00', post_id: bobsPost.id, committed_by: '밥', alert_type: 'comment' })
    // Real: a comment the web app wrote, and its alert.
    fake.webApp.addComment({ post_id: post.id, comment: '좋아요', comment_by: 'minji@example.com', comment_nick: '민지', comment_time: '2026. 1. 1. 10:00' })
    fake.webApp.pushAlert(aliceUid, { date: '2026. 1. 1. 10:00', post_id: post.id, committed_by: '민지', alert_type: 'comment' })
    await a.settle()

    const list = await a.call('alerts:list')
    expect(list.count).toBe(2)
    expect(list.alerts.map((alert) => alert.text).sort()).toEqual(['민지님이 회원님의 게시글에 댓글을 남겼어요', '밥님이 회원님의 게시글을 좋아해요'].sort())
    expect(a.desktop.recording.badge).toBe(2)
    expect(a.desktop.recording.notifications.every((n) => !/가짜|유령/.test(n.body))).toBe(true)
    // The forged ones are gone from the database: the owner may remove their own alerts.
    const left = Object.values(fake.data.alerts(aliceUid)).map((alert) => alert.committed_by).sort()
    expect(left).toEqual(['민지', '밥'].sort())
    expect(fake.data.alerts(bobUid)).toEqual({})
  })

  it('drops a comment alert whose comment was written at another time than the alert says (issue 31)', async () => {
    const { fake, a, aliceUid } = await aliceAndBob()
    const post = await write(a, '앨리스의 글')
    await a.settle()
    fake.webApp.addComment({ post_id: post.id, comment: '좋아요', comment_by: 'minji@example.com', comment_nick: '민지', comment_time: '2026. 1. 1. 오전 10:00' })
    // The real one, pushed as the comment was written; a forged one naming her comment a day later.
    fake.webApp.pushAlert(aliceUid, { date: '2026. 1. 1. 오전 10:01', post_id: post.id, committed_by: '민지', alert_type: 'comment' })
    fake.webApp.pushAlert(aliceUid, { date: '2026. 1. 2. 오전 10:00', post_id: post.id, committed_by: '민지', alert_type: 'comment' })
    await a.settle()
    expect((await a.call('alerts:list')).count).toBe(1)
    expect(Object.values(fake.data.alerts(aliceUid)).map((alert) => alert.date)).toEqual(['2026. 1. 1. 오전 10:01'])
  })

  it('drops a like alert in the name of a member who did not like the post, however many others did (issue 31)', async () => {
    const { fake, a, aliceUid } = await aliceAndBob()
    const post = await write(a, '앨리스의 글')
    await a.settle()
    // Two web-app members liked it; Bob (밥, whose name and email the registries hold) did not.
    fake.webApp.updatePost(post.id, { likedBy: ['junho@example.com', 'rain@example.com'] })
    fake.webApp.pushAlert(aliceUid, { date: '2026. 1. 1. 10:00', post_id: post.id, committed_by: '밥', alert_type: 'like' })
    await a.settle()
    expect(await a.call('alerts:list')).toMatchObject({ count: 0 })
    expect(a.desktop.recording.notifications.some((n) => /밥/.test(n.body))).toBe(false)
    expect(fake.data.alerts(aliceUid)).toEqual({})
  })

  it('shows a like alert in a member\'s name when the registry gives one of the likers\' emails to that name\'s holder', async () => {
    const { fake, a, aliceUid } = await aliceAndBob()
    const post = await write(a, '앨리스의 글')
    await a.settle()
    // Bob likes from the web app: Alice's copy knows his email from likedBy only, never his name.
    fake.webApp.updatePost(post.id, { likedBy: ['bob@example.com'] })
    fake.webApp.pushAlert(aliceUid, { date: '2026. 1. 1. 10:00', post_id: post.id, committed_by: '밥', alert_type: 'like' })
    await a.settle()
    expect((await a.call('alerts:list')).alerts.map((alert) => alert.text)).toEqual(['밥님이 회원님의 게시글을 좋아해요'])
  })
})
