import { randomUUID } from 'node:crypto'
import { getApps } from 'firebase/app'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startAuthEmulator, type AuthEmulator } from '../../../tests/support/auth-emulator'
import { closedPort, demoConfig as config, reasonOf } from '../../../tests/support/firebase-ports'
import type { FirebasePorts } from './ports'
import { probeFirebase } from './probe'
import { connectFirebase } from './sdk-adapter'

/**
 * The SDK adapter's AuthPort and the probe against the real Firebase Auth emulator
 * (firebase-tools, started here; it runs offline). Firestore, Database and Storage are
 * exercised by tests/firebase/sdk-adapter.test.ts where those emulators run.
 */

let emulator: AuthEmulator
const open: FirebasePorts[] = []

/** A running app's connection; every one is closed after the test (the "quit"). */
async function connect(): Promise<FirebasePorts> {
  const ports = await connectFirebase(config, { auth: emulator.host })
  open.push(ports)
  return ports
}

const newEmail = (): string => `user-${randomUUID().slice(0, 8)}@magpie.test`
const PASSWORD = 'magpie-pass-1'

/** The emulator's admin API (the "owner" token stands for the project's service account). */
async function admin(action: 'delete' | 'update', body: Record<string, unknown>): Promise<void> {
  const response = await fetch(`http://${emulator.host}/identitytoolkit.googleapis.com/v1/projects/${emulator.projectId}/accounts:${action}`, {
    method: 'POST',
    headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
    body: JSON.stringify(body)
  })
  expect(response.ok, await response.text()).toBe(true)
}

beforeAll(async () => {
  emulator = await startAuthEmulator()
}, 90_000)

afterAll(async () => {
  await emulator?.stop()
})

afterEach(async () => {
  await Promise.all(open.splice(0).map((ports) => ports.close()))
})

// Generous per-test limits: CI machines share two cores with other runs.
describe('AuthPort against the Auth emulator', { timeout: 30_000 }, () => {
  it('signs up, is signed in as the new account, and signs out', async () => {
    const { auth } = await connect()
    const email = newEmail()
    const user = await auth.signUp(email, PASSWORD)
    expect(user.email).toBe(email)
    expect(user.uid).toMatch(/\w{10,}/)
    expect(auth.current()).toEqual(user)

    await auth.signOut()
    expect(auth.current()).toBeNull()
    expect(await auth.exportCredential()).toBeNull()
  })

  it('signs in with the right password, from another connection', async () => {
    const first = await connect()
    const email = newEmail()
    const created = await first.auth.signUp(email, PASSWORD)
    const second = await connect()
    expect(await second.auth.signIn(email, PASSWORD)).toEqual(created)
  })

  it('refuses a taken email with email-taken', async () => {
    const { auth } = await connect()
    const email = newEmail()
    await auth.signUp(email, PASSWORD)
    await auth.signOut()
    expect(await reasonOf(auth.signUp(email, 'another-pass-2'))).toBe('email-taken')
    expect(auth.current()).toBeNull()
  })

  it('refuses a wrong password and an unknown account alike with invalid-credentials', async () => {
    const { auth } = await connect()
    const email = newEmail()
    await auth.signUp(email, PASSWORD)
    await auth.signOut()
    expect(await reasonOf(auth.signIn(email, 'wrong-password'))).toBe('invalid-credentials')
    expect(await reasonOf(auth.signIn(newEmail(), PASSWORD))).toBe('invalid-credentials')
    expect(auth.current()).toBeNull()
  })

  it('maps a short password and a malformed email', async () => {
    const { auth } = await connect()
    expect(await reasonOf(auth.signUp(newEmail(), '12345'))).toBe('weak-password')
    expect(await reasonOf(auth.signUp('not-an-email', PASSWORD))).toBe('invalid-email')
  })

  it('changes the password after re-authenticating: a wrong current one is invalid-credentials, and only the new one signs in', async () => {
    const { auth } = await connect()
    const email = newEmail()
    await auth.signUp(email, PASSWORD)
    expect(await reasonOf(auth.changePassword('wrong-password', 'magpie-pass-2'))).toBe('invalid-credentials')
    expect(await reasonOf(auth.changePassword(PASSWORD, '123'))).toBe('weak-password')
    await auth.changePassword(PASSWORD, 'magpie-pass-2')
    expect(auth.current()?.email).toBe(email)

    const other = await connect()
    expect(await reasonOf(other.auth.signIn(email, PASSWORD))).toBe('invalid-credentials')
    expect((await other.auth.signIn(email, 'magpie-pass-2')).email).toBe(email)
  })

  it('re-authenticates with the password (a wrong one is invalid-credentials) and deletes the account itself (회원 탈퇴)', async () => {
    const { auth } = await connect()
    const email = newEmail()
    await auth.signUp(email, PASSWORD)
    expect(await reasonOf(auth.reauthenticate('wrong-password'))).toBe('invalid-credentials')
    await auth.reauthenticate(PASSWORD)
    await auth.deleteAccount()
    expect(auth.current()).toBeNull()
    const other = await connect()
    expect(await reasonOf(other.auth.signIn(email, PASSWORD))).toBe('invalid-credentials')
  })

  it('restores the signed-in account after a restart from the exported credential, which holds no password', async () => {
    const before = await connect()
    const email = newEmail()
    const user = await before.auth.signUp(email, PASSWORD)
    const credential = await before.auth.exportCredential()
    expect(credential).toEqual(expect.any(String))
    expect(credential).not.toContain(PASSWORD)
    await before.close()

    const after = await connect()
    expect(after.auth.current()).toBeNull()
    expect(await after.auth.restore(credential!)).toEqual(user)
    expect(after.auth.current()).toEqual(user)
    // The restored session is a real one: it exports again and survives a second restart.
    const again = await after.auth.exportCredential()
    const third = await connect()
    expect(await third.auth.restore(again!)).toEqual(user)
    // The app a restore borrows is gone again.
    expect(getApps().filter((app) => app.name.startsWith('magpie-restore-'))).toEqual([])
  })

  it('restores the session offline, when the project cannot be asked', async () => {
    const before = await connect()
    const user = await before.auth.signUp(newEmail(), PASSWORD)
    const credential = (await before.auth.exportCredential())!
    await before.close()

    const offline = await connectFirebase(config, { auth: `127.0.0.1:${await closedPort()}` })
    open.push(offline)
    expect(await offline.auth.restore(credential)).toEqual(user)
  })

  it('restores nothing once the account is deleted', async () => {
    const before = await connect()
    const user = await before.auth.signUp(newEmail(), PASSWORD)
    const credential = (await before.auth.exportCredential())!
    await before.close()
    await admin('delete', { localId: user.uid })

    const after = await connect()
    expect(await after.auth.restore(credential)).toBeNull()
    expect(after.auth.current()).toBeNull()
  })

  it('restores nothing once the account is disabled (its sessions revoked)', async () => {
    const before = await connect()
    const user = await before.auth.signUp(newEmail(), PASSWORD)
    const credential = (await before.auth.exportCredential())!
    await before.close()
    await admin('update', { localId: user.uid, disableUser: true })

    const after = await connect()
    expect(await after.auth.restore(credential)).toBeNull()
    expect(after.auth.current()).toBeNull()
  })

  it('treats a damaged credential, or another project\'s, as no session', async () => {
    const { auth } = await connect()
    for (const junk of ['', 'not json', '{}', '{"v":1}', '{"v":1,"user":{"uid":"x"}}', JSON.stringify({ v: 2, user: {} })]) {
      expect(await auth.restore(junk), junk).toBeNull()
    }
    expect(auth.current()).toBeNull()

    await auth.signUp(newEmail(), PASSWORD)
    const credential = (await auth.exportCredential())!
    const other = await connectFirebase({ ...config, apiKey: 'AIzaAnotherCommunitysProjectKey000000' }, { auth: emulator.host })
    open.push(other)
    expect(await other.auth.restore(credential)).toBeNull()
    expect(other.auth.current()).toBeNull()
  })
})

describe('probeFirebase against the Auth emulator', { timeout: 30_000 }, () => {
  it('accepts a config the project answers to', async () => {
    await expect(probeFirebase(config, { auth: emulator.host })).resolves.toBeUndefined()
  })
})
