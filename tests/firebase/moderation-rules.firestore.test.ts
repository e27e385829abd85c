/**
 * Security rules for 신고 and moderators (docs/decisions/030-reports-and-moderators.md) on the
 * Firestore emulator: every new allow and deny. Moderators are only those whose ID token carries
 * the claim moderator == true; a field a person writes about themselves, or a claim of another
 * type or value, gains nothing.
 */
import { assertFails, assertSucceeds, type RulesTestContext, type RulesTestEnvironment } from '@firebase/rules-unit-testing'
import firebase from 'firebase/compat/app'
import 'firebase/compat/firestore'
import { beforeEach, describe, it } from 'vitest'
import { ALICE, BOB, CAROL, firestoreRulesSuite, signedIn, type Person, alicesWebPost } from '../support/emulators/rules'
import { personKey } from '../../src/main/store/person-key'

describe('Firestore rules: 신고 and moderators', () => {
  let env: RulesTestEnvironment
  const now = () => firebase.firestore.FieldValue.serverTimestamp()
  const db = (ctx: RulesTestContext): firebase.firestore.Firestore => ctx.firestore()
  const MOD: Person = { uid: 'mod', email: 'mod@example.com' }
  const moderator = (claim: unknown = true) => db(env.authenticatedContext(MOD.uid, { email: MOD.email, moderator: claim }))
  const as = (who: Person) => db(signedIn(env, who))

  const report = (by: string, over: Record<string, unknown> = {}) => ({ by, kind: 'post', target: 'p1', reason: 'spam', note: '광고', at: now(), ...over })
  const logEntry = (over: Record<string, unknown> = {}) => ({ by: MOD.uid, moderator: '관리자', author: '앨리스', kind: 'post', excerpt: '오늘의 사진', reason: '광고예요', at: now(), ...over })
  const notice = (over: Record<string, unknown> = {}) => ({ kind: 'post', excerpt: '오늘의 사진', reason: '광고예요', at: now(), ...over })
  const aliceKey = personKey(ALICE.email)

  const seed = firestoreRulesSuite((started) => (env = started))

  beforeEach(async () => {
    await seed('magazinePost/p1', alicesWebPost)
    await seed('magazineComments/c1', { post_id: 'p1', comment: '멋져요', comment_by: ALICE.email, comment_nick: '앨리스', comment_time: '2023. 11. 14. 22:15' })
  })

  it('takes a report from a signed-in person naming themselves, once, with a listed reason; they may read, list and delete only their own', async () => {
    await assertSucceeds(as(BOB).doc('reports/bob_post_p1').set(report(BOB.uid)))
    await assertSucceeds(as(BOB).doc('reports/bob_comment_c1').set(report(BOB.uid, { kind: 'comment', target: 'c1' })))
    await assertSucceeds(as(BOB).doc('reports/bob_post_p1').get())
    await assertSucceeds(as(BOB).doc('reports/bob_comment_c1').get())
    // Once: a second write is an update.
    await assertFails(as(BOB).doc('reports/bob_post_p1').set(report(BOB.uid, { reason: 'abuse' })))
    await assertFails(as(CAROL).doc('reports/bob_post_p1').get())
    await assertFails(as(BOB).collection('reports').get())
    await assertFails(as(CAROL).collection('reports').where('by', '==', BOB.uid).get())
    await assertFails(as(CAROL).doc('reports/bob_post_p1').delete())
    await assertFails(db(env.unauthenticatedContext()).doc('reports/x_post_p1').set(report('x')))
    // Their own, for 회원 탈퇴 (decision 027): the query of what they made, then each delete.
    await assertSucceeds(as(BOB).collection('reports').where('by', '==', BOB.uid).get())
    await assertSucceeds(as(BOB).doc('reports/bob_post_p1').delete())
  })

  it('refuses a report of one\'s own post or comment, and of one that does not exist', async () => {
    await seed('magazinePost/legacy', { postedBy: ALICE.email, nickname: '앨리스', postImg: '', postTxt: '웹 앱의 글', postDate: '2023. 11. 14. 22:13', likedBy: [] })
    const alice = as(ALICE)
    await assertFails(alice.doc('reports/alice_post_p1').set(report(ALICE.uid)))
    await assertFails(alice.doc('reports/alice_post_legacy').set(report(ALICE.uid, { target: 'legacy' })))
    await assertFails(alice.doc('reports/alice_comment_c1').set(report(ALICE.uid, { kind: 'comment', target: 'c1' })))
    await assertFails(as(BOB).doc('reports/bob_post_gone').set(report(BOB.uid, { target: 'gone' })))
    await assertFails(as(BOB).doc('reports/bob_comment_gone').set(report(BOB.uid, { kind: 'comment', target: 'gone' })))
    await assertSucceeds(as(BOB).doc('reports/bob_post_legacy').set(report(BOB.uid, { target: 'legacy' })))
  })

  it('refuses a report in someone else\'s name, under another id, with another reason, long words, extra keys or a made-up time', async () => {
    const bob = as(BOB)
    await assertFails(bob.doc('reports/carol_post_p1').set(report(CAROL.uid)))
    await assertFails(bob.doc('reports/bob_post_p2').set(report(BOB.uid)))
    await assertFails(bob.doc('reports/bob_post_p1').set(report(BOB.uid, { reason: 'boring' })))
    await assertFails(bob.doc('reports/bob_user_p1').set(report(BOB.uid, { kind: 'user' })))
    await assertFails(bob.doc('reports/bob_post_p1').set(report(BOB.uid, { note: '가'.repeat(301) })))
    await assertFails(bob.doc('reports/bob_post_p1').set(report(BOB.uid, { extra: 1 })))
    await assertFails(bob.doc('reports/bob_post_p1').set(report(BOB.uid, { at: new Date(0) })))
  })

  it('lets a moderator read, list and close reports, and remove anyone\'s post or comment', async () => {
    await seed('reports/bob_post_p1', { ...report(BOB.uid), at: new Date() })
    const mod = moderator()
    await assertSucceeds(mod.collection('reports').orderBy('at', 'desc').get())
    await assertSucceeds(mod.doc('reports/bob_post_p1').delete())
    await assertSucceeds(mod.doc('magazineComments/c1').delete())
    await assertSucceeds(mod.doc('magazinePost/p1').delete())
  })

  it('refuses everyone else: a non-moderator reading reports, or removing someone else\'s post or comment', async () => {
    await seed('reports/bob_post_p1', { ...report(BOB.uid), at: new Date() })
    for (const who of [BOB, CAROL]) {
      await assertFails(as(who).collection('reports').get())
      await assertFails(as(who).doc('magazinePost/p1').delete())
      await assertFails(as(who).doc('magazineComments/c1').delete())
    }
  })

  it('gives nothing to a forged moderator: a field in one\'s own documents, or a claim of the wrong type or value', async () => {
    await seed('users/bob', { uid: BOB.uid, user_id: BOB.email, nickname: '밥', profile_img: '', alerts: [], moderator: true })
    await seed('profiles/bob', { nickname: '밥', photo: '', joined: new Date(), moderator: true })
    await seed('reports/carol_post_p1', { ...report(CAROL.uid), at: new Date() })
    await assertFails(as(BOB).collection('reports').get())
    await assertFails(as(BOB).doc('magazinePost/p1').delete())
    for (const claim of ['true', 1, 'yes', false, { moderator: true }]) {
      const forged = moderator(claim)
      await assertFails(forged.collection('reports').get())
      await assertFails(forged.doc('magazinePost/p1').delete())
      await assertFails(forged.doc('magazineComments/c1').delete())
      await assertFails(forged.collection('moderationLog').add(logEntry()))
      await assertFails(forged.doc(`notices/${aliceKey}/items/n1`).set(notice()))
    }
  })

  it('keeps the moderation log: a moderator writes it naming themselves and reads it; nobody changes or removes it, nobody else reads it', async () => {
    const mod = moderator()
    await assertSucceeds(mod.doc('moderationLog/l1').set(logEntry()))
    await assertSucceeds(mod.collection('moderationLog').get())
    await assertFails(mod.doc('moderationLog/l2').set(logEntry({ by: 'someone-else' })))
    await assertFails(mod.doc('moderationLog/l2').set(logEntry({ reason: '' })))
    await assertFails(mod.doc('moderationLog/l1').update({ reason: '바꿈' }))
    await assertFails(mod.doc('moderationLog/l1').delete())
    await assertFails(as(ALICE).collection('moderationLog').get())
    await assertFails(as(ALICE).doc('moderationLog/l1').get())
    await assertFails(as(BOB).doc('moderationLog/l3').set({ ...logEntry(), by: BOB.uid }))
  })

  it('leaves a notice only a moderator writes and only its person reads and removes', async () => {
    const mod = moderator()
    await assertSucceeds(mod.doc(`notices/${aliceKey}/items/n1`).set(notice()))
    await assertFails(mod.doc(`notices/${aliceKey}/items/n2`).set(notice({ reporter: BOB.uid })))
    await assertFails(mod.doc(`notices/${aliceKey}/items/n1`).get())
    await assertFails(as(BOB).doc(`notices/${aliceKey}/items/n3`).set(notice()))
    await assertSucceeds(as(ALICE).collection(`notices/${aliceKey}/items`).get())
    await assertFails(as(ALICE).doc(`notices/${aliceKey}/items/n1`).update({ reason: '없던 일' }))
    await assertFails(as(BOB).collection(`notices/${aliceKey}/items`).get())
    await assertFails(as(BOB).doc(`notices/${aliceKey}/items/n1`).delete())
    await assertSucceeds(as(ALICE).doc(`notices/${aliceKey}/items/n1`).delete())
  })
})
