/**
 * Security rules for blocks and mutes (docs/decisions/025-block-and-mute.md) on the Firestore
 * emulator: a person the post's author blocked can neither comment on nor like that post; the
 * lists users/{uid}/blocked and users/{uid}/muted are their owner's alone; and the web app's
 * ordinary comment and like still pass.
 */
import { assertFails, assertSucceeds, type RulesTestContext, type RulesTestEnvironment } from '@firebase/rules-unit-testing'
import firebase from 'firebase/compat/app'
import 'firebase/compat/firestore'
import { beforeEach, describe, expect, it } from 'vitest'
import { ALICE, BOB, CAROL, firestoreRulesSuite, signedIn, alicesWebPost } from '../support/emulators/rules'
import { personKey } from '../../src/main/store/person-key'

describe('Firestore rules: blocks and mutes', () => {
  let env: RulesTestEnvironment
  const FieldValue = firebase.firestore.FieldValue
  const db = (ctx: RulesTestContext): firebase.firestore.Firestore => ctx.firestore()

  const post = { ...alicesWebPost, likedBy: [CAROL.email] }
  const comment = (who: typeof BOB, nick: string) => ({
    post_id: 'p1',
    comment: '멋져요',
    comment_by: who.email,
    comment_nick: nick,
    comment_time: '2023. 11. 14. 22:15'
  })
  const entry = () => ({ nickname: '밥', profileImg: '', at: FieldValue.serverTimestamp() })
  const bobKey = personKey(BOB.email)

  const seed = firestoreRulesSuite((started) => (env = started))

  beforeEach(async () => {
    await seed('magazinePost/p1', post)
  })

  it('keys a person as the rules do: the SHA-256 of the lower-cased email, in hex', () => {
    expect(personKey('Bob@Example.com')).toBe(bobKey)
    expect(bobKey).toMatch(/^[0-9a-f]{64}$/)
  })

  it('lets the owner block and mute, list, change and remove their own entries', async () => {
    const alice = db(signedIn(env, ALICE))
    await assertSucceeds(alice.doc(`users/alice/blocked/${bobKey}`).set(entry()))
    await assertSucceeds(alice.doc(`users/alice/muted/${bobKey}`).set(entry()))
    await assertSucceeds(alice.collection('users/alice/blocked').get())
    await assertSucceeds(alice.collection('users/alice/muted').get())
    await assertSucceeds(alice.doc(`users/alice/blocked/${bobKey}`).set({ ...entry(), nickname: '밥2' }))
    await assertSucceeds(alice.doc(`users/alice/blocked/${bobKey}`).delete())
    await assertSucceeds(alice.doc(`users/alice/muted/${bobKey}`).delete())
  })

  it('keeps someone else\'s lists unreadable and unwritable, the blocked person\'s included', async () => {
    await seed(`users/alice/blocked/${bobKey}`, { nickname: '밥', profileImg: '', at: new Date() })
    for (const who of [BOB, CAROL]) {
      const other = db(signedIn(env, who))
      await assertFails(other.collection('users/alice/blocked').get())
      await assertFails(other.doc(`users/alice/blocked/${bobKey}`).get())
      await assertFails(other.collection('users/alice/muted').get())
      await assertFails(other.doc(`users/alice/blocked/${bobKey}`).delete())
      await assertFails(other.doc(`users/alice/blocked/${personKey(CAROL.email)}`).set(entry()))
      await assertFails(other.doc(`users/alice/muted/${bobKey}`).set(entry()))
    }
  })

  it('refuses an entry of another shape: a key that is not a hash, extra fields, a client time, another list', async () => {
    const alice = db(signedIn(env, ALICE))
    await assertFails(alice.doc('users/alice/blocked/bob@example.com').set(entry()))
    await assertFails(alice.doc(`users/alice/blocked/${bobKey}`).set({ ...entry(), email: BOB.email }))
    await assertFails(alice.doc(`users/alice/blocked/${bobKey}`).set({ ...entry(), at: new Date(0) }))
    await assertFails(alice.doc(`users/alice/blocked/${bobKey}`).set({ ...entry(), nickname: '' }))
    await assertFails(alice.doc(`users/alice/friends/${bobKey}`).set(entry()))
  })

  it('keeps the person\'s uid in an entry when given (decision 048): a uid of 1–128 characters, never the owner\'s own', async () => {
    const alice = db(signedIn(env, ALICE))
    await assertSucceeds(alice.doc(`users/alice/muted/${bobKey}`).set({ ...entry(), uid: BOB.uid }))
    await assertSucceeds(alice.doc(`users/alice/blocked/${bobKey}`).set({ ...entry(), uid: BOB.uid }))
    await assertFails(alice.doc(`users/alice/muted/${bobKey}`).set({ ...entry(), uid: '' }))
    await assertFails(alice.doc(`users/alice/muted/${bobKey}`).set({ ...entry(), uid: 'x'.repeat(129) }))
    await assertFails(alice.doc(`users/alice/muted/${bobKey}`).set({ ...entry(), uid: 7 }))
    await assertFails(alice.doc(`users/alice/muted/${bobKey}`).set({ ...entry(), uid: ALICE.uid }))
    await assertFails(db(signedIn(env, BOB)).doc(`users/alice/muted/${bobKey}`).set({ ...entry(), uid: BOB.uid }))
  })

  it('refuses a comment from someone the post\'s author blocked, and still takes everyone else\'s (web app shape)', async () => {
    await seed(`users/alice/blocked/${bobKey}`, { nickname: '밥', profileImg: '', at: new Date() })
    await assertFails(db(signedIn(env, BOB)).collection('magazineComments').add(comment(BOB, '밥')))
    await assertSucceeds(db(signedIn(env, CAROL)).collection('magazineComments').add(comment(CAROL, '캐롤')))
    await assertSucceeds(db(signedIn(env, ALICE)).collection('magazineComments').add(comment(ALICE, '앨리스')))
  })

  it('blocks by the post author only: a mute, or a block by someone else, refuses nothing', async () => {
    await seed(`users/alice/muted/${bobKey}`, { nickname: '밥', profileImg: '', at: new Date() })
    await seed(`users/carol/blocked/${bobKey}`, { nickname: '밥', profileImg: '', at: new Date() })
    const bob = db(signedIn(env, BOB))
    await assertSucceeds(bob.collection('magazineComments').add(comment(BOB, '밥')))
    await assertSucceeds(bob.doc('magazinePost/p1').update({ likedBy: FieldValue.arrayUnion(BOB.email) }))
  })

  it('refuses a like from someone the post\'s author blocked, Magpie\'s arrayUnion and the web app\'s whole list alike', async () => {
    await seed(`users/alice/blocked/${bobKey}`, { nickname: '밥', profileImg: '', at: new Date() })
    const bob = db(signedIn(env, BOB))
    await assertFails(bob.doc('magazinePost/p1').update({ likedBy: FieldValue.arrayUnion(BOB.email) }))
    await assertFails(bob.doc('magazinePost/p1').update({ likedBy: [CAROL.email, BOB.email] }))
    // Everyone else likes as before (the web app's read-then-write included).
    await assertSucceeds(db(signedIn(env, ALICE)).doc('magazinePost/p1').update({ likedBy: [CAROL.email, ALICE.email] }))
    await assertSucceeds(db(signedIn(env, CAROL)).doc('magazinePost/p1').update({ likedBy: FieldValue.arrayRemove(CAROL.email) }))
  })

  it('lets a blocked person take back a like from before the block', async () => {
    await seed('magazinePost/p1', { ...post, likedBy: [CAROL.email, BOB.email] })
    await seed(`users/alice/blocked/${bobKey}`, { nickname: '밥', profileImg: '', at: new Date() })
    await assertSucceeds(db(signedIn(env, BOB)).doc('magazinePost/p1').update({ likedBy: FieldValue.arrayRemove(BOB.email) }))
  })

  it('finds the block whatever the case of the email in the token', async () => {
    await seed(`users/alice/blocked/${bobKey}`, { nickname: '밥', profileImg: '', at: new Date() })
    const shouting = env.authenticatedContext(BOB.uid, { email: 'BOB@example.com' })
    await assertFails(db(shouting).doc('magazinePost/p1').update({ likedBy: FieldValue.arrayUnion('BOB@example.com') }))
  })
})
