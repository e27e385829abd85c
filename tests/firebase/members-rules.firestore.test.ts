/**
 * Members-only communities (docs/decisions/045-members-only.md) on the Firestore emulator: with
 * settings/community.access == 'members-only' a visitor or a signed-in non-member reads and
 * writes nothing of the community but their own sign-up documents and their own 가입 요청; a
 * member (members/{uid}) and a moderator read and write as before, the original web app's own
 * calls included; a moderator approves (members/{uid} via 'approval', only for a request) and
 * removes members, never a moderator; an open community (no access, or 'open') is as before.
 */
import { assertFails, assertSucceeds, type RulesTestContext, type RulesTestEnvironment } from '@firebase/rules-unit-testing'
import firebase from 'firebase/compat/app'
import 'firebase/compat/firestore'
import { beforeEach, describe, it } from 'vitest'
import { webDate } from '../../src/main/firebase/mapping'
import { personKey } from '../../src/main/store/person-key'
import { ALICE, BOB, CAROL, alicesWebPost, firestoreRulesSuite, signedIn, visitor, type Person } from '../support/emulators/rules'

describe('Firestore rules: members-only communities', () => {
  let env: RulesTestEnvironment
  const FieldValue = firebase.firestore.FieldValue
  const db = (ctx: RulesTestContext): firebase.firestore.Firestore => ctx.firestore()
  const seed = firestoreRulesSuite((started) => (env = started))

  /** A moderator (the claim alone), not in members. */
  const MOD: Person = { uid: 'mod', email: 'mod@example.com' }
  const OTHER_MOD: Person = { uid: 'mod2', email: 'mod2@example.com' }
  const moderator = (who: Person = MOD) => env.authenticatedContext(who.uid, { email: who.email, moderator: true })

  // ALICE and BOB are members; CAROL is signed in and not a member.
  const member = (uid: string) => ({ uid, at: new Date(), via: 'import' })
  const userDoc = (who: Person) => ({ uid: who.uid, user_id: who.email, nickname: who.uid, profile_img: '', alerts: [] })
  const request = (over: Record<string, unknown> = {}) => ({ nickname: '캐롤', message: '사진 좋아해요', at: FieldValue.serverTimestamp(), ...over })
  const approval = (uid: string, by = MOD.uid) => ({ uid, at: FieldValue.serverTimestamp(), via: 'approval', by })
  const comment = (who: Person) => ({ post_id: 'p1', comment: '멋져요', comment_by: who.email, comment_nick: who.uid, comment_time: '2023. 11. 14. 22:15' })
  const postOf = (who: Person) => ({ ...alicesWebPost, postedBy: who.email, posted_uid: who.uid, postDate: webDate(Date.now()) })
  const profile = (nickname: string) => ({ nickname, photo: '', joined: FieldValue.serverTimestamp() })

  async function community(access: 'open' | 'members-only' | null): Promise<void> {
    await seed('settings/community', access === null ? { requireAltText: false } : { access })
  }

  beforeEach(async () => {
    await seed('magazinePost/p1', { ...alicesWebPost, likedBy: [BOB.email] })
    await seed('magazineComments/c1', comment(BOB))
    await seed('users/alicedoc', userDoc(ALICE))
    await seed('users/caroldoc', userDoc(CAROL))
    await seed('profiles/alice', { nickname: '앨리스', photo: '', joined: new Date() })
    await seed('members/alice', member(ALICE.uid))
    await seed('members/bob', member(BOB.uid))
    await seed('moderators/mod', { at: new Date() })
    await seed('moderators/mod2', { at: new Date() })
    await community('members-only')
  })

  describe('a visitor or a signed-in non-member', () => {
    it('reads nothing: posts, the feed, comments, profiles, another\'s email entry, reports', async () => {
      for (const ctx of [visitor(env), signedIn(env, CAROL)]) {
        await assertFails(db(ctx).doc('magazinePost/p1').get())
        await assertFails(db(ctx).collection('magazinePost').limit(10).get())
        await assertFails(db(ctx).collection('magazinePost').get())
        await assertFails(db(ctx).doc('magazineComments/c1').get())
        await assertFails(db(ctx).collection('magazineComments').where('post_id', '==', 'p1').get())
        await assertFails(db(ctx).doc('profiles/alice').get())
        await assertFails(db(ctx).doc(`emails/${personKey(ALICE.email)}`).get())
        await assertFails(db(ctx).doc('members/alice').get())
        await assertFails(db(ctx).collection('joinRequests').get())
      }
    })

    it('writes nothing of the community: no post, comment, like, report', async () => {
      const carol = db(signedIn(env, CAROL))
      await assertFails(carol.collection('magazinePost').add(postOf(CAROL)))
      await assertFails(carol.collection('magazineComments').add(comment(CAROL)))
      await assertFails(carol.doc('magazinePost/p1').update({ likedBy: FieldValue.arrayUnion(CAROL.email) }))
      await assertFails(
        carol.doc('reports/carol_post_p1').set({ by: CAROL.uid, kind: 'post', target: 'p1', reason: 'spam', note: '', at: FieldValue.serverTimestamp() })
      )
    })

    it('makes no member of themselves and reads only their own members document', async () => {
      const carol = db(signedIn(env, CAROL))
      await assertFails(carol.doc('members/carol').set({ uid: CAROL.uid, at: FieldValue.serverTimestamp(), via: 'approval', by: CAROL.uid }))
      await assertFails(carol.doc('members/carol').set({ uid: CAROL.uid, at: FieldValue.serverTimestamp(), via: 'import' }))
      await assertSucceeds(carol.doc('members/carol').get())
      await assertFails(carol.doc('members/bob').get())
    })

    it('still signs up: their own users document, email entry, profile and nickname; reads their own, and settings/community', async () => {
      const dan: Person = { uid: 'dan', email: 'dan@example.com' }
      const newcomer = db(signedIn(env, dan))
      await assertSucceeds(newcomer.collection('users').add(userDoc(dan)))
      await assertSucceeds(newcomer.collection('users').where('user_id', '==', dan.email).get())
      await assertSucceeds(newcomer.doc(`emails/${personKey(dan.email)}`).set({ uid: dan.uid, at: FieldValue.serverTimestamp() }))
      await assertSucceeds(newcomer.doc(`emails/${personKey(dan.email)}`).get())
      await assertSucceeds(newcomer.doc('profiles/dan').set(profile('댄')))
      await assertSucceeds(newcomer.doc('profiles/dan').get())
      await assertSucceeds(newcomer.doc(`nicknames/${'d'.repeat(64)}`).set({ uid: dan.uid, at: FieldValue.serverTimestamp() }))
      await assertSucceeds(newcomer.doc('settings/community').get())
      await assertFails(db(visitor(env)).doc('settings/community').get())
    })

    it('a removed member still deletes their own post and comment (회원 탈퇴)', async () => {
      await seed('magazinePost/pc', { ...alicesWebPost, postedBy: CAROL.email, posted_uid: CAROL.uid })
      await seed('magazineComments/cc', comment(CAROL))
      await assertSucceeds(db(signedIn(env, CAROL)).doc('magazineComments/cc').delete())
      await assertSucceeds(db(signedIn(env, CAROL)).doc('magazinePost/pc').delete())
    })
  })

  describe('a member, with the original web app\'s own calls', () => {
    it('reads the feed, a post, the comments (whole collection), their profile by their email', async () => {
      const alice = db(signedIn(env, ALICE))
      await assertSucceeds(alice.collection('magazinePost').get())
      await assertSucceeds(alice.doc('magazinePost/p1').get())
      await assertSucceeds(alice.collection('magazineComments').get())
      await assertSucceeds(alice.collection('users').where('user_id', '==', ALICE.email).get())
      await assertSucceeds(alice.doc('profiles/alice').get())
      await assertSucceeds(db(signedIn(env, BOB)).doc('profiles/alice').get())
    })

    it('posts, likes with the whole list, comments, deletes a comment and a post, as before', async () => {
      const bob = db(signedIn(env, BOB))
      await assertSucceeds(bob.collection('magazinePost').add(postOf(BOB)))
      await assertSucceeds(bob.doc('magazinePost/p1').update({ likedBy: [] }))
      await assertSucceeds(bob.doc('magazinePost/p1').update({ likedBy: [BOB.email] }))
      await assertSucceeds(bob.collection('magazineComments').add(comment(BOB)))
      await assertSucceeds(bob.doc('magazineComments/c1').delete())
      await assertSucceeds(db(signedIn(env, ALICE)).doc('magazinePost/p1').delete())
    })

    it('loses it all when removed', async () => {
      await env.withSecurityRulesDisabled(async (ctx) => {
        await ctx.firestore().doc('members/bob').delete()
      })
      const bob = db(signedIn(env, BOB))
      await assertFails(bob.collection('magazinePost').get())
      await assertFails(bob.collection('magazineComments').add(comment(BOB)))
      await assertSucceeds(bob.doc('members/bob').get())
    })
  })

  describe('a 가입 요청', () => {
    it('is made by that signed-in person alone, with a message or without, and read by them and moderators', async () => {
      const carol = db(signedIn(env, CAROL))
      await assertSucceeds(carol.doc('joinRequests/carol').set(request()))
      await assertSucceeds(carol.doc('joinRequests/carol').get())
      await assertSucceeds(db(moderator()).doc('joinRequests/carol').get())
      await assertSucceeds(db(moderator()).collection('joinRequests').get())
      await assertFails(db(signedIn(env, BOB)).doc('joinRequests/carol').get())
      await assertFails(carol.collection('joinRequests').get())
      await assertSucceeds(carol.doc('joinRequests/carol').delete())
      await assertSucceeds(carol.doc('joinRequests/carol').set({ nickname: '캐롤', at: FieldValue.serverTimestamp() }))
    })

    it('is refused for another uid, from a visitor, with a client time, extra keys, a long message or a bad nickname', async () => {
      const carol = db(signedIn(env, CAROL))
      await assertFails(carol.doc('joinRequests/dan').set(request()))
      await assertFails(db(visitor(env)).doc('joinRequests/carol').set(request()))
      await assertFails(carol.doc('joinRequests/carol').set(request({ at: new Date() })))
      await assertFails(carol.doc('joinRequests/carol').set(request({ email: CAROL.email })))
      await assertFails(carol.doc('joinRequests/carol').set(request({ message: '가'.repeat(201) })))
      await assertSucceeds(carol.doc('joinRequests/carol').set(request({ message: '가'.repeat(200) })))
      await assertFails(carol.doc('joinRequests/carol').update({ message: '다시' }))
      await assertSucceeds(carol.doc('joinRequests/carol').delete())
      await assertFails(carol.doc('joinRequests/carol').set(request({ nickname: '' })))
      await assertFails(carol.doc('joinRequests/carol').set(request({ nickname: '   ' })))
      await assertFails(carol.doc('joinRequests/carol').set(request({ nickname: '가'.repeat(21) })))
      await assertFails(carol.doc('joinRequests/carol').set(request({ message: 7 })))
    })

    it('names its maker by their profile\'s nickname when they have a profile, and is refused to a member', async () => {
      await seed('profiles/carol', { nickname: '캐롤', photo: '', joined: new Date() })
      await assertFails(db(signedIn(env, CAROL)).doc('joinRequests/carol').set(request({ nickname: '운영자' })))
      await assertSucceeds(db(signedIn(env, CAROL)).doc('joinRequests/carol').set(request()))
      await assertFails(db(signedIn(env, BOB)).doc('joinRequests/bob').set(request({ nickname: '밥' })))
    })

    it('is removed by a moderator (거절) and by nobody else', async () => {
      await seed('joinRequests/carol', { nickname: '캐롤', message: '', at: new Date() })
      await assertFails(db(signedIn(env, BOB)).doc('joinRequests/carol').delete())
      await assertSucceeds(db(moderator()).doc('joinRequests/carol').delete())
    })
  })

  describe('approval and removal by a moderator', () => {
    it('approves a request: the member document and the request\'s removal in one batch; the person then reads', async () => {
      await seed('joinRequests/carol', { nickname: '캐롤', message: '', at: new Date() })
      const mod = db(moderator())
      const batch = mod.batch()
      batch.set(mod.doc('members/carol'), approval(CAROL.uid))
      batch.delete(mod.doc('joinRequests/carol'))
      await assertSucceeds(batch.commit())
      await assertSucceeds(db(signedIn(env, CAROL)).collection('magazinePost').get())
      await assertSucceeds(db(signedIn(env, CAROL)).collection('magazineComments').add(comment(CAROL)))
    })

    it('refuses an approval without a request, in another\'s name, by another via, with a client time, extra keys, or by a member', async () => {
      const mod = db(moderator())
      await assertFails(mod.doc('members/carol').set(approval(CAROL.uid)))
      await seed('joinRequests/carol', { nickname: '캐롤', message: '', at: new Date() })
      await assertFails(mod.doc('members/carol').set(approval(CAROL.uid, OTHER_MOD.uid)))
      await assertFails(mod.doc('members/carol').set({ ...approval(CAROL.uid), via: 'import' }))
      await assertFails(mod.doc('members/carol').set({ ...approval(CAROL.uid), uid: 'dan' }))
      await assertFails(mod.doc('members/carol').set({ ...approval(CAROL.uid), at: new Date() }))
      await assertFails(mod.doc('members/carol').set({ ...approval(CAROL.uid), invitation: 'x' }))
      await assertFails(db(signedIn(env, ALICE)).doc('members/carol').set(approval(CAROL.uid, ALICE.uid)))
    })

    it('lists members and removes one; never another moderator nor themselves; nobody changes a member document', async () => {
      await seed('members/mod2', member(OTHER_MOD.uid))
      await seed('members/mod', member(MOD.uid))
      const mod = db(moderator())
      await assertSucceeds(mod.collection('members').get())
      await assertFails(db(signedIn(env, ALICE)).collection('members').get())
      await assertFails(mod.doc('members/alice').update({ via: 'approval' }))
      await assertFails(mod.doc('members/mod2').delete())
      await assertFails(mod.doc('members/mod').delete())
      await assertFails(db(signedIn(env, ALICE)).doc('members/bob').delete())
      await assertFails(db(signedIn(env, BOB)).doc('members/bob').delete())
      await assertSucceeds(mod.doc('members/bob').delete())
      await assertSucceeds(mod.collection('moderators').get())
      await assertFails(db(signedIn(env, ALICE)).doc('moderators/mod').get())
      await assertFails(mod.doc('moderators/bob').set({ at: new Date() }))
    })

    it('a moderator reads and writes the community without a members document', async () => {
      const mod = db(moderator())
      await assertSucceeds(mod.collection('magazinePost').get())
      await assertSucceeds(mod.collection('magazinePost').add(postOf(MOD)))
    })
  })

  describe('an open community', () => {
    for (const access of [null, 'open'] as const) {
      it(`(${access === null ? 'no access setting' : "access 'open'"}) is read by a visitor and written by a non-member, as before`, async () => {
        await community(access)
        await assertSucceeds(db(visitor(env)).collection('magazinePost').get())
        await assertSucceeds(db(visitor(env)).collection('magazineComments').get())
        await assertSucceeds(db(signedIn(env, CAROL)).doc('profiles/alice').get())
        await assertSucceeds(db(signedIn(env, CAROL)).collection('magazineComments').add(comment(CAROL)))
        await assertSucceeds(db(signedIn(env, CAROL)).doc('magazinePost/p1').update({ likedBy: FieldValue.arrayUnion(CAROL.email) }))
      })
    }

    it('with no settings document at all, too', async () => {
      await env.withSecurityRulesDisabled(async (ctx) => {
        await ctx.firestore().doc('settings/community').delete()
      })
      await assertSucceeds(db(visitor(env)).collection('magazinePost').get())
    })
  })
})
