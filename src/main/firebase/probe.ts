import { randomUUID } from 'node:crypto'
import { deleteApp, type FirebaseApp } from 'firebase/app'
import { initializeAuth, inMemoryPersistence, signInWithEmailAndPassword, signOut } from 'firebase/auth'
import { connectFirestoreEmulator, doc, getDocFromServer, initializeFirestore } from 'firebase/firestore'
import { reasonOf } from './firebase-errors'
import { FirebasePortError, type EmulatorHosts, type FirebaseFailure, type FirebaseWebConfig } from './ports'
import { routeSdkSockets } from './network'
import { newApp, parseHostPort, sdkEndpoints, useAuthEmulator } from './sdk-adapter'

/**
 * Tries a web config against its project before Magpie saves it (decision 008 "Settings"),
 * without creating anything there:
 * - the API key: a sign-in with a random account that cannot exist. "No such user" / "wrong
 *   credentials" means the key works; a refused key, app or project means it does not.
 * - the project ID: one read of a post that does not exist. A missing document is fine; a
 *   project without that database is not. (With emulators, only the emulated services are tried.)
 *
 * Resolves when both pass. Rejects with a FirebasePortError whose reason is
 * - 'invalid-config': the project refuses the key or the project ID;
 * - 'permission-denied': the project answers, but its rules refuse reading posts (Magpie's
 *   rules are not deployed, docs/firebase.md);
 * - 'too-many-requests': the project is throttling this computer;
 * - 'offline': nothing answered within the time limit (10 s).
 */

const PROBE_TIMEOUT_MS = 10_000

async function checkKey(app: FirebaseApp, emulators: EmulatorHosts | undefined): Promise<void> {
  try {
    // initializeAuth itself refuses an empty or malformed apiKey.
    const auth = initializeAuth(app, { persistence: inMemoryPersistence })
    useAuthEmulator(auth, emulators)
    await signInWithEmailAndPassword(auth, `magpie-probe-${randomUUID()}@example.com`, randomUUID())
    // Cannot happen (a random account); if it somehow did, leave nothing signed in.
    await signOut(auth)
  } catch (error) {
    const reason = reasonOf('auth', error)
    if (reason === 'invalid-credentials') return
    // The server answered with a refusal the SDK has no name for: still a refusal of this config.
    throw new FirebasePortError(reason === 'unknown' ? 'invalid-config' : reason, 'probe: auth refused the config')
  }
}

async function checkProject(app: FirebaseApp, emulators: EmulatorHosts | undefined): Promise<void> {
  try {
    const db = initializeFirestore(app, {})
    if (emulators?.firestore) {
      const { host, port } = parseHostPort(emulators.firestore)
      connectFirestoreEmulator(db, host, port)
    }
    await getDocFromServer(doc(db, 'magazinePost', `magpie-probe-${randomUUID()}`))
  } catch (error) {
    const reason = reasonOf('firestore', error)
    const known: FirebaseFailure[] = ['permission-denied', 'offline', 'too-many-requests']
    // not-found ("the project does not exist or has no Firestore database"), invalid-argument, …
    throw new FirebasePortError(known.includes(reason) ? reason : 'invalid-config', 'probe: firestore refused the config')
  }
}

/** Which failure says most about the config, when both checks fail. */
const weight: Record<FirebaseFailure, number> = {
  'invalid-config': 5,
  'permission-denied': 4,
  'too-many-requests': 3,
  offline: 2,
  unknown: 1,
  'email-taken': 0,
  'invalid-credentials': 0,
  'weak-password': 0,
  'invalid-email': 0,
  'not-found': 0,
  'requires-recent-login': 0
}

/** Rejects as soon as one check proves the config wrong; otherwise waits for both. */
function allChecks(checks: Promise<void>[]): Promise<void> {
  return new Promise((resolve, reject) => {
    let pending = checks.length
    let worst: FirebasePortError | null = null
    for (const check of checks) {
      check.then(
        () => {
          if (--pending > 0) return
          if (worst) reject(worst)
          else resolve()
        },
        (error: unknown) => {
          const failure = error instanceof FirebasePortError ? error : new FirebasePortError('unknown', 'probe: check failed')
          if (failure.reason === 'invalid-config') return reject(failure)
          if (!worst || weight[failure.reason] > weight[worst.reason]) worst = failure
          if (--pending === 0) reject(worst)
        }
      )
    }
  })
}

export async function probeFirebase(config: FirebaseWebConfig, emulators?: EmulatorHosts): Promise<void> {
  let app: FirebaseApp
  try {
    app = newApp(config, 'probe')
  } catch {
    throw new FirebasePortError('invalid-config', 'probe: the SDK refused the config')
  }
  let timer: NodeJS.Timeout | undefined
  try {
    // The project check's gRPC channel takes the proxy Chromium names for Firestore (decision 035).
    await routeSdkSockets(sdkEndpoints(config.databaseURL, emulators))
    const checks = [checkKey(app, emulators)]
    // With emulators, a service without one is not tried: it would reach the real project.
    if (!emulators || emulators.firestore) checks.push(checkProject(app, emulators))
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new FirebasePortError('offline', 'probe: no answer in time')), PROBE_TIMEOUT_MS)
    })
    await Promise.race([allChecks(checks), timeout])
  } finally {
    clearTimeout(timer)
    // Deleting ends the SDK's connections; a check still waiting on the network must not hold this up.
    void deleteApp(app).catch(() => {})
  }
}
