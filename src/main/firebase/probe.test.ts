import { describe, expect, it } from 'vitest'
import { closedPort, demoConfig as config, reasonOf } from '../../../tests/support/firebase-ports'
import { probeFirebase } from './probe'

/** The probe's refusals that need no emulator; a config the project accepts is in sdk-adapter.auth.test.ts. */

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
