import type { TestProject } from 'vitest/node'
import { startAuthEmulator } from '../auth-emulator'
import { startFirestoreEmulator } from './firestore-emulator'
import { PROJECT_ID } from './project'
import type { EmulatorProcess } from './process'
import { startStorageEmulator } from './storage-emulator'

/**
 * vitest.emulators.config.ts's globalSetup: starts the Firestore, Auth and Storage (no rules)
 * emulators once for the whole run, side by side, and stops them afterwards. Their addresses
 * reach the test files through `provide` (set-env.ts puts them into process.env).
 */

declare module 'vitest' {
  export interface ProvidedContext {
    emulatorHosts: { firestore: string; auth: string; storage: string }
  }
}

// Generous: a JVM and two Node CLIs starting at once on a slow, shared 2-core machine.
const START_TIMEOUT_MS = 180_000

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const started: { stop(): Promise<void> }[] = []
  const keep = <T extends { stop(): Promise<void> }>(running: T): T => {
    started.push(running)
    return running
  }
  const stopAll = async (): Promise<void> => {
    await Promise.all(started.splice(0).map((running) => running.stop().catch(() => {})))
  }
  const settled = await Promise.allSettled([
    (async () => keep(await startFirestoreEmulator({ projectId: PROJECT_ID, timeoutMs: START_TIMEOUT_MS })))(),
    (async () => keep(await startAuthEmulator({ projectId: PROJECT_ID, timeoutMs: START_TIMEOUT_MS })))(),
    (async () => keep(await startStorageEmulator({ projectId: PROJECT_ID, timeoutMs: START_TIMEOUT_MS })))()
  ])
  const failures = settled.filter((result): result is PromiseRejectedResult => result.status === 'rejected')
  if (failures.length > 0) {
    await stopAll()
    throw new Error(failures.map((failure) => String(failure.reason instanceof Error ? failure.reason.message : failure.reason)).join('\n'))
  }
  const [firestore, auth, storage] = settled.map((result) => (result as PromiseFulfilledResult<EmulatorProcess>).value)
  project.provide('emulatorHosts', { firestore: firestore!.host, auth: auth!.host, storage: storage!.host })
  return stopAll
}
