import { afterEach, describe, expect, it } from 'vitest'
import { messages } from '@shared/messages'
import { cleanupTestApps } from '../../../../tests/support/main/test-app'
import { personKey } from '../../store/person-key'
import { aliceAndBob, cleanupCommunityApps, startCommunityApp, write } from '../../../../tests/support/main/community-app'

afterEach(async () => {
  await cleanupCommunityApps()
  await cleanupTestApps()
})

/** Alice writes; Bob comments and likes; Alice, on her copy, sees his comment. */
async function bobOnAlicesPost() {
  const people = await aliceAndBob()
  const { a, b } = people
  const post = await write(a, '앨리스의 글')
  await b.settle()
  await b.call('comments:add', { postId: post.id, text: '밥의 댓글' })
  await b.call('likes:set', { postId: post.id, liked: true })
  await a.settle()
  const [comment] = (await a.call('comments:list', { postId: post.id })).comments
  return { ...people, post, bobPersonId: comment!.author.id }
}

describe('blocking (community)', () => {
  it('writes the block to the blocker\'s own list, hides Bob, drops his alerts from the database, and the rules refuse his comment and like', async () => {
    const { fake, a, b, post, aliceUid, bobPersonId } = await bobOnAlicesPost()
    expect((await a.call('alerts:list')).count).toBe(2)
    const list = await a.call('blocks:set', { personId: bobPersonId, blocked: true })
    expect(list).toMatchObject([{ person: { id: bobPersonId, nickname: '밥' }, blocked: true, muted: false }])
    const bobUid = fake.data.emails()[personKey('bob@example.com')]!
    expect(fake.data.controls(aliceUid, 'blocked')).toEqual({ [personKey('bob@example.com')]: { nickname: '밥', profileImg: '', uid: bobUid } })
    expect(fake.data.alerts(aliceUid)).toEqual({})
    expect(await a.call('alerts:list')).toMatchObject({ alerts: [], count: 0, unseen: 0 })
    expect(await a.call('comments:list', { postId: post.id })).toMatchObject({ comments: [] })
    expect((await a.call('posts:get', { id: post.id })).commentCount).toBe(0)

    await b.call('likes:set', { postId: post.id, liked: false })
    expect(await b.refused('likes:set', { postId: post.id, liked: true })).toEqual({ code: 'likeNotAllowed', message: messages.likeNotAllowed })
    expect(await b.refused('comments:add', { postId: post.id, text: '또' })).toEqual({ code: 'commentNotAllowed', message: messages.commentNotAllowed })
  })

  it('blocks Bob\'s uid as well as his email when the registry knows it (decision 043), and unblocking takes both back', async () => {
    const { fake, a, aliceUid, bobPersonId } = await bobOnAlicesPost()
    const bobUid = fake.data.emails()[personKey('bob@example.com')]!
    expect(bobUid).toBeTruthy()
    await a.call('blocks:set', { personId: bobPersonId, blocked: true })
    expect(fake.data.blockedUids(aliceUid)).toEqual({ [bobUid]: personKey('bob@example.com') })
    // A mute alone is no block: nothing on the uid.
    const [entry] = await a.call('blocks:list')
    await a.call('blocks:set', { personId: entry!.id, blocked: false, muted: true })
    expect(fake.data.blockedUids(aliceUid)).toEqual({})
  })

  it('a block made on another computer reaches this one when the alerts are followed, and its alerts never count', async () => {
    const { fake, a, b, post, alice, aliceUid, bobPersonId } = await bobOnAlicesPost()
    await a.call('blocks:set', { personId: bobPersonId, muted: true })
    // Alice's other computer: a fresh mirror, signed in; Bob comments again meanwhile.
    const other = await startCommunityApp(fake)
    await other.call('auth:login', { email: alice.email, password: alice.password })
    await b.call('comments:add', { postId: post.id, text: '또 밥' })
    await other.settle()
    expect(await other.call('blocks:list')).toMatchObject([{ person: { nickname: '밥' }, blocked: false, muted: true }])
    expect(await other.call('alerts:list')).toMatchObject({ alerts: [], count: 0 })
    expect(fake.data.alerts(aliceUid)).toEqual({})
    expect((await other.call('comments:list', { postId: post.id })).comments).toEqual([])
    // Unmuted there: his comments show again, and the project's list is empty.
    const [entry] = await other.call('blocks:list')
    expect(await other.call('blocks:set', { personId: entry!.id, muted: false })).toEqual([])
    expect(fake.data.controls(aliceUid, 'muted')).toEqual({})
    // Both written at the test clock's one moment: their order is their ids', so compared as a set.
    expect((await other.call('comments:list', { postId: post.id })).comments.map((c) => c.text).sort()).toEqual(['또 밥', '밥의 댓글'])
  })
})
