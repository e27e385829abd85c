import { existsSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { freePort, launch, onFreePort } from './emulators/process'

/**
 * The Firebase Auth emulator of firebase-tools@13 (a dev dependency; pure Node, no Java and no
 * download), started as a child process for tests: Vitest (`beforeAll`) and Playwright alike.
 *
 *   const emulator = await startAuthEmulator()
 *   connectFirebase(config, { auth: emulator.host })
 *   await emulator.stop()
 *
 * Each call gets its own ports and a temporary folder for the CLI's config and log, so several
 * test files (and several CI runs) can run emulators side by side. The CLI runs under the
 * emulators' watchdog (emulators/process.ts), which stops it as soon as this process goes away
 * and then deletes that folder, so a crashed or killed test run leaves no emulator behind. The
 * CLI is kept offline: no update check, no message of the day, no login lookups.
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

async function start(cli: string, projectId: string, authPort: number, timeoutMs: number): Promise<AuthEmulator> {
  const dir = await mkdtemp(join(tmpdir(), 'magpie-auth-emulator-'))
  const [hubPort, loggingPort] = [await freePort(), await freePort()]
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
  const running = await launch({
    name: 'The Firebase Auth emulator',
    command: process.execPath,
    args: [cli, 'emulators:start', '--only', 'auth', '--project', projectId],
    cwd: dir,
    env: cliEnvironment(join(dir, 'config')),
    host: `127.0.0.1:${authPort}`,
    ready: (host) => answers(host, projectId),
    timeoutMs,
    // SIGINT is the CLI's own clean shutdown.
    stopSignal: 'SIGINT',
    removeCwd: true
  }).catch(async (error: unknown) => {
    await rm(dir, { recursive: true, force: true }).catch(() => {})
    throw error
  })
  const host = running.host
  return {
    host,
    projectId,
    async reset() {
      const response = await fetch(`http://${host}/emulator/v1/projects/${projectId}/accounts`, { method: 'DELETE' })
      await response.body?.cancel()
      if (!response.ok) throw new Error(`Auth emulator: deleting accounts failed (HTTP ${response.status})`)
    },
    stop: () => running.stop().then(() => rm(dir, { recursive: true, force: true }).catch(() => {}))
  }
}

export async function startAuthEmulator(options: AuthEmulatorOptions = {}): Promise<AuthEmulator> {
  const projectId = options.projectId ?? DEFAULT_PROJECT
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const cli = firebaseCli()
  return onFreePort((port) => start(cli, projectId, port, timeoutMs))
}
