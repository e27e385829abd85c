import type { EmulatorHosts, FirebaseWebConfig } from '../../../src/main/firebase/ports'
import { startAuthEmulator } from '../auth-emulator'
import { startDatabaseServer } from './database-emulator'
import { startFirestoreEmulator } from './firestore-emulator'
import { emulatorCommunity, PROJECT_ID, readRepoFile } from './project'
import { startStorageEmulator } from './storage-emulator'

/**
 * One community for app copies in other processes (tests/e2e/community-walk.spec.ts): the
 * Firestore emulator with firebase/firestore.rules loaded, the Auth emulator, the Storage
 * emulator without rules and the Realtime Database test server (database-server.mjs, with
 * database.rules.json), each on a free port; stop() ends them all.
 */
export interface CommunityEmulators {
  hosts: Required<EmulatorHosts>
  config: FirebaseWebConfig
  /** MAGPIE_FIREBASE_CONFIG and MAGPIE_FIREBASE_EMULATORS for a harness process. */
  env: Record<string, string>
  stop(): Promise<void>
}

/** The emulators' web config; the settings check wants an apiKey of a real key's form. */
const config: FirebaseWebConfig = { ...emulatorCommunity, apiKey: 'AIzaSyDx3vQ9_kK2mQe7-TbUq0WZpL4nR8sYc1E' }

/** Loads the shipped Firestore rules into the emulator (the REST call rules-unit-testing makes). */
async function loadFirestoreRules(host: string): Promise<void> {
  const response = await fetch(`http://${host}/emulator/v1/projects/${PROJECT_ID}:securityRules`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ rules: { files: [{ name: 'firestore.rules', content: readRepoFile('firebase/firestore.rules') }] } })
  })
  if (!response.ok) throw new Error(`The Firestore emulator refused firestore.rules (HTTP ${response.status}): ${await response.text()}`)
}

export async function startCommunityEmulators(options: { timeoutMs: number }): Promise<CommunityEmulators> {
  const started: { stop(): Promise<void> }[] = []
  const keep = <T extends { stop(): Promise<void> }>(running: T): T => {
    started.push(running)
    return running
  }
  const stop = async (): Promise<void> => {
    await Promise.all(started.splice(0).map((running) => running.stop().catch(() => {})))
  }
  try {
    // allSettled: one failing must not leave the others starting unseen, and so never stopped.
    const settled = await Promise.allSettled([
      startFirestoreEmulator({ projectId: PROJECT_ID, timeoutMs: options.timeoutMs }).then(keep),
      startAuthEmulator({ projectId: PROJECT_ID, timeoutMs: options.timeoutMs }).then(keep),
      startStorageEmulator({ projectId: PROJECT_ID, timeoutMs: options.timeoutMs }).then(keep),
      startDatabaseServer({ timeoutMs: options.timeoutMs }).then(keep)
    ])
    const failures = settled.filter((result): result is PromiseRejectedResult => result.status === 'rejected')
    if (failures.length > 0) throw new Error(failures.map((failure) => String(failure.reason instanceof Error ? failure.reason.message : failure.reason)).join('\n'))
    const [firestore, auth, storage, database] = settled.map((result) => (result as PromiseFulfilledResult<{ host: string }>).value) as [
      { host: string },
      { host: string },
      { host: string },
      { host: string }
    ]
    await loadFirestoreRules(firestore.host)
    const hosts = { firestore: firestore.host, auth: auth.host, storage: storage.host, database: database.host }
    return {
      hosts,
      config,
      env: {
        MAGPIE_FIREBASE_CONFIG: JSON.stringify(config),
        MAGPIE_FIREBASE_EMULATORS: Object.entries(hosts)
          .map(([name, host]) => `${name}=${host}`)
          .join(',')
      },
      stop
    }
  } catch (error) {
    await stop()
    throw error
  }
}
