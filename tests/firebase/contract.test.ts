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
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { initializeTestEnvironment, type RulesTestEnvironment } from '@firebase/rules-unit-testing'
import { afterAll, beforeAll } from 'vitest'
import { cleanupCommunityApps, startProjectApp } from '../support/main/community-app'
import { backendContract } from '../support/main/contract-suite'
import type { EmulatorHosts, FirebaseWebConfig } from '../../src/main/firebase/ports'
import { connectFirebase } from '../../src/main/firebase/sdk-adapter'
import { cleanupTestApps } from '../support/main/test-app'

const PROJECT_ID = 'demo-magpie'
const root = (path: string): string => fileURLToPath(new URL(`../../${path}`, import.meta.url))
const readRules = (path: string): string => readFileSync(root(path), 'utf8')

type Service = 'firestore' | 'database' | 'storage' | 'auth'
const ENV_VAR: Record<Service, string> = {
  firestore: 'FIRESTORE_EMULATOR_HOST',
  database: 'FIREBASE_DATABASE_EMULATOR_HOST',
  storage: 'FIREBASE_STORAGE_EMULATOR_HOST',
  auth: 'FIREBASE_AUTH_EMULATOR_HOST'
}
const DEFAULT_PORT: Record<Service, number> = { firestore: 8080, database: 9000, storage: 9199, auth: 9099 }
const firebaseJson = JSON.parse(readRules('firebase.json')) as { emulators?: Partial<Record<Service, { host?: string; port?: number }>> }

function hostOf(service: Service): string {
  const fromEnv = process.env[ENV_VAR[service]]?.trim()
  if (fromEnv) return fromEnv
  const conf = firebaseJson.emulators?.[service]
  return `${conf?.host ?? '127.0.0.1'}:${conf?.port ?? DEFAULT_PORT[service]}`
}

function split(hostPort: string): { host: string; port: number } {
  const match = /^\[?(.+?)\]?:(\d+)$/.exec(hostPort)
  return { host: match![1]!, port: Number(match![2]) }
}

const emulators: EmulatorHosts = { auth: hostOf('auth'), firestore: hostOf('firestore'), database: hostOf('database'), storage: hostOf('storage') }

// The namespace and bucket rules-unit-testing loads the rules for are the project ID.
const community: FirebaseWebConfig = {
  apiKey: 'AIzaDemoMagpieKeyForTheEmulatorSuite00',
  authDomain: `${PROJECT_ID}.firebaseapp.com`,
  projectId: PROJECT_ID,
  storageBucket: PROJECT_ID,
  databaseURL: `https://${PROJECT_ID}.firebaseio.com`,
  appId: '1:000000000000:web:0000000000000000000000'
}

let env: RulesTestEnvironment | null = null

beforeAll(async () => {
  env = await initializeTestEnvironment({
    projectId: PROJECT_ID,
    firestore: { rules: readRules('firebase/firestore.rules'), ...split(emulators.firestore!) },
    database: { rules: readRules('firebase/database.rules.json'), ...split(emulators.database!) },
    storage: { rules: readRules('firebase/storage.rules'), ...split(emulators.storage!) }
  })
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
