/**
 * Storage rules of a members-only community (docs/decisions/045-members-only.md): settings/community
 * and members/{uid} are read across services (firestore.get/exists), so this needs the Storage
 * emulator with its rules runtime beside the Firestore emulator, started together
 * (`firebase emulators:start`, whose Storage emulator asks the Firestore one:
 * firebase-tools/lib/emulator/storage/rules/runtime.js, fetchFirestoreDocument). It runs through
 * `npm run test:firebase` only, as rules.test.ts does.
 */
import { assertFails, assertSucceeds, type RulesTestContext, type RulesTestEnvironment } from '@firebase/rules-unit-testing'
import type firebase from 'firebase/compat/app'
import 'firebase/compat/firestore'
import 'firebase/compat/storage'
import { afterAll, beforeAll, beforeEach, describe, it } from 'vitest'
import { ALICE, BOB, rulesEnvironment, signedIn, visitor } from '../support/emulators/rules'

describe('Storage rules: members-only communities', () => {
  let env: RulesTestEnvironment
  let counter = 0
  const fresh = (): string => `${Date.now()}${String(counter++).padStart(4, '0')}`
  const jpeg = (uploader: string): firebase.storage.UploadMetadata => ({ contentType: 'image/jpeg', customMetadata: { uploader } })
  const put = (ctx: RulesTestContext, path: string, uploader: string): Promise<unknown> =>
    ctx.storage().ref(path).put(new Uint8Array(64), jpeg(uploader)).then((snapshot) => snapshot)
  const moderator = () => env.authenticatedContext('mod', { email: 'mod@example.com', moderator: true })

  async function seedDoc(path: string, data: Record<string, unknown>): Promise<void> {
    await env.withSecurityRulesDisabled(async (ctx) => {
      await ctx.firestore().doc(path).set(data)
    })
  }
  async function seedFile(path: string, uploader: string): Promise<void> {
    await env.withSecurityRulesDisabled(async (ctx) => {
      await ctx.storage().ref(path).put(new Uint8Array(16), jpeg(uploader))
    })
  }

  beforeAll(async () => {
    env = await rulesEnvironment('storage', 'firestore')
  })
  afterAll(async () => {
    if (!env) return
    await env.withSecurityRulesDisabled(async (ctx) => {
      for (const folder of ['postImg', 'profileImg']) {
        const { items } = await ctx.storage().ref(folder).listAll()
        await Promise.all(items.map((item) => item.delete()))
      }
    })
    await env.cleanup()
  })
  beforeEach(async () => {
    await env.clearFirestore()
    // ALICE is a member; BOB is signed in and is not.
    await seedDoc('members/alice', { uid: ALICE.uid, at: new Date(), via: 'import' })
    await seedDoc('settings/community', { access: 'members-only' })
  })

  it('gives a visitor and a non-member no photo (no getDownloadURL) and no post photo upload', async () => {
    const post = `postImg/${fresh()}`
    const face = `profileImg/${fresh()}`
    await seedFile(post, ALICE.uid)
    await seedFile(face, ALICE.uid)
    for (const ctx of [visitor(env), signedIn(env, BOB)]) {
      await assertFails(ctx.storage().ref(post).getDownloadURL())
      await assertFails(ctx.storage().ref(face).getDownloadURL())
    }
    await assertFails(put(signedIn(env, BOB), `postImg/${fresh()}`, BOB.uid))
  })

  it('lets a non-member sign up with a profile photo: upload and fetch their own', async () => {
    const face = `profileImg/${fresh()}`
    await assertSucceeds(put(signedIn(env, BOB), face, BOB.uid))
    await assertSucceeds(signedIn(env, BOB).storage().ref(face).getDownloadURL())
  })

  it('gives a member and a moderator photos and uploads, as before', async () => {
    const post = `postImg/${fresh()}`
    await seedFile(post, BOB.uid)
    await assertSucceeds(signedIn(env, ALICE).storage().ref(post).getDownloadURL())
    await assertSucceeds(moderator().storage().ref(post).getDownloadURL())
    await assertSucceeds(put(signedIn(env, ALICE), `postImg/${fresh()}`, ALICE.uid))
  })

  it('in an open community gives a visitor photos, as before', async () => {
    await seedDoc('settings/community', { access: 'open' })
    const post = `postImg/${fresh()}`
    await seedFile(post, ALICE.uid)
    await assertSucceeds(visitor(env).storage().ref(post).getDownloadURL())
    await assertSucceeds(put(signedIn(env, BOB), `postImg/${fresh()}`, BOB.uid))
  })
})
