import { afterEach, describe, expect, it } from 'vitest'
import { cleanupTestApps } from '../../../../tests/support/main/test-app'
import { databaseOf } from '../../store/handle'
import { personKey } from '../../store/person-key'
import { aliceAndBob, cleanupCommunityApps, write } from '../../../../tests/support/main/community-app'

afterEach(async () => {
  await cleanupCommunityApps()
  await cleanupTestApps()
})

/** Alice writes, Bob comments on it; Alice's copy knows Bob's person. Then Bob's account's email is changed and he signs in with it. */
async function bobMovesAway() {
  const people = await aliceAndBob()
  const { fake, a, b, bob } = people
  const post = await write(a, '앨리스의 글')
  await b.settle()
  await b.call('comments:add', { postId: post.id, text: '밥의 댓글' })
  await a.settle()
  const [comment] = (await a.call('comments:list', { postId: post.id })).comments
  const moved = { email: 'bob.moved@example.com', password: bob.password }
  const moveAway = async () => {
    await b.call('auth:logout')
    fake.webApp.changeEmail(bob.email, moved.email)
    // No users document names the new email: Magpie asks him to finish his profile (issue 21) under the same uid.
    await b.call('auth:login', moved)
    await b.call('auth:completeProfile', { nickname: '새밥' })
    await b.settle()
  }
  return { ...people, post, bobPersonId: comment!.author.id, moved, moveAway }
}

describe('blocks and mutes hold on the account (decision 048, community)', () => {
  it('a mute names Bob\'s uid; after his email changes, his new comments, likes\' alerts and posts stay hidden from Alice', async () => {
    const { fake, a, b, post, aliceUid, bobUid, bobPersonId, moved, moveAway } = await bobMovesAway()
    await a.call('blocks:set', { personId: bobPersonId, muted: true })
    expect(fake.data.controls(aliceUid, 'muted')).toEqual({ [personKey('bob@example.com')]: { nickname: '밥', profileImg: '', uid: bobUid } })

    await moveAway()
    // Magpie claimed his new email for his uid at the sign-in (decision 043).
    expect(fake.data.emails()[personKey(moved.email)]).toBe(bobUid)
    await b.call('comments:add', { postId: post.id, text: '새 주소로 쓴 댓글' })
    await write(b, '새 주소로 쓴 글')
    await a.settle()
    expect((await a.call('comments:list', { postId: post.id })).comments).toEqual([])
    expect((await a.call('posts:get', { id: post.id })).commentCount).toBe(0)
    expect((await a.call('posts:feed', {})).posts.map((p) => p.text)).toEqual(['앨리스의 글'])
    expect(await a.call('alerts:list')).toMatchObject({ alerts: [], count: 0 })
    // His comment's alert, which came before his new email was known to be his, went from the database too.
    expect(fake.data.alerts(aliceUid)).toEqual({})
    // Bob himself sees both.
    expect((await b.call('comments:list', { postId: post.id })).comments.map((c) => c.text).sort()).toEqual(['밥의 댓글', '새 주소로 쓴 댓글'])
  })

  it('a block made before the change hides his new writing too, and the rules refuse his comment and like under the new email', async () => {
    const { a, b, post, bobPersonId, moveAway } = await bobMovesAway()
    await write(b, '밥의 글')
    await a.settle()
    await a.call('blocks:set', { personId: bobPersonId, blocked: true })
    await moveAway()
    expect((await b.refused('comments:add', { postId: post.id, text: '또' })).code).toBe('commentNotAllowed')
    expect((await b.refused('likes:set', { postId: post.id, liked: true })).code).toBe('likeNotAllowed')
    await write(b, '새 주소로 쓴 글')
    await a.settle()
    expect((await a.call('posts:feed', {})).posts.map((p) => p.text)).toEqual(['앨리스의 글'])
  })

  it('asks the registry nothing while nobody is hidden by account', async () => {
    const { a, b, post, moveAway } = await bobMovesAway()
    await moveAway()
    await b.call('comments:add', { postId: post.id, text: '새 주소로 쓴 댓글' })
    await a.settle()
    expect((await a.call('comments:list', { postId: post.id })).comments.map((c) => c.text).sort()).toEqual(['밥의 댓글', '새 주소로 쓴 댓글'])
    expect(databaseOf(a.mirror()).prepare('SELECT count(*) FROM users WHERE remote_uid_asked_at IS NOT NULL').pluck().get()).toBe(0)
  })
})
