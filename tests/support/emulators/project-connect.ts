import type { ConnectFirebase, EmulatorHosts } from '../../../src/main/firebase/ports'
import { connectFirebase } from '../../../src/main/firebase/sdk-adapter'
import type { createFakeFirebase } from '../fake-firebase/fake-firebase'
import { emulatorHost } from './project'

/** The Auth and Firestore emulators, as a community's project in `npm test`. */
export const firestoreEmulators: EmulatorHosts = { auth: emulatorHost('auth'), firestore: emulatorHost('firestore') }

/**
 * The real SDK adapter for accounts and documents on the emulators, the in-memory fake for
 * alerts, photos and the online state (the Realtime Database and Storage emulators do not run
 * in `npm test`).
 */
export function projectConnect(fake: ReturnType<typeof createFakeFirebase>, emulators: EmulatorHosts = firestoreEmulators): ConnectFirebase {
  return async (config) => {
    const real = await connectFirebase(config, emulators)
    const stand = await fake.connect(config)
    return {
      config,
      auth: real.auth,
      docs: real.docs,
      saved: real.saved,
      members: real.members,
      invitations: real.invitations,
      alerts: stand.alerts,
      files: stand.files,
      connectivity: stand.connectivity,
      async close() {
        await stand.close()
        await real.close()
      }
    }
  }
}
