import { utilityProcess } from 'electron'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { ImageReply } from '../media/image-protocol'
import type { SpawnWorker } from '../media/image-service'
import { workerHeapMb } from '../media/node-image-worker'

/** electron-vite builds the worker as its own entry beside main's (electron.vite.config.ts). */
const builtWorker = join(dirname(fileURLToPath(import.meta.url)), 'image-worker.js')

/**
 * The image worker as an Electron utility process (docs/decisions/018-image-process.md): a
 * Chromium-managed Node child, so neither child_process (the RunAsNode fuse is off) nor a
 * libvips/GLib clash in main's own process. Call only after app 'ready' (utilityProcess.fork's rule).
 */
export function utilityImageWorker(modulePath = builtWorker): SpawnWorker {
  return () => {
    const child = utilityProcess.fork(modulePath, [], {
      serviceName: 'Magpie image worker',
      // Through --js-flags: V8's isolate is made before Node reads its execArgv, so a bare
      // --max-old-space-size would be ignored (javascript_environment.cc:184-202, node_service.cc:140-163).
      execArgv: [`--js-flags=--max-old-space-size=${workerHeapMb}`],
      stdio: 'inherit'
    })
    return {
      get pid() {
        return child.pid
      },
      send(request) {
        child.postMessage(request)
      },
      onMessage(listener) {
        child.on('message', (message: ImageReply) => listener(message))
      },
      onExit(listener) {
        // Electron emits 'exit' exactly once, also after an 'error' (electron.d.ts, UtilityProcess).
        child.once('exit', (code) => listener(code))
      },
      kill() {
        child.kill()
      }
    }
  }
}
