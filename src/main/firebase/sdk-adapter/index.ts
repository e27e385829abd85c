import { deleteApp, type FirebaseApp } from 'firebase/app'
import { initializeAuth, inMemoryPersistence } from 'firebase/auth'
import { initializeFirestore } from 'firebase/firestore'
import { toPortError } from '../firebase-errors'
import { routeSdkSockets } from '../network'
import { FirebasePortError, type ConnectFirebase, type EmulatorHosts, type FirebasePorts, type FirebaseWebConfig } from '../ports'
import { createAlertsPort } from './alerts'
import { newApp } from './app'
import { createAuthPort } from './auth'
import { createConnectivity } from './connectivity'
import { createDocsPort } from './documents'
import { sdkEndpoints, useAuthEmulator, useFirestoreEmulator } from './emulators'
import { createFilesPort } from './files'
import { createMembersPort } from './members'
import { createSavedPort } from './saved'
import { createInvitationsPort } from './invitations'

export { newApp } from './app'
export { SCAN_CHUNK } from './documents'
export { parseHostPort, sdkEndpoints, useAuthEmulator } from './emulators'
export { downloadCapped } from './download'

/**
 * The real Firebase behind the ports (docs/decisions/008-community-mode.md): the only code
 * that imports the `firebase` SDK, one file per port (auth, documents, alerts, files) beside
 * connectivity, the capped download and the emulator wiring; this file composes them. Every connectFirebase call is one named FirebaseApp, so two
 * projects (or a project and a probe) never share SDK state; close() deletes it.
 *
 * Choices the ports leave to the adapter:
 * - Sign-in survives restarts through exportCredential/restore: the exported credential is the
 *   SDK's own persisted form of the user (User.toJSON(): uid, email, refresh and access token —
 *   never the password), and restore hands it back to the SDK the way a browser's stored
 *   session is (see restore below), so the SDK itself verifies it against the project.
 * - createdAt is written as the server's time (serverTimestamp(); the shipped rules accept no
 *   other) and read back as whole milliseconds. The feed's order is (createdAt ms desc, id desc);
 *   postsPage makes its page boundaries exact in that order although Firestore keeps microseconds.
 * - Writes go through transactions, which need the server: offline, a write fails with 'offline'
 *   at once instead of waiting in the SDK's queue and landing minutes later after the user was
 *   told it failed. Reads ask the server too (getDocsFromServer), so an offline read never
 *   passes an empty cache off as "no posts". Listeners report only server-confirmed snapshots.
 * - Connectivity is the Realtime Database's `.info/connected`, or-ed with "a Firestore listener
 *   currently has server data", so a project whose Realtime Database cannot be reached still
 *   shows as online while its feed is live.
 */

export const connectFirebase: ConnectFirebase = async (config, emulators) => {
  let app: FirebaseApp
  try {
    app = newApp(config, 'community')
  } catch (error) {
    throw new FirebasePortError('invalid-config', toPortError('auth', error).message)
  }
  try {
    // Before the SDKs open a socket: gRPC takes its proxy when the Firestore channel is made.
    await routeSdkSockets(sdkEndpoints(config.databaseURL, emulators))
    return assemble(app, config, emulators)
  } catch (error) {
    await deleteApp(app).catch(() => {})
    const failure = toPortError('auth', error)
    // An SDK refusing the config at construction (e.g. an empty apiKey) is a config problem.
    throw failure.reason === 'unknown' || failure.reason === 'invalid-config' ? new FirebasePortError('invalid-config', failure.message) : failure
  }
}

function assemble(app: FirebaseApp, config: FirebaseWebConfig, emulators: EmulatorHosts | undefined): FirebasePorts {
  const auth = initializeAuth(app, { persistence: inMemoryPersistence })
  useAuthEmulator(auth, emulators)
  const db = initializeFirestore(app, { ignoreUndefinedProperties: true })
  useFirestoreEmulator(db, emulators)
  const connectivity = createConnectivity(app, db, emulators)
  let closed = false

  return {
    config,
    auth: createAuthPort(config, emulators, auth),
    docs: createDocsPort(db, connectivity.signal),
    alerts: createAlertsPort(connectivity.link),
    files: createFilesPort(app, auth, config.storageBucket, emulators),
    saved: createSavedPort(db),
    members: createMembersPort(db),
    invitations: createInvitationsPort(db),
    connectivity: {
      ...connectivity.port,
      // After sleep or a network change the proxy can differ: the websocket reads it again as it reconnects.
      reconnect() {
        void routeSdkSockets(sdkEndpoints(config.databaseURL, emulators))
          .catch((error: unknown) => console.warn('[firebase] routing', error))
          .finally(() => connectivity.port.reconnect())
      }
    },
    async close() {
      if (closed) return
      closed = true
      connectivity.close()
      await deleteApp(app).catch((error: unknown) => console.warn('[firebase] closing the app failed', error))
    }
  }
}
