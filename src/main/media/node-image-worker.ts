import { fork } from 'node:child_process'
import { existsSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { ImageReply } from './image-protocol'
import type { WorkerChannel } from './image-service'

/** V8's heap in the worker; pixels live outside it, bounded by sharp's pixel limit. */
export const workerHeapMb = 256

const here = dirname(fileURLToPath(import.meta.url))

/**
 * Where the worker is: from sources (tsx, Vitest) its TypeScript entry, run through tsx from the
 * project folder (tsconfig's paths); from a build, electron-vite's own bundle beside main's.
 */
function workerModule(): { path: string; execArgv: string[]; cwd?: string } {
  const source = join(here, 'image-worker', 'entry.ts')
  if (existsSync(source)) return { path: source, execArgv: ['--import', 'tsx'], cwd: resolve(here, '../../..') }
  return { path: join(here, 'image-worker.js'), execArgv: [] }
}

/**
 * The image worker as a Node child (the harness, tests, benchmarks). Not for Electron: forking
 * there runs the Electron binary as Node, which the RunAsNode fuse forbids (desktop/image-process.ts).
 */
export function spawnNodeImageWorker(): WorkerChannel {
  const module = workerModule()
  const child = fork(module.path, [], {
    cwd: module.cwd,
    execArgv: [...module.execArgv, `--max-old-space-size=${workerHeapMb}`],
    // Structured clone: photos travel as bytes, not as JSON arrays of numbers.
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc']
  })
  // An idle worker must not keep the harness or a test run alive; a job's timeout timer does while it runs.
  child.unref()
  child.channel?.unref()
  let exited = false
  return {
    get pid() {
      return child.pid
    },
    send(request) {
      child.send(request)
    },
    onMessage(listener) {
      child.on('message', (message) => listener(message as ImageReply))
    },
    onExit(listener) {
      const once = (code: number | null): void => {
        if (exited) return
        exited = true
        listener(code)
      }
      child.once('exit', (code) => once(code))
      // A fork that could not start, or a send to one that died, emits 'error' (and maybe never 'exit').
      child.on('error', () => once(null))
    },
    kill() {
      // SIGKILL: a hung decoder (or a stopped process) may never act on SIGTERM.
      child.kill('SIGKILL')
    }
  }
}
