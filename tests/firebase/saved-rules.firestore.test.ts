/**
 * Security rules for 저장한 글 (docs/decisions/038-bookmarks.md) on the Firestore emulator:
 * users/{uid}/saved/{postId} is its owner's alone, holds only the server's time, and names a post
 * that exists; the web app's own documents are untouched by it.
 */
import { assertFails, assertSucceeds, type RulesTestContext, type RulesTestEnvironment } from '@firebase/rules-unit-testing'
import firebase from 'firebase/compat/app'
import 'firebase/compat/firestore'
import { beforeEach, describe, it } from 'vitest'
import { ALICE, BOB, CAROL, firestoreRulesSuite, signedIn, visitor, alicesWebPost } from '../support/emulators/rules'

describe('Firestore rules: saved posts', () => {
  let env: RulesTestEnvironment
  const FieldValue = firebase.firestore.FieldValue
  const db = (ctx: RulesTestContext): firebase.firestore.Firestore => ctx.firestore()
  const save = () => ({ at: FieldValue.serverTimestamp() })

  const post = alicesWebPost

  const seed = firestoreRulesSuite((started) => (env = started))

  beforeEach(async () => {
    await seed('magazinePost/p1', post)
    await seed('magazinePost/p2', post)
  })

  it('lets the owner save any existing post, list their saves in order and remove one', async () => {
    const bob = db(signedIn(env, BOB))
    await assertSucceeds(bob.doc('users/bob/saved/p1').set(save()))
    await assertSucceeds(bob.doc('users/bob/saved/p2').set(save()))
    await assertSucceeds(bob.collection('users/bob/saved').orderBy('at', 'desc').get())
    await assertSucceeds(bob.doc('users/bob/saved/p1').get())
    await assertSucceeds(bob.doc('users/bob/saved/p1').delete())
  })

  it('keeps someone else\'s saves unreadable and unwritable, the post\'s author\'s and a visitor\'s included', async () => {
    await seed('users/bob/saved/p1', { at: new Date() })
    for (const other of [db(signedIn(env, ALICE)), db(signedIn(env, CAROL)), db(visitor(env))]) {
      await assertFails(other.collection('users/bob/saved').get())
      await assertFails(other.doc('users/bob/saved/p1').get())
      await assertFails(other.doc('users/bob/saved/p1').delete())
      await assertFails(other.doc('users/bob/saved/p2').set(save()))
    }
  })

  it('refuses a save of another shape: a client time, extra fields, no time, a post that does not exist, a bad id', async () => {
    const bob = db(signedIn(env, BOB))
    await assertFails(bob.doc('users/bob/saved/p1').set({ at: new Date(0) }))
    await assertFails(bob.doc('users/bob/saved/p1').set({ ...save(), note: '나중에' }))
    await assertFails(bob.doc('users/bob/saved/p1').set({}))
    await assertFails(bob.doc('users/bob/saved/nope').set(save()))
    await assertFails(bob.doc('users/bob/saved/p.1').set(save()))
  })

  it('never changes a save once made: it is only removed', async () => {
    await seed('users/bob/saved/p1', { at: new Date() })
    await assertFails(db(signedIn(env, BOB)).doc('users/bob/saved/p1').set(save()))
    await assertFails(db(signedIn(env, BOB)).doc('users/bob/saved/p1').update({ at: FieldValue.serverTimestamp() }))
  })

  it('leaves the web app\'s users document as it was: a save is not a field of it', async () => {
    await seed('users/bobdoc', { uid: BOB.uid, user_id: BOB.email, nickname: '밥', profile_img: '', alerts: [] })
    const bob = db(signedIn(env, BOB))
    await assertFails(bob.doc('users/bobdoc').update({ saved: ['p1'] }))
    await assertSucceeds(bob.doc('users/bobdoc').update({ nickname: '밥밥' }))
  })
})
