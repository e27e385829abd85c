/**
 * The Firebase SDK adapter (src/main/firebase/sdk-adapter/) on the Realtime Database
 * and Storage emulators: AlertsPort and FilesPort, with the shipped security rules loaded and
 * real accounts of the Auth emulator, so every write goes through the rules exactly as in a
 * community's project. DocsPort: sdk-adapter.firestore.test.ts.
 *
 * These emulators are Java downloads some machines cannot make, so this runs through
 * `npm run test:firebase` only (scripts/test-firebase.mjs checks that the emulators answer and
 * passes their addresses in FIREBASE_DATABASE_EMULATOR_HOST, FIREBASE_STORAGE_EMULATOR_HOST
 * and FIREBASE_AUTH_EMULATOR_HOST; else firebase.json's ports). `npm test` proves FilesPort's
 * protocol on a rules-less Storage emulator (sdk-adapter.storage-protocol.test.ts). Each service
 * is its own describe block, so one can run alone (`-t AlertsPort`).
 */
import type { RulesTestEnvironment } from '@firebase/rules-unit-testing'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { AlertEntry, FirebasePortError, FirebasePorts, FirebaseUser } from '../../src/main/firebase/ports'
import { connectFirebase } from '../../src/main/firebase/sdk-adapter'
import { emulatorCommunity as config, emulatorHost as hostOf } from '../support/emulators/project'
import { rulesEnvironment } from '../support/emulators/rules'
import { authEmulatorHost, failure, nextValue, signedIn } from '../support/emulators/sdk'

// ================================================================ Realtime Database

describe('AlertsPort on the Realtime Database emulator', () => {
  let env: RulesTestEnvironment
  let alice: { ports: FirebasePorts; user: FirebaseUser }
  let bob: { ports: FirebasePorts; user: FirebaseUser }

  const like = (over: Partial<AlertEntry> = {}): AlertEntry => ({ date: '2026. 11. 22. 09:02', post_id: 'p1', committed_by: '밥', alert_type: 'like', ...over })

  beforeAll(async () => {
    const database = hostOf('database')
    env = await rulesEnvironment('database')
    alice = await signedIn({ database }, 'alice')
    bob = await signedIn({ database }, 'bob')
  })
  afterAll(async () => {
    await alice?.ports.close()
    await bob?.ports.close()
    await env?.cleanup()
  })
  beforeEach(async () => {
    await env.clearDatabase()
  })

  it('comes online through .info/connected', async () => {
    if (!alice.ports.connectivity.online()) {
      await nextValue<boolean>((deliver) => alice.ports.connectivity.onChange(deliver), (online) => online)
    }
    expect(alice.ports.connectivity.online()).toBe(true)
  })

  it('pushes alerts to the author, who watches, removes one and clears all', async () => {
    const seen = nextValue<Record<string, AlertEntry> | null>((deliver, fail) => alice.ports.alerts.watch(alice.user.uid, deliver, fail), (tree) => Object.keys(tree ?? {}).length === 2)
    const k1 = await bob.ports.alerts.push(alice.user.uid, like())
    const k2 = await bob.ports.alerts.push(alice.user.uid, like({ alert_type: 'comment' }))
    expect(k1 < k2).toBe(true)
    expect(await seen).toEqual({ [k1]: like(), [k2]: like({ alert_type: 'comment' }) })

    await alice.ports.alerts.remove(alice.user.uid, k1)
    // Removing what is already gone is fine.
    await alice.ports.alerts.remove(alice.user.uid, k1)
    const left = nextValue<Record<string, AlertEntry> | null>((deliver, fail) => alice.ports.alerts.watch(alice.user.uid, deliver, fail), () => true)
    expect(Object.keys((await left) ?? {})).toEqual([k2])

    await alice.ports.alerts.clear(alice.user.uid)
    const none = nextValue<Record<string, AlertEntry> | null>((deliver, fail) => alice.ports.alerts.watch(alice.user.uid, deliver, fail), () => true)
    expect(await none).toBeNull()
  })

  it('refuses reading or clearing someone else\'s alerts, and alerts to oneself', async () => {
    const refused = new Promise<FirebasePortError>((resolve) => {
      bob.ports.alerts.watch(alice.user.uid, () => {}, resolve)
    })
    expect((await refused).reason).toBe('permission-denied')
    expect((await failure(bob.ports.alerts.clear(alice.user.uid))).reason).toBe('permission-denied')
    expect((await failure(alice.ports.alerts.push(alice.user.uid, like()))).reason).toBe('permission-denied')
  })

  it('raises the sign-out count one at a time for its owner, who watches it; nobody else reads or raises it', async () => {
    const zero = nextValue<number>((deliver, fail) => alice.ports.alerts.watchSignOuts(alice.user.uid, deliver, fail), () => true)
    expect(await zero).toBe(0)
    expect(await alice.ports.alerts.signOutOthers(alice.user.uid)).toBe(1)
    const seen = nextValue<number>((deliver, fail) => alice.ports.alerts.watchSignOuts(alice.user.uid, deliver, fail), (n) => n === 2)
    expect(await alice.ports.alerts.signOutOthers(alice.user.uid)).toBe(2)
    expect(await seen).toBe(2)
    const refused = new Promise<FirebasePortError>((resolve) => {
      bob.ports.alerts.watchSignOuts(alice.user.uid, () => {}, resolve)
    })
    expect((await refused).reason).toBe('permission-denied')
    expect((await failure(bob.ports.alerts.signOutOthers(alice.user.uid))).reason).toBe('permission-denied')
  })
})

// ================================================================ Storage

describe('FilesPort on the Storage emulator', () => {
  let env: RulesTestEnvironment
  let alice: { ports: FirebasePorts; user: FirebaseUser }
  let bob: { ports: FirebasePorts; user: FirebaseUser }
  let counter = 0
  const fresh = (folder: 'postImg' | 'profileImg'): string => `${folder}/${Date.now()}${String(counter++).padStart(4, '0')}`
  const uploaded: string[] = []

  // The smallest PNG there is: 1×1, transparent.
  const png = Uint8Array.from(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64'))

  beforeAll(async () => {
    const storage = hostOf('storage')
    env = await rulesEnvironment('storage')
    alice = await signedIn({ storage }, 'alice')
    bob = await signedIn({ storage }, 'bob')
  })
  afterAll(async () => {
    if (env) {
      await env.withSecurityRulesDisabled(async (ctx) => {
        await Promise.all(uploaded.map((path) => ctx.storage().ref(path).delete().catch(() => {})))
      })
    }
    await alice?.ports.close()
    await bob?.ports.close()
    await env?.cleanup()
  })
  it('uploads with progress up to 1, hands back a download URL, and downloads the same bytes', async () => {
    const path = fresh('postImg')
    uploaded.push(path)
    const progress: number[] = []
    const url = await alice.ports.files.upload(path, png, 'image/png', (fraction) => progress.push(fraction))
    expect(progress.at(-1)).toBe(1)
    expect(progress.every((f, i) => f >= 0 && f <= 1 && (i === 0 || f >= progress[i - 1]!))).toBe(true)
    expect(url).toContain(encodeURIComponent(path))

    expect(Buffer.from(await bob.ports.files.download(url, 1024))).toEqual(Buffer.from(png))
    expect((await failure(bob.ports.files.download(url, png.byteLength - 1))).reason).toBe('unknown')
  })

  it('lets only the uploader remove a file; removing it twice is fine; a removed file is not found', async () => {
    const path = fresh('profileImg')
    uploaded.push(path)
    const url = await alice.ports.files.upload(path, png, 'image/png')
    expect((await failure(bob.ports.files.remove(path))).reason).toBe('permission-denied')
    await alice.ports.files.remove(path)
    await alice.ports.files.remove(path)
    expect((await failure(bob.ports.files.download(url, 1024))).reason).toBe('not-found')
  })

  it('refuses a visitor\'s upload, other file types and paths outside the image folders', async () => {
    const visitor = await connectFirebase(config, { storage: hostOf('storage'), auth: await authEmulatorHost() })
    try {
      expect((await failure(visitor.files.upload(fresh('postImg'), png, 'image/png'))).reason).toBe('permission-denied')
    } finally {
      await visitor.close()
    }
    expect((await failure(alice.ports.files.upload(fresh('postImg'), png, 'image/svg+xml'))).reason).toBe('permission-denied')
    expect((await failure(alice.ports.files.upload('other/1700000000000', png, 'image/png'))).reason).toBe('permission-denied')
  })
})
