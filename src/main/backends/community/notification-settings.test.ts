import { afterEach, describe, expect, it } from 'vitest'
import { cleanupTestApps } from '../../../../tests/support/main/test-app'
import { aliceAndBob as twoPeople, cleanupCommunityApps, startCommunityApp, write } from '../../../../tests/support/main/community-app'

afterEach(async () => {
  await cleanupCommunityApps()
  await cleanupTestApps()
})

/** Alice (whose copy is in the background) with two posts, and Bob, who likes and comments. */
async function aliceAndBob() {
  const people = await twoPeople()
  const post = await write(people.a, '앨리스의 글')
  const other = await write(people.a, '앨리스의 다른 글')
  await people.b.settle()
  people.a.desktop.setFocused(false)
  return { ...people, post, other }
}

/** A local wall-clock time on 2 January 2026, whatever the machine's time zone. */
const localTime = (hours: number, minutes = 0) => new Date(2026, 0, 2, hours, minutes).getTime()

describe('설정 → 알림 (community mode)', () => {
  it('likes off: listed (marked), not counted, not popped up; kept on this computer only, never in the web app\'s documents', async () => {
    const { fake, a, b, post, other, aliceUid } = await aliceAndBob()
    const users = fake.data.users()
    await a.call('notifications:set', { likes: false })
    await b.call('likes:set', { postId: post.id, liked: true })
    await b.call('comments:add', { postId: other.id, text: '멋져요' })
    await a.settle()
    expect(a.desktop.recording.notifications.map((n) => n.body)).toEqual(['밥님이 회원님의 게시글에 댓글을 남겼어요'])
    expect(a.desktop.recording.badge).toBe(1)
    const list = await a.call('alerts:list')
    expect(list.alerts.map((r) => [r.type, r.silenced])).toEqual([['comment', false], ['like', true]])
    expect([list.count, list.unseen]).toEqual([2, 1])
    // The alert itself is in the Realtime Database as the web app writes it; the setting is nowhere in Firebase.
    expect(Object.values(fake.data.alerts(aliceUid)).map((alert) => alert.alert_type).sort()).toEqual(['comment', 'like'])
    expect(fake.data.users()).toEqual(users)

    // A restart remembers (the mirror keeps it per account).
    await a.close()
    const again = await startCommunityApp(fake, { dataDir: a.dataDir, profileDir: a.profileDir })
    await again.settle()
    expect((await again.call('notifications:get')).settings.likes).toBe(false)
    expect(again.desktop.recording.badge).toBe(1)
  })

  it('quiet hours: a comment at 23:30 counts on the badge and pops nothing', async () => {
    const { a, b, post } = await aliceAndBob()
    await a.call('notifications:set', { quietHours: { start: 23 * 60, end: 8 * 60 } })
    a.clock.t = localTime(23, 30)
    await b.call('comments:add', { postId: post.id, text: '늦은 밤' })
    await a.settle()
    expect(a.desktop.recording.badge).toBe(1)
    expect(a.desktop.recording.notifications).toEqual([])
  })

  it('a muted post: not counted, not popped up, listed and marked; pop-ups off: the badge only', async () => {
    const { a, b, post, other } = await aliceAndBob()
    await a.call('notifications:mutePost', { postId: post.id, muted: true })
    await b.call('comments:add', { postId: post.id, text: '조용히' })
    await a.settle()
    expect([a.desktop.recording.badge, a.desktop.recording.notifications.length]).toEqual([0, 0])
    expect((await a.call('alerts:list')).alerts.map((r) => r.silenced)).toEqual([true])

    await a.call('notifications:set', { popups: false })
    await b.call('comments:add', { postId: other.id, text: '배지만' })
    await a.settle()
    expect([a.desktop.recording.badge, a.desktop.recording.notifications.length]).toEqual([1, 0])
    expect((await a.call('notifications:get')).mutedPosts.map((m) => m.postWords)).toEqual(['앨리스의 글'])
  })
})
