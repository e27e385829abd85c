/**
 * The backend contract (tests/support/main/contract-suite.ts) with the real Auth and Firestore
 * emulators: the whole app — dispatch, community services, mirror, listeners — on the real
 * SDK adapter for accounts and documents, with the shipped Firestore rules loaded. The
 * Realtime Database (alerts) and Storage (photos) come from the in-memory fake, whose rules
 * checks are off here: it never learns who the real Auth emulator signed in (those rules are
 * proven by database-rules.targaryen.test.ts, and on the real emulators by rules.test.ts in
 * `npm run test:firebase`). The connection's online state is the fake's too: the adapter's
 * own watches the Realtime Database, which does not run here.
 *
 * In `npm test` on the emulators its run starts (vitest.emulators.config.ts); in
 * `npm run test:firebase` too (there contract.test.ts also runs it on every real emulator).
 */
import type { RulesTestEnvironment } from '@firebase/rules-unit-testing'
import { afterAll, beforeAll } from 'vitest'
import { cleanupCommunityApps, startProjectApp } from '../support/main/community-app'
import { backendContract } from '../support/main/contract-suite'
import { createFakeFirebase } from '../support/fake-firebase/fake-firebase'
import type { ConnectFirebase, EmulatorHosts } from '../../src/main/firebase/ports'
import { connectFirebase } from '../../src/main/firebase/sdk-adapter'
import { cleanupTestApps } from '../support/main/test-app'
import { emulatorCommunity as community, emulatorHost } from '../support/emulators/project'
import { rulesEnvironment } from '../support/emulators/rules'

const emulators: EmulatorHosts = { auth: emulatorHost('auth'), firestore: emulatorHost('firestore') }

let env: RulesTestEnvironment | null = null

beforeAll(async () => {
  env = await rulesEnvironment('firestore')
})

afterAll(async () => {
  await env?.cleanup()
})

backendContract(
  'community on the Auth + Firestore emulators (fake Realtime Database and Storage)',
  async () => {
    // One fake per test, as one emulator project: everyone's alerts and photos.
    const fake = createFakeFirebase({ rules: false })
    const connect: ConnectFirebase = async (config) => {
      const real = await connectFirebase(config, emulators)
      const stand = await fake.connect(config)
      return {
        config,
        auth: real.auth,
        docs: real.docs,
        alerts: stand.alerts,
        files: stand.files,
        connectivity: stand.connectivity,
        async close() {
          await stand.close()
          await real.close()
        }
      }
    }
    return {
      client: () => startProjectApp({ connect, idle: fake.idle, emulators }, { community }),
      async close() {
        await cleanupCommunityApps()
        await cleanupTestApps()
      }
    }
  },
  { propagationMs: 20_000, testTimeoutMs: 120_000 }
)
