import { FirebasePortError, type FirebaseFailure } from './ports'

/**
 * Turns whatever the Firebase SDK (or the network under it) throws into a FirebasePortError
 * with a stable reason. Only the service and the SDK's error code go into the message: SDK
 * messages and `customData` can carry the email that was typed, paths and server details,
 * and nothing of that may travel further than main's log.
 */

/** A Map, so that no code can ever hit an Object.prototype key. */
const reasons = (table: Record<string, FirebaseFailure>): ReadonlyMap<string, FirebaseFailure> => new Map(Object.entries(table))

export type FirebaseService = 'auth' | 'firestore' | 'database' | 'storage' | 'download'

/** auth/<code> (the SDK lowercases server codes it does not know, e.g. "auth/api-key-not-valid.-please-pass-a-valid-api-key."). */
const authReasons = reasons({
  'email-already-in-use': 'email-taken',
  'credential-already-in-use': 'email-taken',
  'invalid-credential': 'invalid-credentials',
  'invalid-login-credentials': 'invalid-credentials',
  'wrong-password': 'invalid-credentials',
  'user-not-found': 'invalid-credentials',
  'user-disabled': 'invalid-credentials',
  'missing-password': 'invalid-credentials',
  'user-token-expired': 'invalid-credentials',
  'invalid-user-token': 'invalid-credentials',
  'user-mismatch': 'invalid-credentials',
  'weak-password': 'weak-password',
  'password-does-not-meet-requirements': 'weak-password',
  'invalid-email': 'invalid-email',
  'missing-email': 'invalid-email',
  'too-many-requests': 'too-many-requests',
  'requires-recent-login': 'requires-recent-login',
  'quota-exceeded': 'too-many-requests',
  'network-request-failed': 'offline',
  'timeout': 'offline',
  // The project refuses this app: wrong key, key restricted elsewhere, sign-in method off, no Auth.
  'invalid-api-key': 'invalid-config',
  'app-not-authorized': 'invalid-config',
  'app-deleted': 'invalid-config',
  'operation-not-allowed': 'invalid-config',
  'configuration-not-found': 'invalid-config',
  'project-not-found': 'invalid-config',
  'invalid-tenant-id': 'invalid-config',
  'admin-restricted-operation': 'invalid-config'
})

/** Firestore's codes are gRPC's, without a prefix. */
const firestoreReasons = reasons({
  'permission-denied': 'permission-denied',
  unauthenticated: 'permission-denied',
  'not-found': 'not-found',
  unavailable: 'offline',
  'deadline-exceeded': 'offline',
  'resource-exhausted': 'too-many-requests'
})

/** The Realtime Database's server codes, upper-cased by the SDK (`error.code`). */
const databaseReasons = reasons({
  PERMISSION_DENIED: 'permission-denied',
  EXPIRED_TOKEN: 'permission-denied',
  INVALID_TOKEN: 'permission-denied',
  UNAVAILABLE: 'offline',
  DISCONNECTED: 'offline',
  NETWORK_ERROR: 'offline',
  OVERRIDDEN_BY_SET: 'unknown',
  MAX_RETRIES: 'too-many-requests'
})

/** storage/<code> */
const storageReasons = reasons({
  unauthorized: 'permission-denied',
  unauthenticated: 'permission-denied',
  'object-not-found': 'not-found',
  'retry-limit-exceeded': 'offline',
  'quota-exceeded': 'too-many-requests',
  'bucket-not-found': 'invalid-config',
  'project-not-found': 'invalid-config',
  'no-default-bucket': 'invalid-config',
  'invalid-default-bucket': 'invalid-config'
})

function codeOf(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null
  const code = (error as { code?: unknown }).code
  return typeof code === 'string' && code.length > 0 && code.length <= 200 ? code : null
}

/** The SDK code without its "auth/" or "storage/" prefix. */
const withoutPrefix = (code: string, prefix: string): string => (code.startsWith(`${prefix}/`) ? code.slice(prefix.length + 1) : code)

/** Node's fetch fails with a TypeError whose cause is the socket/DNS error; aborts are timeouts. */
function isNetworkFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  if (error.name === 'AbortError' || error.name === 'TimeoutError') return true
  return error instanceof TypeError && /fetch failed|network/i.test(error.message)
}

export function reasonOf(service: FirebaseService, error: unknown): FirebaseFailure {
  if (error instanceof FirebasePortError) return error.reason
  const code = codeOf(error)
  if (code) {
    switch (service) {
      case 'auth': {
        const bare = withoutPrefix(code, 'auth')
        const known = authReasons.get(bare)
        if (known) return known
        // Unknown server messages about the key ("API key not valid…", "API key expired…", "requests from referer … are blocked").
        if (/api-key|api_key|referer|blocked/.test(bare)) return 'invalid-config'
        break
      }
      case 'firestore': {
        const known = firestoreReasons.get(code)
        if (known) return known
        break
      }
      case 'database': {
        const known = databaseReasons.get(code.toUpperCase())
        if (known) return known
        break
      }
      case 'storage': {
        const known = storageReasons.get(withoutPrefix(code, 'storage'))
        if (known) return known
        break
      }
      case 'download':
        break
    }
  }
  if (isNetworkFailure(error)) return 'offline'
  // The Realtime Database reports a refused write only in the message ("PERMISSION_DENIED: …" / "permission_denied").
  if (service === 'database' && error instanceof Error && /permission[_ ]denied/i.test(error.message)) return 'permission-denied'
  return 'unknown'
}

/** The port error for an SDK failure; the message names the service and the SDK code only. */
export function toPortError(service: FirebaseService, error: unknown): FirebasePortError {
  if (error instanceof FirebasePortError) return error
  const code = codeOf(error)
  return new FirebasePortError(reasonOf(service, error), code ? `${service}: ${code}` : `${service}: ${error instanceof Error ? error.name : 'failure'}`)
}

/** Runs one SDK call and rethrows its failure as a FirebasePortError. */
export async function guarded<T>(service: FirebaseService, work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    throw toPortError(service, error)
  }
}
