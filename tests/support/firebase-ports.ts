import { expect } from 'vitest'
import { FirebasePortError, type FirebaseWebConfig } from '../../src/main/firebase/ports'
import { freePort } from './emulators/process'

/** What the SDK adapter's and the probe's tests share (src/main/firebase/*.test.ts). */

/** A demo-* project's web config: never reaches a real Firebase project. */
export const demoConfig: FirebaseWebConfig = {
  apiKey: 'AIzaDemoMagpieKeyForTheAuthEmulator00',
  authDomain: 'demo-magpie.firebaseapp.com',
  projectId: 'demo-magpie',
  storageBucket: 'demo-magpie.appspot.com',
  databaseURL: 'https://demo-magpie-default-rtdb.firebaseio.com',
  appId: '1:000000000000:web:0000000000000000000000'
}

/** A port nothing listens on (taken from the OS, then released). */
export const closedPort = freePort

/** The port error a call fails with; the test fails if it succeeds or fails otherwise. */
export async function failure(work: Promise<unknown>): Promise<FirebasePortError> {
  const error: unknown = await work.then(
    () => null,
    (e: unknown) => e
  )
  expect(error).toBeInstanceOf(FirebasePortError)
  return error as FirebasePortError
}

export const reasonOf = async (work: Promise<unknown>): Promise<string> => (await failure(work)).reason
