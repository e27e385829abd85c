import { fileURLToPath } from 'node:url'
import { answersHttp, launch, onFreePort, type EmulatorProcess } from './process'

/**
 * The Realtime Database test server (database-server.mjs: the SDK's wire protocol, targaryen's
 * data and rules) on a free port, with firebase/database.rules.json loaded.
 */
export async function startDatabaseServer(options: { timeoutMs: number }): Promise<EmulatorProcess> {
  const rules = fileURLToPath(new URL('../../../firebase/database.rules.json', import.meta.url))
  return onFreePort((port) =>
    launch({
      name: 'The Realtime Database test server',
      command: process.execPath,
      args: [fileURLToPath(new URL('./database-server.mjs', import.meta.url)), '127.0.0.1', String(port), rules],
      host: `127.0.0.1:${port}`,
      // A WebSocket server answers a plain GET with 426 Upgrade Required once it listens.
      ready: (at) => answersHttp(`http://${at}/`),
      timeoutMs: options.timeoutMs
    })
  )
}
