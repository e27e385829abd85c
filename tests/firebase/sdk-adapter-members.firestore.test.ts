/**
 * The SDK adapter's members port (src/main/firebase/sdk-adapter/members.ts) on the Firestore
 * emulator with the shipped rules and real Auth emulator accounts (docs/decisions/045-members-only.md):
 * settings/community.access, a 가입 요청 made and withdrawn, a moderator's live list and approval in
 * one transaction, and the requester's own member listener hearing it.
 */
import type { RulesTestEnvironment } from '@firebase/rules-unit-testing'
import { deleteApp, initializeApp, type App } from 'firebase-admin/app'
import { getAuth } from 'firebase-admin/auth'
import { getFirestore } from 'firebase-admin/firestore'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { FirebasePorts, FirebaseUser, JoinRequestDoc } from '../../src/main/firebase/ports'
import { emulatorHost as hostOf, PROJECT_ID } from '../support/emulators/project'
import { rulesEnvironment } from '../support/emulators/rules'
import { authEmulatorHost, failure, liveValues, signedIn } from '../support/emulators/sdk'

describe('the adapter\'s members port on the Firestore emulator', () => {
  let env: RulesTestEnvironment
  let admin: App
  let mod: { ports: FirebasePorts; user: FirebaseUser }
  let bob: { ports: FirebasePorts; user: FirebaseUser }

  beforeAll(async () => {
    const firestore = hostOf('firestore')
    env = await rulesEnvironment('firestore')
    process.env.FIREBASE_AUTH_EMULATOR_HOST ??= await authEmulatorHost()
    process.env.FIRESTORE_EMULATOR_HOST ??= firestore
    admin = initializeApp({ projectId: PROJECT_ID }, 'members-adapter-test')
    mod = await signedIn({ firestore }, 'mod')
    bob = await signedIn({ firestore }, 'bob')
    await getAuth(admin).setCustomUserClaims(mod.user.uid, { moderator: true })
    expect(await mod.ports.auth.moderator(true)).toBe(true)
  })
  afterAll(async () => {
    for (const who of [mod, bob]) await who?.ports.close()
    await deleteApp(admin)
    await env?.cleanup()
  })
  beforeEach(async () => {
    await env.clearFirestore()
    await getFirestore(admin).doc('settings/community').set({ access: 'members-only' })
  })

  it('reads the access setting: members-only, and open when absent', async () => {
    expect(await bob.ports.members.access()).toBe('members-only')
    await getFirestore(admin).doc('settings/community').delete()
    expect(await bob.ports.members.access()).toBe('open')
  })

  it('makes, reads and withdraws a 가입 요청; refuses a message over 200 characters and an approval without a request', async () => {
    expect((await failure(mod.ports.members.approve(bob.user.uid, mod.user.uid))).reason).toBe('permission-denied')
    expect((await failure(bob.ports.members.requestToJoin(bob.user.uid, { nickname: '밥', message: '가'.repeat(201) }))).reason).toBe('permission-denied')
    await bob.ports.members.requestToJoin(bob.user.uid, { nickname: '밥', message: '' })
    expect(await bob.ports.members.joinRequest(bob.user.uid)).toMatchObject({ uid: bob.user.uid, nickname: '밥', message: '' })
    await bob.ports.members.deleteJoinRequest(bob.user.uid)
    expect(await bob.ports.members.joinRequest(bob.user.uid)).toBeNull()
  })

  it('lists a request live to a moderator, who approves it in one transaction; the requester hears it on their own member document', async () => {
    const member = liveValues<boolean>((deliver, fail) => bob.ports.members.watchMember(bob.user.uid, deliver, fail))
    expect(await member.next(() => true)).toBe(false)
    const pending = liveValues<JoinRequestDoc[]>((deliver, fail) => mod.ports.members.watchJoinRequests(200, deliver, fail))
    await bob.ports.members.requestToJoin(bob.user.uid, { nickname: '밥', message: '사진 좋아해요' })
    expect(await pending.next((docs) => docs.length === 1)).toEqual([{ uid: bob.user.uid, nickname: '밥', message: '사진 좋아해요', at: expect.any(Number) }])
    expect((await failure(bob.ports.members.approve(bob.user.uid, bob.user.uid))).reason).toBe('permission-denied')

    await mod.ports.members.approve(bob.user.uid, mod.user.uid)
    expect(await member.next((now) => now)).toBe(true)
    expect(await pending.next((docs) => docs.length === 0)).toEqual([])
    expect((await getFirestore(admin).doc(`members/${bob.user.uid}`).get()).data()).toEqual({ uid: bob.user.uid, at: expect.anything(), via: 'approval', by: mod.user.uid })
    member.stop()
    pending.stop()
  })

  it('tells a member at once when they are removed', async () => {
    await getFirestore(admin).doc(`members/${bob.user.uid}`).set({ uid: bob.user.uid, at: new Date(), via: 'import' })
    const member = liveValues<boolean>((deliver, fail) => bob.ports.members.watchMember(bob.user.uid, deliver, fail))
    expect(await member.next((now) => now)).toBe(true)
    await getFirestore(admin).doc(`members/${bob.user.uid}`).delete()
    expect(await member.next((now) => !now)).toBe(false)
    member.stop()
  })
})
