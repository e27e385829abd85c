/**
 * Security rules tests for the community (Firebase) mode, Realtime Database and Storage
 * parts: every allow and every deny of firebase/database.rules.json and firebase/storage.rules
 * (docs/specification.md §6 enforced on the server; issue 5 "Security rules we ship"). The Firestore part
 * is firestore-rules.test.ts.
 *
 * These need the Realtime Database and Storage emulators (Java downloads some machines cannot
 * make) and run through `npm run test:firebase` only (scripts/test-firebase.mjs checks that the
 * emulators answer first). `npm test` evaluates the database rules with targaryen instead
 * (database-rules.targaryen.test.ts). Hosts and ports come from
 * FIREBASE_DATABASE_EMULATOR_HOST and FIREBASE_STORAGE_EMULATOR_HOST, else firebase.json.
 * Each service has its own test environment, so `-t Storage` (etc.) runs one alone.
 */
import { assertFails, assertSucceeds, type RulesTestContext, type RulesTestEnvironment } from '@firebase/rules-unit-testing'
import firebase from 'firebase/compat/app'
import { afterAll, beforeAll, beforeEach, describe, it } from 'vitest'
import { alertEntry, ALICE, BOB, rulesEnvironment, signedIn, visitor, without } from '../support/emulators/rules'

// ================================================================ Realtime Database

describe('Realtime Database rules', () => {
  let env: RulesTestEnvironment

  const rtdb = (ctx: RulesTestContext): firebase.database.Database => ctx.database()
  /** push() returns a thenable reference; make it a plain promise. */
  const push = (ctx: RulesTestContext, path: string, value: unknown): Promise<unknown> =>
    Promise.resolve(rtdb(ctx).ref(path).push(value))

  async function seed(path: string, value: unknown): Promise<void> {
    await env.withSecurityRulesDisabled(async (ctx) => {
      await ctx.database().ref(path).set(value)
    })
  }

  beforeAll(async () => {
    env = await rulesEnvironment('database')
  })
  afterAll(async () => {
    await env?.cleanup()
  })
  beforeEach(async () => {
    await env.clearDatabase()
    await seed('users/alice/alerts', { a1: alertEntry(), a2: alertEntry({ alert_type: 'comment', committed_by: '캐롤' }) })
  })

  it('allows another signed-in user to push a like alert and a comment alert', async () => {
    await assertSucceeds(push(signedIn(env, BOB), 'users/alice/alerts', alertEntry()))
    await assertSucceeds(push(signedIn(env, BOB), 'users/alice/alerts', alertEntry({ alert_type: 'comment' })))
  })

  it('allows a push to a user who has no alerts yet', async () => {
    await assertSucceeds(push(signedIn(env, ALICE), 'users/bob/alerts', alertEntry({ committed_by: '앨리스' })))
  })

  it('denies a push with an extra field', async () => {
    await assertFails(push(signedIn(env, BOB), 'users/alice/alerts', alertEntry({ read: false })))
  })

  it('denies a push with a bad alert_type', async () => {
    await assertFails(push(signedIn(env, BOB), 'users/alice/alerts', alertEntry({ alert_type: 'follow' })))
    await assertFails(push(signedIn(env, BOB), 'users/alice/alerts', alertEntry({ alert_type: 'Like' })))
  })

  it('denies a push with a missing field', async () => {
    const bob = signedIn(env, BOB)
    await assertFails(push(bob, 'users/alice/alerts', without(alertEntry(), 'date')))
    await assertFails(push(bob, 'users/alice/alerts', without(alertEntry(), 'post_id')))
    await assertFails(push(bob, 'users/alice/alerts', without(alertEntry(), 'committed_by')))
    await assertFails(push(bob, 'users/alice/alerts', without(alertEntry(), 'alert_type')))
  })

  it('denies badly typed or sized fields', async () => {
    const bob = signedIn(env, BOB)
    await assertFails(push(bob, 'users/alice/alerts', alertEntry({ date: 1700000000000 })))
    await assertFails(push(bob, 'users/alice/alerts', alertEntry({ date: 'd'.repeat(65) })))
    await assertFails(push(bob, 'users/alice/alerts', alertEntry({ post_id: '' })))
    await assertFails(push(bob, 'users/alice/alerts', alertEntry({ post_id: 'p'.repeat(41) })))
    await assertFails(push(bob, 'users/alice/alerts', alertEntry({ post_id: 'p'.repeat(128) })))
    await assertFails(push(bob, 'users/alice/alerts', alertEntry({ post_id: 'magpie://detail/p1' })))
    await assertFails(push(bob, 'users/alice/alerts', alertEntry({ post_id: '게시글' })))
    await assertFails(push(bob, 'users/alice/alerts', alertEntry({ committed_by: '' })))
    await assertFails(push(bob, 'users/alice/alerts', alertEntry({ committed_by: 'n'.repeat(21) })))
  })

  it('denies a visitor pushing', async () => {
    await assertFails(push(visitor(env), 'users/alice/alerts', alertEntry()))
  })

  it('denies a push to oneself (alerts go to the author only when someone else acts)', async () => {
    await assertFails(push(signedIn(env, ALICE), 'users/alice/alerts', alertEntry({ committed_by: '앨리스' })))
  })

  it('allows the owner to read their alerts', async () => {
    await assertSucceeds(rtdb(signedIn(env, ALICE)).ref('users/alice/alerts').get())
  })

  it('denies a non-owner and a visitor reading them', async () => {
    await assertFails(rtdb(signedIn(env, BOB)).ref('users/alice/alerts').get())
    await assertFails(rtdb(signedIn(env, BOB)).ref('users/alice/alerts/a1').get())
    await assertFails(rtdb(visitor(env)).ref('users/alice/alerts').get())
  })

  it('allows the owner to remove one alert', async () => {
    await assertSucceeds(rtdb(signedIn(env, ALICE)).ref('users/alice/alerts/a1').remove())
  })

  it('allows the owner to clear all alerts (set to null)', async () => {
    await assertSucceeds(rtdb(signedIn(env, ALICE)).ref('users/alice/alerts').set(null))
  })

  it('denies another user removing an alert or clearing all', async () => {
    const bob = rtdb(signedIn(env, BOB))
    await assertFails(bob.ref('users/alice/alerts/a1').remove())
    await assertFails(bob.ref('users/alice/alerts').set(null))
    await assertFails(rtdb(visitor(env)).ref('users/alice/alerts/a1').remove())
  })

  it('denies another user modifying an existing alert', async () => {
    const bob = rtdb(signedIn(env, BOB))
    await assertFails(bob.ref('users/alice/alerts/a1').set(alertEntry({ committed_by: '밥' })))
    await assertFails(bob.ref('users/alice/alerts/a1').update({ alert_type: 'comment' }))
    await assertFails(bob.ref('users/alice/alerts/a1/alert_type').set('comment'))
  })

  it('denies the owner modifying or adding alerts (the owner only deletes)', async () => {
    const alice = rtdb(signedIn(env, ALICE))
    await assertFails(alice.ref('users/alice/alerts/a1').update({ alert_type: 'comment' }))
    await assertFails(alice.ref('users/alice/alerts').set({ x: alertEntry() }))
  })

  it('denies another user replacing the whole alerts list', async () => {
    await assertFails(rtdb(signedIn(env, BOB)).ref('users/alice/alerts').set({ x: alertEntry() }))
  })

  it('denies everything outside users/{uid}/alerts', async () => {
    const alice = rtdb(signedIn(env, ALICE))
    await assertFails(alice.ref('/').get())
    await assertFails(alice.ref('users/alice').get())
    await assertFails(alice.ref('users/alice/profile').set({ nickname: 'x' }))
    await assertFails(alice.ref('posts/p1').set({ x: 1 }))
    await assertFails(alice.ref('users/alice').set(null))
  })
})

// ================================================================ Storage

describe('Storage rules', () => {
  let env: RulesTestEnvironment
  const MB = 1024 * 1024
  let counter = 0
  /** A fresh timestamp-like file name per upload, so tests never share objects. */
  const fresh = (): string => `${Date.now()}${String(counter++).padStart(4, '0')}`

  type Metadata = firebase.storage.UploadMetadata
  const put = (ctx: RulesTestContext, path: string, size: number, metadata: Metadata): Promise<unknown> =>
    ctx
      .storage()
      .ref(path)
      .put(new Uint8Array(size), metadata)
      .then((snapshot) => snapshot)
  const jpeg = (uploader?: string): Metadata =>
    uploader === undefined ? { contentType: 'image/jpeg' } : { contentType: 'image/jpeg', customMetadata: { uploader } }

  async function seed(path: string, metadata: Metadata): Promise<void> {
    await env.withSecurityRulesDisabled(async (ctx) => {
      await ctx.storage().ref(path).put(new Uint8Array(16), metadata)
    })
  }

  beforeAll(async () => {
    env = await rulesEnvironment('storage')
  })
  afterAll(async () => {
    if (!env) return
    // clearStorage() only removes top-level objects; ours live in folders.
    await env.withSecurityRulesDisabled(async (ctx) => {
      for (const folder of ['postImg', 'profileImg', 'other']) {
        const { items } = await ctx.storage().ref(folder).listAll()
        await Promise.all(items.map((item) => item.delete()))
      }
    })
    await env.cleanup()
  })

  it('allows a visitor to read a post image and a profile image', async () => {
    const post = `postImg/${fresh()}`
    const profile = `profileImg/${fresh()}`
    await seed(post, jpeg(BOB.uid))
    await seed(profile, jpeg(BOB.uid))
    await assertSucceeds(visitor(env).storage().ref(post).getMetadata())
    await assertSucceeds(visitor(env).storage().ref(profile).getMetadata())
  })

  it('denies listing the image folders', async () => {
    await seed(`postImg/${fresh()}`, jpeg(BOB.uid))
    await assertFails(visitor(env).storage().ref('postImg').listAll())
    await assertFails(signedIn(env, BOB).storage().ref('profileImg').listAll())
  })

  it('allows a signed-in user to upload a post image and a profile image marked as theirs', async () => {
    await assertSucceeds(put(signedIn(env, BOB), `postImg/${fresh()}`, 1024, jpeg(BOB.uid)))
    await assertSucceeds(put(signedIn(env, BOB), `profileImg/${fresh()}`, 1024, jpeg(BOB.uid)))
  })

  it('allows every image type Magpie writes: PNG, WebP, GIF, AVIF', async () => {
    for (const contentType of ['image/png', 'image/webp', 'image/gif', 'image/avif']) {
      await assertSucceeds(put(signedIn(env, BOB), `postImg/${fresh()}`, 64, { contentType, customMetadata: { uploader: BOB.uid } }))
    }
  })

  it('allows an upload without the uploader mark (the original web app does not set it)', async () => {
    await assertSucceeds(put(signedIn(env, BOB), `postImg/${fresh()}`, 1024, jpeg()))
  })

  it('allows exactly 10 MB', async () => {
    await assertSucceeds(put(signedIn(env, BOB), `postImg/${fresh()}`, 10 * MB, jpeg(BOB.uid)))
  })

  it('denies 11 MB', async () => {
    await assertFails(put(signedIn(env, BOB), `postImg/${fresh()}`, 11 * MB, jpeg(BOB.uid)))
  })

  it('denies SVG and other non-image content types', async () => {
    const bob = signedIn(env, BOB)
    const meta = (contentType: string): Metadata => ({ contentType, customMetadata: { uploader: BOB.uid } })
    await assertFails(put(bob, `postImg/${fresh()}`, 64, meta('image/svg+xml')))
    await assertFails(put(bob, `postImg/${fresh()}`, 64, meta('text/html')))
    await assertFails(put(bob, `profileImg/${fresh()}`, 64, meta('application/octet-stream')))
    await assertFails(put(bob, `postImg/${fresh()}`, 64, meta('image/heic')))
  })

  it('denies a visitor uploading', async () => {
    await assertFails(put(visitor(env), `postImg/${fresh()}`, 1024, jpeg()))
    await assertFails(put(visitor(env), `profileImg/${fresh()}`, 1024, jpeg()))
  })

  it('denies an upload marked as someone else\'s', async () => {
    await assertFails(put(signedIn(env, BOB), `postImg/${fresh()}`, 1024, jpeg(ALICE.uid)))
  })

  it('denies file names that are not timestamp-like', async () => {
    const bob = signedIn(env, BOB)
    await assertFails(put(bob, 'postImg/photo.jpg', 64, jpeg(BOB.uid)))
    await assertFails(put(bob, `postImg/${'1'.repeat(65)}`, 64, jpeg(BOB.uid)))
    await assertFails(put(bob, `postImg/${fresh()}/nested`, 64, jpeg(BOB.uid)))
  })

  it('denies reading and writing outside postImg/ and profileImg/', async () => {
    const path = `other/${fresh()}`
    await seed(path, jpeg(BOB.uid))
    await assertFails(visitor(env).storage().ref(path).getMetadata())
    await assertFails(signedIn(env, BOB).storage().ref(path).getMetadata())
    await assertFails(put(signedIn(env, BOB), `other/${fresh()}`, 64, jpeg(BOB.uid)))
    await assertFails(put(signedIn(env, BOB), fresh(), 64, jpeg(BOB.uid)))
  })

  it('allows the uploader to overwrite their own image', async () => {
    const path = `postImg/${fresh()}`
    await seed(path, jpeg(BOB.uid))
    await assertSucceeds(put(signedIn(env, BOB), path, 2048, jpeg(BOB.uid)))
  })

  it('denies someone else overwriting an image', async () => {
    const path = `postImg/${fresh()}`
    await seed(path, jpeg(BOB.uid))
    await assertFails(put(signedIn(env, ALICE), path, 2048, jpeg(ALICE.uid)))
    await assertFails(put(signedIn(env, ALICE), path, 2048, jpeg(BOB.uid)))
  })

  it('denies overwriting an image that carries no uploader mark (web app upload)', async () => {
    const path = `profileImg/${fresh()}`
    await seed(path, jpeg())
    await assertFails(put(signedIn(env, BOB), path, 2048, jpeg(BOB.uid)))
  })

  it('allows a moderator (the claim moderator == true) to delete anyone\'s post image, and nothing else: a forged claim, or a profile image', async () => {
    const post = `postImg/${fresh()}`
    const profile = `profileImg/${fresh()}`
    await seed(post, jpeg(BOB.uid))
    await seed(profile, jpeg(BOB.uid))
    const as = (claim: unknown) => env.authenticatedContext('mod', { email: 'mod@example.com', moderator: claim }).storage()
    for (const forged of ['true', 1, false]) await assertFails(as(forged).ref(post).delete())
    await assertFails(as(true).ref(profile).delete())
    await assertSucceeds(as(true).ref(post).delete())
  })

  it('allows the uploader to delete their image', async () => {
    const path = `postImg/${fresh()}`
    await seed(path, jpeg(BOB.uid))
    await assertSucceeds(signedIn(env, BOB).storage().ref(path).delete())
  })

  it('denies deletion by someone else, by a visitor, and of an unmarked image', async () => {
    const path = `postImg/${fresh()}`
    await seed(path, jpeg(BOB.uid))
    await assertFails(signedIn(env, ALICE).storage().ref(path).delete())
    await assertFails(visitor(env).storage().ref(path).delete())
    const legacy = `postImg/${fresh()}`
    await seed(legacy, jpeg())
    await assertFails(signedIn(env, BOB).storage().ref(legacy).delete())
  })
})
