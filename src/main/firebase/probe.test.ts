import { createServer } from 'node:net'
import { describe, expect, it } from 'vitest'
import { FirebasePortError, type FirebaseWebConfig } from './ports'
import { probeFirebase } from './probe'

/** The probe's refusals that need no emulator; a config the project accepts is in sdk-adapter.auth.test.ts. */

const config: FirebaseWebConfig = {
  apiKey: 'AIzaDemoMagpieKeyForTheAuthEmulator00',
  authDomain: 'demo-magpie.firebaseapp.com',
  projectId: 'demo-magpie',
  storageBucket: 'demo-magpie.appspot.com',
  databaseURL: 'https://demo-magpie-default-rtdb.firebaseio.com',
  appId: '1:000000000000:web:0000000000000000000000'
}

/** A port nothing listens on (taken from the OS, then released). */
function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))))
    })
  })
}

async function reasonOf(work: Promise<unknown>): Promise<string> {
  const error: unknown = await work.then(
    () => null,
    (e: unknown) => e
  )
  expect(error).toBeInstanceOf(FirebasePortError)
  return (error as FirebasePortError).reason
}

describe('probeFirebase', () => {
  it('says offline when the project cannot be reached', async () => {
    const auth = `127.0.0.1:${await closedPort()}`
    expect(await reasonOf(probeFirebase(config, { auth }))).toBe('offline')
  })

  it('says offline when neither Auth nor Firestore can be reached', async () => {
    const [auth, firestore] = [`127.0.0.1:${await closedPort()}`, `127.0.0.1:${await closedPort()}`]
    expect(await reasonOf(probeFirebase(config, { auth, firestore }))).toBe('offline')
  })

  it('refuses an empty or malformed apiKey before asking anyone', async () => {
    const auth = `127.0.0.1:${await closedPort()}`
    expect(await reasonOf(probeFirebase({ ...config, apiKey: '' }, { auth }))).toBe('invalid-config')
    expect(await reasonOf(probeFirebase({ ...config, apiKey: 'AIza:with:colons' }, { auth }))).toBe('invalid-config')
  })

  it('refuses an emulator address that is not host:port', async () => {
    expect(await reasonOf(probeFirebase(config, { auth: 'localhost' }))).toBe('invalid-config')
  })
})
