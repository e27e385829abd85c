import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { EmulatorHosts, FirebaseWebConfig } from '../../../src/main/firebase/ports'

/** The demo project every emulator suite uses: a demo-* ID never reaches a real Firebase project. */
export const PROJECT_ID = 'demo-magpie'

/** A file from the repository root, e.g. firebase/firestore.rules. */
export const readRepoFile = (path: string): string => readFileSync(fileURLToPath(new URL(`../../../${path}`, import.meta.url)), 'utf8')

/** A community's web config for the emulators; the namespace and bucket are the project ID, as rules-unit-testing loads rules for. */
export const emulatorCommunity: FirebaseWebConfig = {
  apiKey: 'AIzaDemoMagpieKeyForTheEmulatorSuite00',
  authDomain: `${PROJECT_ID}.firebaseapp.com`,
  projectId: PROJECT_ID,
  storageBucket: PROJECT_ID,
  databaseURL: `https://${PROJECT_ID}.firebaseio.com`,
  appId: '1:000000000000:web:0000000000000000000000'
}

type Service = keyof EmulatorHosts
const ENV_VAR: Record<Service, string> = {
  firestore: 'FIRESTORE_EMULATOR_HOST',
  database: 'FIREBASE_DATABASE_EMULATOR_HOST',
  storage: 'FIREBASE_STORAGE_EMULATOR_HOST',
  auth: 'FIREBASE_AUTH_EMULATOR_HOST'
}
const DEFAULT_PORT: Record<Service, number> = { firestore: 8080, database: 9000, storage: 9199, auth: 9099 }

/**
 * host:port of an emulator: from its *_EMULATOR_HOST variable (set by `npm test`'s globalSetup
 * or by `npm run test:firebase`), else firebase.json's port.
 */
export function emulatorHost(service: Service): string {
  const fromEnv = process.env[ENV_VAR[service]]?.trim()
  if (fromEnv) return fromEnv
  const firebaseJson = JSON.parse(readRepoFile('firebase.json')) as { emulators?: Partial<Record<Service, { host?: string; port?: number }>> }
  const conf = firebaseJson.emulators?.[service]
  return `${conf?.host ?? '127.0.0.1'}:${conf?.port ?? DEFAULT_PORT[service]}`
}

/** "host:port" (IPv6 in brackets allowed) → { host, port }, as rules-unit-testing takes it. */
export function splitHost(hostPort: string): { host: string; port: number } {
  const match = /^\[?(.+?)\]?:(\d+)$/.exec(hostPort.trim())
  if (!match?.[1] || !match[2]) throw new Error(`"${hostPort}" is not host:port`)
  return { host: match[1], port: Number(match[2]) }
}
