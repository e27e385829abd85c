import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { createServer, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'

/**
 * The Firebase Auth emulator of firebase-tools@13 (a dev dependency; pure Node, no Java and no
 * download), started as a child process for tests: Vitest (`beforeAll`) and Playwright alike.
 *
 *   const emulator = await startAuthEmulator()
 *   connectFirebase(config, { auth: emulator.host })
 *   await emulator.stop()
 *
 * Each call gets its own ports and a temporary folder for the CLI's config and log, so several
 * test files (and several CI runs) can run emulators side by side. The CLI runs under a small
 * watchdog that stops it as soon as this process goes away, however it goes away (its stdin
 * pipe closes), so a crashed or killed test run leaves no emulator behind. The CLI is kept
 * offline: no update check, no message of the day, no login lookups.
 */

export interface AuthEmulator {
  /** host:port, as `EmulatorHosts.auth` and FIREBASE_AUTH_EMULATOR_HOST take it. */
  host: string
  projectId: string
  /** Deletes every account (between tests). */
  reset(): Promise<void>
  /** Stops the emulator and removes its folder; safe to call twice. */
  stop(): Promise<void>
}

export interface AuthEmulatorOptions {
  /** A demo-* project never reaches a real Firebase project. */
  projectId?: string
  /** How long to wait for it to answer (it takes ~12 s on a busy 2-core machine). */
  timeoutMs?: number
}

const DEFAULT_PROJECT = 'demo-magpie'
const DEFAULT_TIMEOUT_MS = 60_000
const STOP_GRACE_MS = 8_000
const OUTPUT_LINES = 60
const TEMP_PREFIX = 'magpie-auth-emulator-'

/**
 * Runs the CLI (argv after the script) and stops it when stdin closes — the parent exited,
 * crashed or called stop(). SIGINT is the CLI's own clean shutdown; SIGKILL if that hangs.
 * Afterwards it removes its working folder (the emulator's temporary one), which a killed
 * parent could not.
 */
const WATCHDOG = `
const { spawn } = require('node:child_process')
const { rmSync } = require('node:fs')
const { basename } = require('node:path')
const { tmpdir } = require('node:os')
const child = spawn(process.execPath, process.argv.slice(1), { stdio: ['ignore', 'inherit', 'inherit'] })
let stopping = false
const stop = () => {
  if (stopping) return
  stopping = true
  child.kill('SIGINT')
  setTimeout(() => child.kill('SIGKILL'), ${STOP_GRACE_MS - 2_000}).unref()
}
process.stdin.on('end', stop)
process.stdin.on('close', stop)
process.stdin.on('error', stop)
process.stdin.resume()
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
child.on('exit', (code, signal) => {
  const dir = process.cwd()
  if (basename(dir).startsWith('${TEMP_PREFIX}')) {
    try {
      process.chdir(tmpdir())
      rmSync(dir, { recursive: true, force: true })
    } catch {}
  }
  process.exit(code ?? (signal ? 1 : 0))
})
`

function firebaseCli(): string {
  let packageJson: string
  try {
    packageJson = createRequire(import.meta.url).resolve('firebase-tools/package.json')
  } catch {
    throw new Error('The Firebase CLI (firebase-tools, a dev dependency) is not installed: run `npm install` in the repository root.')
  }
  const cli = join(dirname(packageJson), 'lib', 'bin', 'firebase.js')
  if (!existsSync(cli)) throw new Error(`The Firebase CLI is incomplete: ${cli} is missing. Reinstall with \`npm install\`.`)
  return cli
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port'))))
    })
  })
}

/** The child's environment: offline, no prompts, and none of this process's emulator settings. */
function cliEnvironment(configHome: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env }
  for (const key of Object.keys(env)) {
    if (/_EMULATOR_HOST$/.test(key) || key === 'GCLOUD_PROJECT' || key === 'FIREBASE_CONFIG' || key === 'GOOGLE_APPLICATION_CREDENTIALS') delete env[key]
  }
  return {
    ...env,
    // update-notifier: no background npm registry check.
    NO_UPDATE_NOTIFIER: '1',
    // Non-interactive: never waits for an answer on a prompt.
    CI: 'true',
    // A fresh config store: no cached login to refresh over the network, no usage reporting.
    XDG_CONFIG_HOME: configHome,
    // The message of the day is fetched from <firebase-public>.<this>; an unresolvable host fails at once.
    FIREBASE_REALTIME_URL: 'http://firebase-cli-offline.invalid'
  }
}

async function answers(host: string, projectId: string): Promise<boolean> {
  try {
    const response = await fetch(`http://${host}/emulator/v1/projects/${projectId}/config`, { signal: AbortSignal.timeout(1_000) })
    await response.body?.cancel()
    return response.ok
  } catch {
    return false
  }
}

class Output {
  private lines: string[] = []
  add(chunk: Buffer): void {
    this.lines.push(...chunk.toString('utf8').split('\n').filter((line) => line.trim() !== ''))
    if (this.lines.length > OUTPUT_LINES) this.lines = this.lines.slice(-OUTPUT_LINES)
  }
  toString(): string {
    return this.lines.map((line) => `    ${line}`).join('\n')
  }
  get portTaken(): boolean {
    return this.lines.some((line) => /port .*(taken|in use)|EADDRINUSE/i.test(line))
  }
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => child.once('exit', () => resolve()))
}

/** Ends the watchdog and the CLI; SIGKILLs the whole process group if a clean stop hangs. */
async function terminate(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const gone = exited(child)
  child.stdin?.end()
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), STOP_GRACE_MS)
  })
  const outcome = await Promise.race([gone.then(() => 'done' as const), late])
  clearTimeout(timer)
  if (outcome === 'late') {
    try {
      if (process.platform !== 'win32' && child.pid) process.kill(-child.pid, 'SIGKILL')
      else child.kill('SIGKILL')
    } catch {
      // Already gone.
    }
    await gone
  }
}

async function startOnce(cli: string, projectId: string, timeoutMs: number): Promise<{ emulator: AuthEmulator } | { portTaken: true }> {
  const dir = await mkdtemp(join(tmpdir(), TEMP_PREFIX))
  const [authPort, hubPort, loggingPort] = [await freePort(), await freePort(), await freePort()]
  const host = `127.0.0.1:${authPort}`
  await writeFile(
    join(dir, 'firebase.json'),
    JSON.stringify({
      emulators: {
        singleProjectMode: true,
        auth: { host: '127.0.0.1', port: authPort },
        hub: { host: '127.0.0.1', port: hubPort },
        logging: { host: '127.0.0.1', port: loggingPort },
        ui: { enabled: false }
      }
    })
  )

  const child = spawn(process.execPath, ['-e', WATCHDOG, cli, 'emulators:start', '--only', 'auth', '--project', projectId], {
    cwd: dir,
    env: cliEnvironment(join(dir, 'config')),
    stdio: ['pipe', 'pipe', 'pipe'],
    // Its own process group, so a last-resort kill reaches the CLI under the watchdog too.
    detached: process.platform !== 'win32',
    windowsHide: true
  })
  const output = new Output()
  child.stdout?.on('data', (chunk: Buffer) => output.add(chunk))
  child.stderr?.on('data', (chunk: Buffer) => output.add(chunk))
  // A closed pipe is the watchdog's signal, not an error here.
  child.stdin?.on('error', () => {})
  let spawnError: Error | null = null
  child.once('error', (error) => {
    spawnError = error
  })

  let stopped: Promise<void> | null = null
  const stop = (): Promise<void> => {
    stopped ??= terminate(child).then(() => rm(dir, { recursive: true, force: true }).catch(() => {}))
    return stopped
  }

  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (await answers(host, projectId)) break
    const ended = spawnError !== null || child.exitCode !== null || child.signalCode !== null
    if (ended || Date.now() > deadline) {
      await stop()
      if (output.portTaken) return { portTaken: true }
      const why = spawnError
        ? `could not run ${process.execPath}: ${(spawnError as Error).message}`
        : ended
          ? `the Firebase CLI exited (code ${child.exitCode ?? child.signalCode})`
          : `it did not answer at ${host} within ${Math.round(timeoutMs / 1000)} s`
      throw new Error(`The Firebase Auth emulator did not start: ${why}.\nCLI output:\n${output.toString() || '    (none)'}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }

  // From here on the emulator must not keep this process alive, nor outlive it.
  child.unref()
  for (const pipe of [child.stdin, child.stdout, child.stderr]) (pipe as unknown as Partial<Socket> | null)?.unref?.()

  return {
    emulator: {
      host,
      projectId,
      async reset() {
        const response = await fetch(`http://${host}/emulator/v1/projects/${projectId}/accounts`, { method: 'DELETE' })
        await response.body?.cancel()
        if (!response.ok) throw new Error(`Auth emulator: deleting accounts failed (HTTP ${response.status})`)
      },
      stop
    }
  }
}

export async function startAuthEmulator(options: AuthEmulatorOptions = {}): Promise<AuthEmulator> {
  const projectId = options.projectId ?? DEFAULT_PROJECT
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const cli = firebaseCli()
  // A free port can be taken between choosing it and the CLI binding it: try again once.
  for (let attempt = 1; ; attempt++) {
    const started = await startOnce(cli, projectId, timeoutMs)
    if ('emulator' in started) return started.emulator
    if (attempt === 2) throw new Error('The Firebase Auth emulator did not start: its ports were taken twice in a row.')
  }
}
