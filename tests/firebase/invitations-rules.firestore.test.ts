/**
 * Invitations with a join code (docs/decisions/047-invitation-codes.md) on the Firestore emulator:
 * a moderator makes, lists and revokes invitations/{hash}; whoever holds the code becomes a member
 * by one batch (members/{uid} naming the hash, uses + 1), and only while the invitation is open.
 * Every allow and deny: a wrong hash, an expired, used-up or revoked invitation, a replay after
 * maxUses, one half of the batch alone, a forged via, a member made for someone else.
 */
import { createHash } from 'node:crypto'
import { assertFails, assertSucceeds, type RulesTestContext, type RulesTestEnvironment } from '@firebase/rules-unit-testing'
import firebase from 'firebase/compat/app'
import 'firebase/compat/firestore'
import { describe, expect, it } from 'vitest'
import { ALICE, BOB, CAROL, firestoreRulesSuite, signedIn, without, type Person } from '../support/emulators/rules'

describe('Firestore rules: invitations with a join code', () => {
  let env: RulesTestEnvironment
  const FieldValue = firebase.firestore.FieldValue
  const Timestamp = firebase.firestore.Timestamp
  const db = (ctx: RulesTestContext): firebase.firestore.Firestore => ctx.firestore()
  const seed = firestoreRulesSuite((started) => (env = started))
  const MOD: Person = { uid: 'mod', email: 'mod@example.com' }
  const moderator = (claim: unknown = true) => db(env.authenticatedContext(MOD.uid, { email: MOD.email, moderator: claim }))
  const as = (who: Person) => db(signedIn(env, who))

  const hashOf = (code: string) => createHash('sha256').update(code).digest('hex')
  const HASH = hashOf('Q2hhbmdlTWUtMTIzNDU2Nzg5MGFiY2Rl')
  const OTHER = hashOf('another-code-another-code-another')
  const day = 24 * 60 * 60 * 1000
  const inDays = (n: number) => Timestamp.fromMillis(Date.now() + n * day)

  /** As a moderator's Magpie writes it. */
  const made = (over: Record<string, unknown> = {}) => ({
    createdBy: MOD.uid,
    at: FieldValue.serverTimestamp(),
    expiresAt: inDays(7),
    maxUses: 5,
    uses: 0,
    revoked: false,
    note: '사촌들에게',
    ...over
  })
  /** As it stands in the project (seeded with the rules off). */
  const stored = (over: Record<string, unknown> = {}) => ({ ...made(), at: new Date(), expiresAt: new Date(Date.now() + 7 * day), ...over })
  const membership = (who: Person, over: Record<string, unknown> = {}) => ({ uid: who.uid, at: FieldValue.serverTimestamp(), via: 'invitation', invitation: HASH, ...over })

  /** The redeemer's one batch: their members document and the invitation's uses + 1. */
  function redeem(who: Person, options: { hash?: string; member?: Record<string, unknown>; memberUid?: string; uses?: unknown } = {}) {
    const store = as(who)
    const hash = options.hash ?? HASH
    const batch = store.batch()
    batch.set(store.doc(`members/${options.memberUid ?? who.uid}`), membership(who, { invitation: hash, ...options.member }))
    batch.update(store.doc(`invitations/${hash}`), { uses: options.uses ?? FieldValue.increment(1) })
    return batch.commit()
  }

  async function usesOf(hash = HASH): Promise<unknown> {
    let uses: unknown
    await env.withSecurityRulesDisabled(async (ctx) => {
      uses = (await ctx.firestore().doc(`invitations/${hash}`).get()).get('uses')
    })
    return uses
  }

  describe('a moderator', () => {
    it('makes an invitation under a hash, naming themselves, stamped by the server, 1..100 uses, expiring within 31 days', async () => {
      const mod = moderator()
      await assertSucceeds(mod.doc(`invitations/${HASH}`).set(made()))
      await assertSucceeds(mod.doc(`invitations/${OTHER}`).set(without(made({ maxUses: 100, expiresAt: inDays(30) }), 'note')))
      await assertSucceeds(mod.doc(`invitations/${hashOf('one')}`).set(made({ maxUses: 1, expiresAt: inDays(1) })))
    })

    it('is refused an invitation of another shape', async () => {
      const mod = moderator()
      const at = `invitations/${HASH}`
      for (const [why, bad] of [
        ['another maker', made({ createdBy: BOB.uid })],
        ['a client time', made({ at: new Date() })],
        ['already expired', made({ expiresAt: inDays(-1) })],
        ['beyond 31 days', made({ expiresAt: inDays(40) })],
        ['expiry not a time', made({ expiresAt: 'tomorrow' })],
        ['no uses allowed', made({ maxUses: 0 })],
        ['over 100 uses', made({ maxUses: 101 })],
        ['a fraction of uses', made({ maxUses: 2.5 })],
        ['uses already counted', made({ uses: 1 })],
        ['made revoked', made({ revoked: true })],
        ['a long note', made({ note: '가'.repeat(101) })],
        ['a blank note', made({ note: '   ' })],
        ['the code itself', made({ code: 'Q2hhbmdlTWUtMTIzNDU2Nzg5MGFiY2Rl' })],
        ['no expiry', { createdBy: MOD.uid, at: FieldValue.serverTimestamp(), maxUses: 5, uses: 0, revoked: false }]
      ] as const) {
        await assertFails(mod.doc(at).set(bad as Record<string, unknown>)).catch((error: unknown) => {
          throw new Error(`${why}: ${String(error)}`)
        })
      }
      await assertFails(mod.doc('invitations/not-a-hash').set(made()))
      await assertFails(mod.doc(`invitations/${HASH.toUpperCase()}`).set(made()))
    })

    it('lists and revokes invitations; nothing else of one changes and none is deleted', async () => {
      await seed(`invitations/${HASH}`, stored())
      const mod = moderator()
      await assertSucceeds(mod.collection('invitations').orderBy('at', 'desc').get())
      await assertFails(mod.doc(`invitations/${HASH}`).update({ maxUses: 100 }))
      await assertFails(mod.doc(`invitations/${HASH}`).update({ expiresAt: inDays(30) }))
      await assertFails(mod.doc(`invitations/${HASH}`).update({ uses: 2, revoked: true }))
      await assertFails(mod.doc(`invitations/${HASH}`).delete())
      await assertSucceeds(mod.doc(`invitations/${HASH}`).update({ revoked: true }))
      // For good: a revoked invitation is never opened again.
      await assertFails(mod.doc(`invitations/${HASH}`).update({ revoked: false }))
    })
  })

  describe('everyone else', () => {
    it('neither makes, lists, revokes nor deletes an invitation, whatever they hold or claim', async () => {
      await seed(`invitations/${HASH}`, stored())
      await seed(`members/${BOB.uid}`, { uid: BOB.uid, at: new Date(), via: 'import' })
      for (const store of [as(BOB), as(CAROL), moderator('true'), moderator(1), db(env.unauthenticatedContext())]) {
        await assertFails(store.doc(`invitations/${OTHER}`).set(made({ createdBy: BOB.uid })))
        await assertFails(store.collection('invitations').get())
        await assertFails(store.collection('invitations').where('revoked', '==', false).get())
        await assertFails(store.doc(`invitations/${HASH}`).update({ revoked: true }))
        await assertFails(store.doc(`invitations/${HASH}`).delete())
      }
    })

    it('reads one invitation only by its hash and only signed in; a visitor reads none', async () => {
      await seed(`invitations/${HASH}`, stored())
      await assertSucceeds(as(CAROL).doc(`invitations/${HASH}`).get())
      await assertSucceeds(as(CAROL).doc(`invitations/${OTHER}`).get())
      await assertFails(db(env.unauthenticatedContext()).doc(`invitations/${HASH}`).get())
      await assertFails(as(CAROL).doc('invitations/not-a-hash').get())
    })
  })

  describe('redeeming', () => {
    it('makes the holder a member in one batch that counts one use, until the uses run out; a replay after that is refused', async () => {
      await seed(`invitations/${HASH}`, stored({ maxUses: 2 }))
      await assertSucceeds(redeem(BOB))
      expect(await usesOf()).toBe(1)
      // One's own membership is one's own to read (redeeming asks it first); nobody else's.
      await assertSucceeds(as(BOB).doc(`members/${BOB.uid}`).get())
      await assertSucceeds(as(CAROL).doc(`members/${CAROL.uid}`).get())
      await assertFails(as(CAROL).doc(`members/${BOB.uid}`).get())
      await assertFails(db(env.unauthenticatedContext()).doc(`members/${BOB.uid}`).get())
      await assertSucceeds(redeem(CAROL))
      expect(await usesOf()).toBe(2)
      // Used up: the next person, and the same batch replayed, are refused.
      await assertFails(redeem(ALICE))
      await assertFails(redeem(CAROL))
      expect(await usesOf()).toBe(2)
    })

    it('refuses an expired, revoked or used-up invitation, and a hash no invitation has', async () => {
      await seed(`invitations/${HASH}`, stored({ expiresAt: new Date(Date.now() - 1000) }))
      await assertFails(redeem(BOB))
      await seed(`invitations/${HASH}`, stored({ revoked: true }))
      await assertFails(redeem(BOB))
      await seed(`invitations/${HASH}`, stored({ maxUses: 3, uses: 3 }))
      await assertFails(redeem(BOB))
      await assertFails(redeem(BOB, { hash: OTHER }))
      await seed(`invitations/${HASH}`, stored())
      await assertSucceeds(redeem(BOB))
    })

    it('refuses either half alone: a membership without the use counted, a use counted without a membership', async () => {
      await seed(`invitations/${HASH}`, stored())
      await assertFails(as(BOB).doc(`members/${BOB.uid}`).set(membership(BOB)))
      await assertFails(as(BOB).doc(`invitations/${HASH}`).update({ uses: FieldValue.increment(1) }))
      // Or a membership beside another invitation's use.
      await seed(`invitations/${OTHER}`, stored())
      const bob = as(BOB)
      const batch = bob.batch()
      batch.set(bob.doc(`members/${BOB.uid}`), membership(BOB))
      batch.update(bob.doc(`invitations/${OTHER}`), { uses: FieldValue.increment(1) })
      await assertFails(batch.commit())
      expect(await usesOf()).toBe(0)
    })

    it('refuses a count other than one more, and a change of anything else beside it', async () => {
      await seed(`invitations/${HASH}`, stored({ uses: 1 }))
      await assertFails(redeem(BOB, { uses: 0 }))
      await assertFails(redeem(BOB, { uses: 3 }))
      await assertFails(redeem(BOB, { uses: FieldValue.increment(-1) }))
      const bob = as(BOB)
      const batch = bob.batch()
      batch.set(bob.doc(`members/${BOB.uid}`), membership(BOB))
      batch.update(bob.doc(`invitations/${HASH}`), { uses: FieldValue.increment(1), maxUses: 100 })
      await assertFails(batch.commit())
      expect(await usesOf()).toBe(1)
    })

    it('refuses a forged via, a client time, extra or missing fields, and a membership made for someone else', async () => {
      await seed(`invitations/${HASH}`, stored())
      for (const member of [{ via: 'approval' }, { via: 'import' }, { at: new Date() }, { by: MOD.uid }, { uid: CAROL.uid }]) {
        await assertFails(redeem(BOB, { member }))
      }
      const bob = as(BOB)
      const batch = bob.batch()
      batch.set(bob.doc(`members/${BOB.uid}`), without(membership(BOB), 'invitation'))
      batch.update(bob.doc(`invitations/${HASH}`), { uses: FieldValue.increment(1) })
      await assertFails(batch.commit())
      // A member (by the operator's import) making a second membership, for someone else, with the code.
      await seed(`members/${BOB.uid}`, { uid: BOB.uid, at: new Date(), via: 'import' })
      await assertFails(redeem(BOB, { memberUid: CAROL.uid }))
      await assertFails(redeem(BOB, { memberUid: CAROL.uid, member: { uid: CAROL.uid } }))
      // Nor once more for themselves: they are a member already.
      await assertFails(redeem(BOB))
      expect(await usesOf()).toBe(0)
    })

    it('refuses a visitor', async () => {
      await seed(`invitations/${HASH}`, stored())
      const visitor = db(env.unauthenticatedContext())
      const batch = visitor.batch()
      batch.set(visitor.doc('members/visitor'), { uid: 'visitor', at: FieldValue.serverTimestamp(), via: 'invitation', invitation: HASH })
      batch.update(visitor.doc(`invitations/${HASH}`), { uses: FieldValue.increment(1) })
      await assertFails(batch.commit())
      expect(await usesOf()).toBe(0)
    })
  })
})
