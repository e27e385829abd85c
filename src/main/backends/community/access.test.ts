import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanupTestApps, logIn } from '../../../../tests/support/main/test-app'
import { aliceAndBob, cleanupCommunityApps, write } from '../../../../tests/support/main/community-app'

afterEach(async () => {
  await cleanupCommunityApps()
  await cleanupTestApps()
})

/** Alice a moderator, Bob signed in and not a member, the community closed by its operator. */
async function membersOnly() {
  const world = await aliceAndBob()
  const { fake, a, b, alice, bob } = world
  const post = await write(a, '앨리스의 글')
  fake.setClaims(alice.email, { moderator: true })
  fake.webApp.setCommunitySettings({ access: 'members-only' })
  await logIn(a, alice)
  await logIn(b, bob)
  await a.settle()
  await b.settle()
  return { ...world, post }
}

describe('members-only communities (decision 045)', () => {
  it('shows a non-member where they stand, refuses their writes in Korean, and sends, lists and withdraws a 가입 요청', async () => {
    const { fake, a, b, bobUid, post } = await membersOnly()
    expect((await b.call('auth:session')).access).toEqual({ request: null, removed: false })
    expect(await b.call('access:mine')).toEqual({ request: null, removed: false })
    expect(await b.refused('comments:add', { postId: post.id, text: '안녕하세요' })).toMatchObject({ code: 'membersOnlyWrite' })
    expect(await b.refused('likes:set', { postId: post.id, liked: true })).toMatchObject({ code: 'membersOnlyWrite' })
    expect(await b.refused('access:request', { message: '가'.repeat(201) })).toMatchObject({ code: 'joinMessageTooLong' })
    expect(await b.refused('access:requests')).toMatchObject({ code: 'moderatorOnly' })
    expect(await b.refused('access:approve', { id: bobUid })).toMatchObject({ code: 'moderatorOnly' })
    expect(fake.membership.requests()).toEqual({})

    const sent = await b.call('access:request', { message: '  사진 좋아해요  ' })
    expect(sent.access).toMatchObject({ request: { message: '사진 좋아해요' }, removed: false })
    expect(fake.membership.requests()[bobUid]).toMatchObject({ nickname: '밥', message: '사진 좋아해요' })

    await a.settle()
    expect(await a.call('access:pendingCount')).toEqual({ count: 1 })
    expect(a.eventsOf('access:requestsChanged').at(-1)).toEqual({ count: 1 })
    const pending = await a.call('access:requests')
    expect(pending).toEqual([{ id: bobUid, nickname: '밥', message: '사진 좋아해요', at: expect.any(Number) }])
    expect(JSON.stringify(pending)).not.toContain('@')
    expect(await b.call('access:pendingCount')).toEqual({ count: 0 })

    expect((await b.call('access:withdraw')).access).toEqual({ request: null, removed: false })
    expect(fake.membership.requests()).toEqual({})
    expect(await b.refused('access:withdraw')).toMatchObject({ code: 'joinNoRequest' })
    await a.settle()
    expect(await a.call('access:pendingCount')).toEqual({ count: 0 })
    expect(await a.refused('access:approve', { id: bobUid })).toMatchObject({ code: 'joinRequestGone' })
  })

  it('opens the community live when a moderator approves, and a moderator never needs to ask', async () => {
    const { fake, a, b, aliceUid, bobUid, post } = await membersOnly()
    expect((await a.call('auth:session')).access).toBeUndefined()
    expect(await a.refused('access:request', { message: '' })).toMatchObject({ code: 'joinNotNeeded' })
    await b.call('access:request', { message: '' })
    await a.settle()
    expect(await a.call('access:approve', { id: bobUid })).toEqual([])
    expect(fake.membership.members()[bobUid]).toEqual({ via: 'approval', by: aliceUid })
    expect(fake.membership.requests()).toEqual({})

    await vi.waitFor(() => expect(b.eventsOf('session:changed').at(-1)?.access).toBeUndefined(), { timeout: 2000, interval: 20 })
    expect((await b.call('auth:session')).access).toBeUndefined()
    expect(await b.call('access:mine')).toBeNull()
    expect(await b.call('comments:add', { postId: post.id, text: '반가워요' })).toMatchObject({ text: '반가워요' })
  })

  it('closes at once for a removed member: told in the session, and the mirror keeps only what they wrote', async () => {
    const { fake, a, b, bobUid, post } = await membersOnly()
    fake.membership.addMember(bobUid)
    await b.settle()
    const mine = await write(b, '밥의 글')
    await b.call('comments:add', { postId: post.id, text: '밥의 댓글' })
    await a.settle()
    await b.settle()
    expect((await b.call('posts:feed', { cursor: null })).posts.map((p) => p.id).sort()).toEqual([mine.id, post.id].sort())

    fake.membership.removeMember(bobUid)
    await b.settle()
    await vi.waitFor(() => expect(b.eventsOf('session:changed').at(-1)?.access).toEqual({ request: null, removed: true }), { timeout: 2000, interval: 20 })
    await b.settle()
    expect((await b.call('posts:feed', { cursor: null })).posts.map((p) => p.id)).toEqual([mine.id])
    expect(await b.refused('comments:add', { postId: mine.id, text: '또' })).toMatchObject({ code: 'membersOnlyWrite' })
  })
})
