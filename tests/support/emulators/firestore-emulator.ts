import { locateFirestoreEmulator } from './locate.mjs'
import { answersHttp, launch, onFreePort, type EmulatorProcess } from './process'

/**
 * Google Cloud's Cloud Firestore emulator (the apt package google-cloud-cli-firestore-emulator,
 * the same emulator firebase-tools downloads), started on a free port for one test run.
 * Rules are loaded by the tests (rules-unit-testing), so it starts without any.
 */
export async function startFirestoreEmulator(options: { projectId: string; timeoutMs: number }): Promise<EmulatorProcess> {
  const found = locateFirestoreEmulator()
  if (found.missing !== undefined) throw new Error(`The Firestore emulator cannot run here: ${found.missing}`)
  return onFreePort((port) =>
    launch({
      name: 'The Firestore emulator',
      command: found.launcher,
      args: ['--host', '127.0.0.1', '--port', String(port), '--project_id', options.projectId],
      host: `127.0.0.1:${port}`,
      // It answers "Ok" on / once it serves.
      ready: (at) => answersHttp(`http://${at}/`),
      timeoutMs: options.timeoutMs
    })
  )
}
