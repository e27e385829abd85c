import { deleteApp } from 'firebase/app'
import {
  createUserWithEmailAndPassword,
  deleteUser,
  EmailAuthProvider,
  getIdToken,
  getIdTokenResult,
  initializeAuth,
  reauthenticateWithCredential,
  signInWithEmailAndPassword,
  signOut,
  updateCurrentUser,
  updatePassword,
  type Auth,
  type Persistence,
  type User
} from 'firebase/auth'
import { guarded, toPortError } from '../firebase-errors'
import { FirebasePortError, type AuthPort, type EmulatorHosts, type FirebaseUser, type FirebaseWebConfig } from '../ports'
import { newApp } from './app'
import { useAuthEmulator } from './emulators'

/**
 * Restoring a session: a throwaway app whose Auth starts from a persistence holding the
 * exported user, exactly as a browser's Auth starts from its stored session. The SDK then
 * reloads that user from the project (refreshing the token if it expired) and drops it when the
 * account is gone, disabled or its tokens revoked. One Persistence class serves every restore:
 * the SDK keeps one instance per class for the life of the process (a class per connection
 * would never be freed), so this map is the adapter's one piece of module state. Entries are
 * keyed by the throwaway app's name and live only for the duration of one restore.
 */
const pendingRestores = new Map<string, unknown>()

class RestorePersistence {
  static readonly type = 'NONE'
  readonly type = 'NONE'
  async _isAvailable(): Promise<boolean> {
    return true
  }
  async _set(key: string, value: unknown): Promise<void> {
    if (pendingRestores.has(key)) pendingRestores.set(key, value)
  }
  async _get(key: string): Promise<unknown> {
    return pendingRestores.get(key) ?? null
  }
  async _remove(key: string): Promise<void> {
    if (pendingRestores.has(key)) pendingRestores.set(key, null)
  }
  _addListener(): void {}
  _removeListener(): void {}
}

/** The exported credential: a version and the SDK's persisted user. */
interface StoredCredential {
  v: 1
  user: { uid: string } & Record<string, unknown>
}

function parseCredential(credential: string): StoredCredential | null {
  try {
    const parsed = JSON.parse(credential) as Partial<StoredCredential> | null
    if (parsed?.v !== 1 || typeof parsed.user !== 'object' || parsed.user === null) return null
    const { uid, stsTokenManager } = parsed.user as { uid?: unknown; stsTokenManager?: { refreshToken?: unknown } }
    if (typeof uid !== 'string' || typeof stsTokenManager?.refreshToken !== 'string') return null
    return parsed as StoredCredential
  } catch {
    return null
  }
}

const isNetworkFailure = (error: unknown): boolean => toPortError('auth', error).reason === 'offline'

const portUser = (user: User): FirebaseUser => ({ uid: user.uid, email: user.email ?? '' })

export function createAuthPort(config: FirebaseWebConfig, emulators: EmulatorHosts | undefined, auth: Auth): AuthPort {
  /** Signs `auth` in as the stored user when the project still accepts it. */
  async function restoreUser(stored: StoredCredential): Promise<boolean> {
    const helper = newApp(config, 'restore')
    const key = `firebase:authUser:${config.apiKey}:${helper.name}`
    pendingRestores.set(key, stored.user)
    try {
      const helperAuth = initializeAuth(helper, { persistence: RestorePersistence as unknown as Persistence })
      useAuthEmulator(helperAuth, emulators)
      await helperAuth.authStateReady()
      const user = helperAuth.currentUser
      if (!user || user.uid !== stored.user.uid) return false
      // A fresh token proves the refresh token itself is still good (the reload may have used a
      // cached access token). Offline, keep the session: it is checked again when the SDK next refreshes.
      try {
        await getIdToken(user, true)
      } catch (error) {
        if (!isNetworkFailure(error)) return false
      }
      // The public way to move a user between two Auth instances of one project: a copy.
      await updateCurrentUser(auth, user)
      return true
    } finally {
      pendingRestores.delete(key)
      await deleteApp(helper).catch(() => {})
    }
  }

  return {
    signUp: (email, password) => guarded('auth', async () => portUser((await createUserWithEmailAndPassword(auth, email, password)).user)),
    signIn: (email, password) => guarded('auth', async () => portUser((await signInWithEmailAndPassword(auth, email, password)).user)),
    signOut: () => guarded('auth', () => signOut(auth)),
    current: () => (auth.currentUser ? portUser(auth.currentUser) : null),
    reauthenticate: (password) =>
      guarded('auth', async () => {
        const user = auth.currentUser
        if (!user?.email) throw new FirebasePortError('invalid-credentials')
        await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email, password))
      }),
    moderator: (refresh) =>
      guarded('auth', async () => {
        const user = auth.currentUser
        // Only the boolean true counts, as the rules read it: a claim of another type or value is no moderator.
        return user ? (await getIdTokenResult(user, refresh)).claims.moderator === true : false
      }),
    deleteAccount: () =>
      guarded('auth', async () => {
        if (auth.currentUser) await deleteUser(auth.currentUser)
      }),
    changePassword: (currentPassword, newPassword) =>
      guarded('auth', async () => {
        const user = auth.currentUser
        if (!user?.email) throw new FirebasePortError('invalid-credentials')
        // A recent sign-in is what Firebase asks of a password change (auth/requires-recent-login otherwise).
        await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email, currentPassword))
        await updatePassword(user, newPassword)
      }),
    async exportCredential() {
      const user = auth.currentUser
      if (!user) return null
      const stored: StoredCredential = { v: 1, user: user.toJSON() as StoredCredential['user'] }
      return JSON.stringify(stored)
    },
    restore: (credential) =>
      guarded('auth', async () => {
        const stored = typeof credential === 'string' ? parseCredential(credential) : null
        // A session of another project (its key is in the persisted user) is not this one's.
        if (!stored || (stored.user.apiKey !== undefined && stored.user.apiKey !== config.apiKey)) return null
        if (!(await restoreUser(stored))) return null
        return auth.currentUser ? portUser(auth.currentUser) : null
      })
  }
}
