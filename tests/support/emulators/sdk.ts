import { afterAll } from 'vitest'
import { FirebasePortError, type EmulatorHosts, type FirebasePorts, type FirebaseUser } from '../../../src/main/firebase/ports'
import { connectFirebase } from '../../../src/main/firebase/sdk-adapter'
import { startAuthEmulator, type AuthEmulator } from '../auth-emulator'
import { emulatorCommunity, PROJECT_ID } from './project'

/**
 * Helpers for the SDK adapter's suites in tests/firebase: real accounts on the Auth emulator
 * (FIREBASE_AUTH_EMULATOR_HOST, or one started here and stopped after the file), and the
 * adapter's failures and listeners as promises.
 */

let startedAuth: AuthEmulator | null = null
let authHost = ''

export async function authEmulatorHost(): Promise<string> {
  if (authHost) return authHost
  if (process.env.FIREBASE_AUTH_EMULATOR_HOST) {
    authHost = process.env.FIREBASE_AUTH_EMULATOR_HOST
  } else {
    startedAuth = await startAuthEmulator({ projectId: PROJECT_ID })
    authHost = startedAuth.host
  }
  return authHost
}

afterAll(async () => {
  await startedAuth?.stop()
})

let accounts = 0
/** A connection signed in as a new account (a fresh email each time: the Auth emulator keeps accounts). */
export async function signedIn(emulators: Omit<EmulatorHosts, 'auth'>, name: string): Promise<{ ports: FirebasePorts; user: FirebaseUser }> {
  const ports = await connectFirebase(emulatorCommunity, { ...emulators, auth: await authEmulatorHost() })
  const email = `${name}-${Date.now().toString(36)}-${accounts++}@magpie.test`
  const user = await ports.auth.signUp(email, 'magpie-pass-1')
  return { ports, user }
}

export { failure } from '../firebase-ports'

/** The next value a listener delivers that satisfies `accept`. */
export function nextValue<T>(subscribe: (deliver: (value: T) => void, fail: (error: FirebasePortError) => void) => () => void, accept: (value: T) => boolean): Promise<T> {
  return new Promise((resolve, reject) => {
    let stop: (() => void) | null = null
    let done = false
    const finish = (): void => {
      done = true
      stop?.()
    }
    stop = subscribe(
      (value) => {
        if (done || !accept(value)) return
        finish()
        resolve(value)
      },
      (error) => {
        finish()
        reject(error)
      }
    )
    if (done) stop()
  })
}

/**
 * A listener made current before the test writes: resolves once its first value arrived; `value`
 * is then the first value `accept` takes (that first one included), and the listener stops there.
 * Write only after this resolves: the Firestore emulator can answer a listen added while a write
 * commits with the documents as they were before it, and then never send that change (seen under
 * load with a delete; the real service's snapshots are consistent).
 */
export async function watching<T>(
  subscribe: (deliver: (value: T) => void, fail: (error: FirebasePortError) => void) => () => void,
  accept: (value: T) => boolean
): Promise<{ value: Promise<T> }> {
  const live = liveValues(subscribe)
  try {
    await live.next(() => true)
  } catch (error) {
    live.stop()
    throw error
  }
  const value = live.next(accept)
  void value.then(live.stop, live.stop)
  return { value }
}

/**
 * One listener held through a whole test, as the app holds its own: next(accept) resolves with the
 * newest value delivered so far if accept takes it, else with the first one after it does.
 */
export function liveValues<T>(subscribe: (deliver: (value: T) => void, fail: (error: FirebasePortError) => void) => () => void): {
  next: (accept: (value: T) => boolean) => Promise<T>
  stop: () => void
} {
  let latest: { value: T } | null = null
  let failed: FirebasePortError | null = null
  const waiting: { accept: (value: T) => boolean; resolve: (value: T) => void; reject: (error: FirebasePortError) => void }[] = []
  const stop = subscribe(
    (value) => {
      latest = { value }
      for (const waiter of [...waiting]) {
        if (!waiter.accept(value)) continue
        waiting.splice(waiting.indexOf(waiter), 1)
        waiter.resolve(value)
      }
    },
    (error) => {
      failed = error
      for (const waiter of waiting.splice(0)) waiter.reject(error)
    }
  )
  return {
    next: (accept) =>
      new Promise<T>((resolve, reject) => {
        if (failed) reject(failed)
        else if (latest && accept(latest.value)) resolve(latest.value)
        else waiting.push({ accept, resolve, reject })
      }),
    stop
  }
}
