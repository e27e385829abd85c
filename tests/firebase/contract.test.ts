/**
 * The backend contract (tests/support/main/contract-suite.ts) on the real SDK adapter against the
 * Firebase emulators: the whole app — dispatch, community services, mirror, listeners —
 * talking to Auth, Firestore, the Realtime Database and Storage with the shipped security
 * rules loaded. The same suite runs on the local store and on the fake in `npm test`.
 *
 * Run by `npm run test:firebase` (scripts/test-firebase.mjs checks that the emulators answer
 * and passes their addresses in FIRESTORE_EMULATOR_HOST, FIREBASE_DATABASE_EMULATOR_HOST,
 * FIREBASE_STORAGE_EMULATOR_HOST and FIREBASE_AUTH_EMULATOR_HOST; else firebase.json's ports).
 */
import type { RulesTestEnvironment } from '@firebase/rules-unit-testing'
import { afterAll, beforeAll } from 'vitest'
import { cleanupCommunityApps, startProjectApp } from '../support/main/community-app'
import { backendContract } from '../support/main/contract-suite'
import type { EmulatorHosts } from '../../src/main/firebase/ports'
import { connectFirebase } from '../../src/main/firebase/sdk-adapter'
import { cleanupTestApps } from '../support/main/test-app'
import { emulatorCommunity as community, emulatorHost } from '../support/emulators/project'
import { rulesEnvironment } from '../support/emulators/rules'

const emulators: EmulatorHosts = { auth: emulatorHost('auth'), firestore: emulatorHost('firestore'), database: emulatorHost('database'), storage: emulatorHost('storage') }

let env: RulesTestEnvironment | null = null

beforeAll(async () => {
  env = await rulesEnvironment('firestore', 'database', 'storage')
})

afterAll(async () => {
  await env?.cleanup()
})

backendContract(
  'community on the Firebase emulators',
  async () => ({
    client: () => startProjectApp({ connect: connectFirebase, emulators }, { community }),
    async close() {
      await cleanupCommunityApps()
      await cleanupTestApps()
    }
  }),
  { propagationMs: 20_000, testTimeoutMs: 120_000 }
)
