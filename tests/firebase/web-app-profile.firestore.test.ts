/**
 * Issue 21, defect 4, on the real Auth and Firestore emulators with the shipped Firestore rules: an
 * account the web app's SignUp.js made (the Auth account first) whose users document the rules
 * refused signs in to Magpie's 프로필 완성 step, and the document Magpie then writes is accepted.
 * The Realtime Database and Storage are the in-memory fake's (as in contract.firestore.test.ts).
 */
import { assertFails } from '@firebase/rules-unit-testing'
import type { RulesTestEnvironment } from '@firebase/rules-unit-testing'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { cleanupCommunityApps, startProjectApp } from '../support/main/community-app'
import { createFakeFirebase } from '../support/fake-firebase/fake-firebase'
import { firestoreEmulators, projectConnect } from '../support/emulators/project-connect'
import { cleanupTestApps, tinyJpeg } from '../support/main/test-app'
import { emulatorCommunity as community } from '../support/emulators/project'
import { rulesEnvironment, signedIn } from '../support/emulators/rules'

const emulators = firestoreEmulators

let env: RulesTestEnvironment | null = null

beforeAll(async () => {
  env = await rulesEnvironment('firestore')
})

afterAll(async () => {
  await env?.cleanup()
})

/** As the web app's createUserWithEmailAndPassword: the Auth emulator's own sign-up call. */
async function webAppCreateAccount(email: string, password: string): Promise<{ uid: string; email: string }> {
  const response = await fetch(`http://${emulators.auth}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=${community.apiKey}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true })
  })
  const body = (await response.json()) as { localId: string }
  expect(response.ok).toBe(true)
  return { uid: body.localId, email }
}

it('a web-app account whose users document the rules refused finishes its profile in Magpie, accepted by the shipped rules', async () => {
  const fake = createFakeFirebase({ rules: false })
  const connect = projectConnect(fake)
  const email = `halfway-${Date.now()}@example.com`
  const web = await webAppCreateAccount(email, 'halfway-pass')
  // SignUp.js's addDoc after it, with a nickname over the rules' 20 characters: refused, so no profile.
  await assertFails(
    signedIn(env!, web).firestore().collection('users').add({ uid: web.uid, user_id: email, nickname: '가'.repeat(21), profile_img: '', alerts: [] })
  )
  const app = await startProjectApp({ connect, idle: fake.idle, emulators }, { community })
  try {
    expect(await app.call('auth:login', { email, password: 'halfway-pass' })).toEqual({ user: null, profileToComplete: { email } })
    const done = await app.call('auth:completeProfile', { nickname: '반쪽', profileImage: await tinyJpeg('#0000ff') })
    expect(done.user).toMatchObject({ nickname: '반쪽', email })

    let docs: Record<string, unknown>[] = []
    await env!.withSecurityRulesDisabled(async (admin) => {
      const found = await admin.firestore().collection('users').where('user_id', '==', email).get()
      docs = found.docs.map((doc) => doc.data())
    })
    expect(docs).toHaveLength(1)
    expect(Object.keys(docs[0]!).sort()).toEqual(['alerts', 'nickname', 'profile_img', 'uid', 'user_id'])
    expect(docs[0]).toMatchObject({ uid: web.uid, user_id: email, nickname: '반쪽', alerts: [], profile_img: expect.stringContaining('profileImg') })

    // Signed in as a member now: what the web app's auth-state query reads is what the next start reads.
    await app.call('auth:logout')
    expect((await app.call('auth:login', { email, password: 'halfway-pass' })).user).toMatchObject({ nickname: '반쪽' })
  } finally {
    await cleanupCommunityApps()
    await cleanupTestApps()
  }
})
