import { afterEach, describe, expect, it } from 'vitest'
import { cleanupTestApps, tinyJpeg } from '../../../../tests/support/main/test-app'
import type { FakeFirebase } from '../../../../tests/support/fake-firebase/fake-firebase'
import { createFakeFirebase } from '../../../../tests/support/fake-firebase/fake-firebase'
import { cleanupCommunityApps, join, startCommunityApp, write, type CommunityApp } from '../../../../tests/support/main/community-app'
import { deletionSteps } from './deletion'

afterEach(async () => {
  await cleanupCommunityApps()
  await cleanupTestApps()
})

/** Alice (with a profile photo) and Bob, each with a post, a like, a comment and a report of the other's, and an alert. */
async function world() {
  const fake = createFakeFirebase()
  const a = await startCommunityApp(fake)
  const b = await startCommunityApp(fake)
  const alice = await join(a, 'alice', { nickname: '앨리스', profileImage: await tinyJpeg('#335577') })
  const bob = await join(b, 'bob', { nickname: '밥' })
  const hers = await write(a, '앨리스의 글')
  const his = await write(b, '밥의 글')
  await a.call('likes:set', { postId: his.id, liked: true })
  await a.call('comments:add', { postId: his.id, text: '앨리스의 댓글' })
  await b.call('likes:set', { postId: hers.id, liked: true })
  await b.call('comments:add', { postId: hers.id, text: '밥의 댓글' })
  await a.settle()
  await a.call('moderation:report', { kind: 'post', targetId: his.id, reason: 'spam' })
  await b.call('moderation:report', { kind: 'post', targetId: hers.id, reason: 'other' })
  await b.settle()
  const aliceUid = fake.data.accounts().find((acc) => acc.email === alice.email)!.uid
  return { fake, a, b, alice, bob, hers, his, aliceUid }
}

/** Nothing of Alice's is left in the project; Bob's post, comment and like are as they were. */
function expectAliceGone(fake: FakeFirebase, w: Awaited<ReturnType<typeof world>>): void {
  const { alice, bob, his, aliceUid } = w
  expect(Object.values(fake.data.posts()).map((p) => p.postTxt)).toEqual(['밥의 글'])
  expect(fake.data.posts()[his.id]!.likedBy).toEqual([])
  // Bob's comment on Alice's deleted post stays his (as after any post's deletion); Alice's is gone.
  expect(Object.values(fake.data.comments()).map((c) => c.comment_by)).toEqual([bob.email])
  expect(fake.data.alerts(aliceUid)).toEqual({})
  // Her reports went; Bob's (of her post) is his.
  expect(Object.values(fake.moderation.reports()).map((r) => r.by)).toEqual([fake.data.accounts().find((acc) => acc.email === bob.email)!.uid])
  expect(Object.values(fake.data.users()).map((u) => u.user_id)).toEqual([bob.email])
  expect(Object.values(fake.data.nicknames())).toEqual([fake.data.accounts().find((acc) => acc.email === bob.email)!.uid])
  expect(fake.data.files().filter((path) => path.startsWith('profileImg/'))).toEqual([])
  expect(fake.data.files()).toHaveLength(1)
  expect(fake.data.accounts().map((acc) => acc.email)).toEqual([bob.email])
  expect(JSON.stringify(fake.data.posts())).not.toContain(alice.email)
}

describe('회원 탈퇴 in a community (decision 027)', () => {
  it('with the password: every document, file, like, alert and name of mine, then the account; others\' untouched', async () => {
    const w = await world()
    expect(await w.a.refused('account:delete', { password: 'not-her-password' })).toMatchObject({ code: 'currentPasswordWrong', field: 'password' })
    expect(Object.keys(w.fake.data.posts())).toHaveLength(2)

    expect(await w.a.call('account:delete', { password: w.alice.password })).toEqual({ user: null })
    await w.a.settle()
    expectAliceGone(w.fake, w)
    expect(w.a.mirror().deletions.pending()).toEqual([])
    expect(await w.b.call('posts:get', { id: w.his.id })).toMatchObject({ likeCount: 0 })
  })

  for (const [step, operation] of [
    ['posts', 'docs.deletePost'],
    ['comments', 'docs.deleteComment'],
    ['likes', 'docs.setLiked'],
    ['alerts', 'alerts.clear'],
    ['reports', 'docs.deleteReport'],
    ['profile', 'docs.deleteUser'],
    ['nickname', 'docs.releaseNickname'],
    ['account', 'auth.deleteAccount']
  ] as const) {
    it(`cut short at "${step}" (the network lost): says it is finishing, and the next start finishes it`, async () => {
      expect(deletionSteps).toContain(step)
      const w = await world()
      w.fake.failNext(operation, 'offline')
      expect(await w.a.call('account:delete', { password: w.alice.password })).toEqual({ user: null, accountDeletion: 'finishing' })
      expect(w.a.mirror().deletions.pending()).toEqual([expect.objectContaining({ step, remoteUid: w.aliceUid })])
      await w.a.close()

      const again: CommunityApp = await startCommunityApp(w.fake, { dataDir: w.a.dataDir, profileDir: w.a.profileDir })
      await again.settle()
      expectAliceGone(w.fake, w)
      expect(again.mirror().deletions.pending()).toEqual([])
      expect(await again.call('auth:session')).toEqual({ user: null })
      expect(again.eventsOf('session:changed').at(-1)).toEqual({ user: null })
    })
  }

  it('when Firebase asks for the password again before deleting the account, it waits for it, then finishes', async () => {
    const w = await world()
    w.fake.failNext('auth.deleteAccount', 'requires-recent-login')
    expect(await w.a.call('account:delete', { password: w.alice.password })).toEqual({ user: null, accountDeletion: 'needsPassword' })
    expect(await w.a.refused('account:delete', { password: 'wrong-again' })).toMatchObject({ code: 'currentPasswordWrong' })
    expect(await w.a.call('account:delete', { password: w.alice.password })).toEqual({ user: null })
    expectAliceGone(w.fake, w)
  })
})
