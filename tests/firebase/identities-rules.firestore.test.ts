/**
 * Identities bound to accounts (docs/decisions/043-identities-bound-to-accounts.md) on the
 * Firestore emulator: the registry emails/{key} (an email belongs to one uid for the life of the
 * community), what it refuses to an account that registered an email again after its owner's
 * account was deleted, blocks that hold on the uid when the blocked person changes their email,
 * and the web app's own calls of a member the registry has no entry for, which pass as before.
 */
import { assertFails, assertSucceeds, type RulesTestContext, type RulesTestEnvironment } from '@firebase/rules-unit-testing'
import firebase from 'firebase/compat/app'
import 'firebase/compat/firestore'
import { beforeEach, describe, it } from 'vitest'
import { webDate } from '../../src/main/firebase/mapping'
import { personKey } from '../../src/main/store/person-key'
import { ALICE, BOB, CAROL, alicesWebPost, firestoreRulesSuite, signedIn, type Person } from '../support/emulators/rules'

describe('Firestore rules: identities bound to accounts', () => {
  let env: RulesTestEnvironment
  const FieldValue = firebase.firestore.FieldValue
  const db = (ctx: RulesTestContext): firebase.firestore.Firestore => ctx.firestore()
  const seed = firestoreRulesSuite((started) => (env = started))

  /** Bob's account was deleted; someone registered his email again and got a new uid. */
  const NEW_BOB: Person = { uid: 'bob-again', email: BOB.email }
  /** Bob changed his account's email: the same uid, another email. */
  const MOVED_BOB: Person = { uid: BOB.uid, email: 'bob.moved@example.com' }
  const bobKey = personKey(BOB.email)
  const claim = (uid: string) => ({ uid, at: FieldValue.serverTimestamp() })

  const bobsComment = { post_id: 'p1', comment: '멋져요', comment_by: BOB.email, comment_nick: '밥', comment_time: '2023. 11. 14. 22:15' }
  const commentAs = (who: Person) => ({ ...bobsComment, comment_by: who.email })
  const userDoc = (who: Person) => ({ uid: who.uid, user_id: who.email, nickname: '밥', profile_img: '', alerts: [] })
  const postAs = (who: Person) => ({ ...alicesWebPost, postedBy: who.email, posted_uid: who.uid, postDate: webDate(Date.now()) })

  beforeEach(async () => {
    await seed('magazinePost/p1', { ...alicesWebPost, likedBy: [BOB.email] })
    await seed('magazineComments/c1', bobsComment)
    await seed('users/bobdoc', userDoc(BOB))
  })

  describe('the registry', () => {
    it('lets a member claim their own token\'s email for their own uid, stamped by the server, and anyone signed in ask about one', async () => {
      await assertSucceeds(db(signedIn(env, BOB)).doc(`emails/${bobKey}`).set(claim(BOB.uid)))
      await assertSucceeds(db(signedIn(env, CAROL)).doc(`emails/${bobKey}`).get())
    })

    it('refuses a claim of another email, for another uid, with a client time or another key, and a visitor\'s', async () => {
      const bob = db(signedIn(env, BOB))
      await assertFails(bob.doc(`emails/${personKey(CAROL.email)}`).set(claim(BOB.uid)))
      await assertFails(bob.doc(`emails/${bobKey}`).set(claim(CAROL.uid)))
      await assertFails(bob.doc(`emails/${bobKey}`).set({ uid: BOB.uid, at: new Date() }))
      await assertFails(bob.doc(`emails/${bobKey}`).set({ ...claim(BOB.uid), email: BOB.email }))
      await assertFails(bob.doc(`emails/${BOB.email}`).set(claim(BOB.uid)))
      await assertFails(db(env.unauthenticatedContext()).doc(`emails/${bobKey}`).set(claim(BOB.uid)))
      await assertFails(db(env.unauthenticatedContext()).doc(`emails/${bobKey}`).get())
    })

    it('never hands an email to a second uid: no change, no removal, not even by its holder; nobody lists them', async () => {
      await seed(`emails/${bobKey}`, { uid: BOB.uid, at: new Date() })
      await assertFails(db(signedIn(env, NEW_BOB)).doc(`emails/${bobKey}`).set(claim(NEW_BOB.uid)))
      await assertFails(db(signedIn(env, NEW_BOB)).doc(`emails/${bobKey}`).delete())
      await assertFails(db(signedIn(env, BOB)).doc(`emails/${bobKey}`).update({ uid: NEW_BOB.uid }))
      await assertFails(db(signedIn(env, BOB)).doc(`emails/${bobKey}`).delete())
      await assertFails(db(signedIn(env, BOB)).collection('emails').get())
    })
  })

  describe('an email registered again after its owner\'s account was deleted', () => {
    beforeEach(async () => {
      await seed(`emails/${bobKey}`, { uid: BOB.uid, at: new Date() })
    })

    it('gains nothing: no post, comment, like or unlike as that email, no deleting the old owner\'s comment', async () => {
      const intruder = db(signedIn(env, NEW_BOB))
      await assertFails(intruder.collection('magazinePost').add(postAs(NEW_BOB)))
      await assertFails(intruder.collection('magazineComments').add(commentAs(NEW_BOB)))
      await assertFails(intruder.doc('magazinePost/p1').update({ likedBy: FieldValue.arrayRemove(BOB.email) }))
      await assertFails(intruder.doc('magazinePost/p1').update({ likedBy: [] }))
      await seed('magazinePost/p1', { ...alicesWebPost })
      await assertFails(intruder.doc('magazinePost/p1').update({ likedBy: FieldValue.arrayUnion(BOB.email) }))
      await assertFails(intruder.doc('magazineComments/c1').delete())
    })

    it('reads nothing of the old owner: not his users document by the web app\'s query or by id, and writes no users document of its own with his email', async () => {
      const intruder = db(signedIn(env, NEW_BOB))
      await assertFails(intruder.collection('users').where('user_id', '==', BOB.email).get())
      await assertFails(intruder.doc('users/bobdoc').get())
      await assertFails(intruder.collection('users').add(userDoc(NEW_BOB)))
      await assertFails(intruder.doc(`notices/${bobKey}/items/n1`).get())
    })

    it('takes nothing from the email\'s owner, whose every call still passes', async () => {
      const bob = db(signedIn(env, BOB))
      await assertSucceeds(bob.collection('users').where('user_id', '==', BOB.email).get())
      await assertSucceeds(bob.collection('magazineComments').add(commentAs(BOB)))
      await assertSucceeds(bob.doc('magazinePost/p1').update({ likedBy: FieldValue.arrayRemove(BOB.email) }))
      await assertSucceeds(bob.doc('magazineComments/c1').delete())
      await assertSucceeds(bob.collection('magazinePost').add(postAs(BOB)))
    })
  })

  describe('a member the registry has no entry for (the web app\'s sign-up after the fill)', () => {
    it('keeps every call of the web app: sign-up, profile query, post, like, unlike, comment and its deletion', async () => {
      const carol = db(signedIn(env, CAROL))
      await assertSucceeds(carol.collection('users').add(userDoc(CAROL)))
      await assertSucceeds(carol.collection('users').where('user_id', '==', CAROL.email).get())
      await assertSucceeds(carol.collection('magazinePost').add(postAs(CAROL)))
      await assertSucceeds(carol.doc('magazinePost/p1').update({ likedBy: [BOB.email, CAROL.email] }))
      await assertSucceeds(carol.doc('magazinePost/p1').update({ likedBy: [BOB.email] }))
      const added = await carol.collection('magazineComments').add(commentAs(CAROL))
      await assertSucceeds(added.delete())
    })
  })

  describe('blocks held on the uid', () => {
    const entry = { nickname: '밥', profileImg: '', at: new Date() }

    it('refuses the comment and the like of a blocked person who changed their email', async () => {
      await seed(`users/alice/blocked/${bobKey}`, entry)
      await seed(`users/alice/blockedUids/${BOB.uid}`, { key: bobKey, at: new Date() })
      await seed('magazinePost/p1', { ...alicesWebPost })
      const moved = db(signedIn(env, MOVED_BOB))
      await assertFails(moved.collection('magazineComments').add(commentAs(MOVED_BOB)))
      await assertFails(moved.doc('magazinePost/p1').update({ likedBy: FieldValue.arrayUnion(MOVED_BOB.email) }))
      await assertFails(moved.doc('magazinePost/p1').update({ likedBy: [MOVED_BOB.email] }))
      // Someone else, not blocked, still comments and likes.
      await assertSucceeds(db(signedIn(env, CAROL)).collection('magazineComments').add(commentAs(CAROL)))
      await assertSucceeds(db(signedIn(env, CAROL)).doc('magazinePost/p1').update({ likedBy: FieldValue.arrayUnion(CAROL.email) }))
    })

    it('lets the owner alone write, read and remove the uid\'s entry, of the right shape, never changed', async () => {
      const alice = db(signedIn(env, ALICE))
      await assertSucceeds(alice.doc(`users/alice/blockedUids/${BOB.uid}`).set({ key: bobKey, at: FieldValue.serverTimestamp() }))
      await assertSucceeds(alice.collection('users/alice/blockedUids').get())
      await assertFails(alice.doc(`users/alice/blockedUids/${BOB.uid}`).set({ key: personKey(CAROL.email), at: FieldValue.serverTimestamp() }))
      await assertFails(alice.doc(`users/alice/blockedUids/${CAROL.uid}`).set({ key: 'carol', at: FieldValue.serverTimestamp() }))
      await assertFails(alice.doc(`users/alice/blockedUids/${CAROL.uid}`).set({ key: bobKey, at: new Date() }))
      await assertFails(alice.doc(`users/alice/blockedUids/${CAROL.uid}`).set({ key: bobKey, at: FieldValue.serverTimestamp(), note: 'x' }))
      await assertFails(alice.doc(`users/alice/blockedUids/${ALICE.uid}`).set({ key: bobKey, at: FieldValue.serverTimestamp() }))
      for (const who of [BOB, CAROL]) {
        const other = db(signedIn(env, who))
        await assertFails(other.doc(`users/alice/blockedUids/${BOB.uid}`).get())
        await assertFails(other.collection('users/alice/blockedUids').get())
        await assertFails(other.doc(`users/alice/blockedUids/${BOB.uid}`).delete())
        await assertFails(other.doc(`users/alice/blockedUids/${CAROL.uid}`).set({ key: bobKey, at: FieldValue.serverTimestamp() }))
      }
      await assertSucceeds(alice.doc(`users/alice/blockedUids/${BOB.uid}`).delete())
    })
  })
})
