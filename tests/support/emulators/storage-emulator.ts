import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { answersHttp, launch, onFreePort, type EmulatorProcess } from './process'

/**
 * firebase-tools' Storage emulator with rules evaluation left out (storage-server.mjs says
 * why and how), on a free port for one test run.
 */
export async function startStorageEmulator(options: { projectId: string; timeoutMs: number }): Promise<EmulatorProcess> {
  // Its blobs go under $TMPDIR/firebase/storage: a folder of its own, removed afterwards.
  const dir = await mkdtemp(join(tmpdir(), 'magpie-storage-emulator-'))
  try {
    const running = await onFreePort((port) =>
      launch({
        name: 'The Storage emulator',
        command: process.execPath,
        args: [fileURLToPath(new URL('./storage-server.mjs', import.meta.url)), '127.0.0.1', String(port), options.projectId],
        env: { ...process.env, TMPDIR: dir, NO_UPDATE_NOTIFIER: '1' },
        cwd: process.cwd(),
        host: `127.0.0.1:${port}`,
        // Any HTTP answer from the API means the server listens.
        ready: (at) => answersHttp(`http://${at}/v0/b/${options.projectId}/o`),
        timeoutMs: options.timeoutMs
      })
    )
    return {
      host: running.host,
      async stop() {
        await running.stop()
        await rm(dir, { recursive: true, force: true })
      }
    }
  } catch (error) {
    await rm(dir, { recursive: true, force: true })
    throw error
  }
}
