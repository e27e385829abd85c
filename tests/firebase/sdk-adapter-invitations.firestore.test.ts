/**
 * The SDK adapter's invitations (src/main/firebase/sdk-adapter/invitations.ts) on the Firestore
 * emulator with the shipped rules and real accounts of the Auth emulator; the moderator's claim
 * set with the Admin SDK as `npm run community -- moderator add` does
 * (docs/decisions/047-invitation-codes.md): the transaction a redeemer's Magpie runs passes the
 * rules, a second one is refused by main's decision, and the moderator's list and revoke work.
 */
import type { RulesTestEnvironment } from '@firebase/rules-unit-testing'
import { deleteApp, initializeApp, type App } from 'firebase-admin/app'
import { getAuth } from 'firebase-admin/auth'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { FirebasePorts, FirebaseUser } from '../../src/main/firebase/ports'
import { hashOfJoinCode, newJoinCode, redeemRefusal } from '../../src/main/core/join-codes'
import { emulatorHost as hostOf, PROJECT_ID } from '../support/emulators/project'
import { rulesEnvironment } from '../support/emulators/rules'
import { authEmulatorHost, failure, signedIn } from '../support/emulators/sdk'

describe('the adapter\'s invitations on the Firestore emulator', () => {
  let env: RulesTestEnvironment
  let admin: App
  let mod: { ports: FirebasePorts; user: FirebaseUser }
  let bob: { ports: FirebasePorts; user: FirebaseUser }
  let carol: { ports: FirebasePorts; user: FirebaseUser }
  const day = 24 * 60 * 60 * 1000
  const decide = (invitation: Parameters<typeof redeemRefusal>[0], member: boolean) => (redeemRefusal(invitation, member, Date.now()) ? 'refuse' : 'join')

  beforeAll(async () => {
    const firestore = hostOf('firestore')
    env = await rulesEnvironment('firestore')
    process.env.FIREBASE_AUTH_EMULATOR_HOST ??= await authEmulatorHost()
    admin = initializeApp({ projectId: PROJECT_ID }, 'invitations-adapter-test')
    mod = await signedIn({ firestore }, 'invmod')
    bob = await signedIn({ firestore }, 'invbob')
    carol = await signedIn({ firestore }, 'invcarol')
    await getAuth(admin).setCustomUserClaims(mod.user.uid, { moderator: true })
    expect(await mod.ports.auth.moderator(true)).toBe(true)
  })
  afterAll(async () => {
    for (const who of [mod, bob, carol]) await who?.ports.close()
    await deleteApp(admin)
    await env?.cleanup()
  })
  beforeEach(async () => {
    await env.clearFirestore()
  })

  it('makes, lists, redeems once per person up to its uses, and revokes', async () => {
    const code = newJoinCode()
    const hash = hashOfJoinCode(code)
    await mod.ports.invitations.create(hash, { createdBy: mod.user.uid, expiresAt: Date.now() + 7 * day, maxUses: 1, note: '사촌들' })
    const listed = await mod.ports.invitations.list(10)
    expect(listed).toEqual([{ id: hash, data: { createdBy: mod.user.uid, at: expect.any(Number), expiresAt: expect.any(Number), maxUses: 1, uses: 0, revoked: false, note: '사촌들' } }])
    expect((await failure(bob.ports.invitations.list(10))).reason).toBe('permission-denied')
    expect((await failure(bob.ports.invitations.create(hashOfJoinCode(newJoinCode()), { createdBy: bob.user.uid, expiresAt: Date.now() + day, maxUses: 1, note: '' }))).reason).toBe('permission-denied')

    expect(await bob.ports.invitations.redeem(hash, bob.user.uid, decide)).toBe('join')
    // Bob again: a member already, main refuses without writing.
    expect(await bob.ports.invitations.redeem(hash, bob.user.uid, decide)).toBe('refuse')
    // Carol: used up, main refuses; and a write that ignores main is the rules' to refuse.
    expect(await carol.ports.invitations.redeem(hash, carol.user.uid, decide)).toBe('refuse')
    expect((await failure(carol.ports.invitations.redeem(hash, carol.user.uid, () => 'join'))).reason).toBe('permission-denied')
    // A wrong code: no invitation, nothing written.
    let seen: unknown = 'unset'
    expect(await carol.ports.invitations.redeem(hashOfJoinCode(newJoinCode()), carol.user.uid, (invitation) => ((seen = invitation), 'refuse'))).toBe('refuse')
    expect(seen).toBeNull()
    expect((await mod.ports.invitations.list(10))[0]!.data.uses).toBe(1)

    const other = hashOfJoinCode(newJoinCode())
    await mod.ports.invitations.create(other, { createdBy: mod.user.uid, expiresAt: Date.now() + day, maxUses: 5, note: '' })
    expect(await mod.ports.invitations.revoke(other)).toBe(true)
    expect(await mod.ports.invitations.revoke(hashOfJoinCode('none'))).toBe(false)
    expect((await failure(carol.ports.invitations.redeem(other, carol.user.uid, () => 'join'))).reason).toBe('permission-denied')
    expect((await mod.ports.invitations.list(10)).find((i) => i.id === other)?.data).toMatchObject({ revoked: true, note: '' })
  })
})
