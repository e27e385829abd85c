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
})
