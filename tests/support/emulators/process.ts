import { spawn, type ChildProcess } from 'node:child_process'
import { createServer, type Socket } from 'node:net'

/**
 * An emulator as a child process for tests: started in its own process group under a small
 * watchdog, and gone with everything it started (a launcher script and its JVM, say) when
 * stop() is called, when this process exits, or when it is killed or interrupted (Ctrl-C):
 * the watchdog reads this process's end of a pipe and, once it closes, ends its whole group.
 * Once it answers, it no longer keeps this process alive.
 */

export interface EmulatorProcess {
  /** host:port, as the *_EMULATOR_HOST variables take it. */
  host: string
  stop(): Promise<void>
}

export interface LaunchOptions {
  /** For messages: "the Firestore emulator". */
  name: string
  command: string
  args: string[]
  env?: NodeJS.ProcessEnv
  cwd?: string
  host: string
  /** Resolves true once the emulator serves requests. */
  ready(host: string): Promise<boolean>
  /** How long to wait for it (the machine may be slow and shared). */
  timeoutMs: number
  /** The signal that asks it to stop cleanly (the Firebase CLI's is SIGINT); SIGTERM by default. */
  stopSignal?: 'SIGINT' | 'SIGTERM'
  /** The watchdog deletes cwd (a temporary folder) once the emulator has exited, which a killed parent could not. */
  removeCwd?: boolean
}

const STOP_GRACE_MS = 8_000
const OUTPUT_LINES = 60

/**
 * The watchdog (run with `node -e … stopSignal removeCwd command ...args`): starts the command
 * in its own process group — the one this watchdog leads — and ends that group on the stop
 * signal, then SIGTERM and SIGKILL if it lingers.
 */
const WATCHDOG = `
const { spawn } = require('node:child_process')
const { rmSync } = require('node:fs')
const { tmpdir } = require('node:os')
const [stopSignal, removeCwd, command, ...args] = process.argv.slice(1)
const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'inherit'] })
let stopping = false
const stop = () => {
  if (stopping) return
  stopping = true
  try { child.kill(stopSignal) } catch {}
  // A launcher script does not pass signals on to the JVM it started: end the whole group.
  setTimeout(() => { try { process.kill(-process.pid, 'SIGTERM') } catch {} }, 500).unref()
  setTimeout(() => { try { process.kill(-process.pid, 'SIGKILL') } catch {} }, ${STOP_GRACE_MS - 2_000}).unref()
}
process.stdin.on('end', stop)
process.stdin.on('close', stop)
process.stdin.on('error', stop)
process.stdin.resume()
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
child.on('error', (error) => { console.error(String(error)); process.exit(127) })
child.on('exit', (code, signal) => {
  // Said here: the group kill below ends this watchdog by a signal, hiding the code.
  if (!stopping) console.error('[' + command + ' exited: ' + (code ?? signal) + ']')
  if (removeCwd === 'true') {
    const dir = process.cwd()
    try {
      process.chdir(tmpdir())
      rmSync(dir, { recursive: true, force: true })
    } catch {}
  }
  // Anything the launcher left behind in the group goes too.
  try { process.kill(-process.pid, 'SIGKILL') } catch {}
  process.exit(code ?? (signal ? 1 : 0))
})
`

export function freePort(): Promise<number> {
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

/** True once GET url answers with a status in 200..499. */
export async function answersHttp(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) })
    await response.body?.cancel()
    return response.status < 500
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
}

const ended = (child: ChildProcess): boolean => child.exitCode !== null || child.signalCode !== null

async function terminate(child: ChildProcess): Promise<void> {
  if (ended(child)) return
  const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()))
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

/** A free port can be taken between choosing it and the emulator binding it: one more try, on another port. */
export async function onFreePort<T>(start: (port: number) => Promise<T>): Promise<T> {
  try {
    return await start(await freePort())
  } catch (error) {
    if (!/address already in use|BindException|EADDRINUSE|port .*(taken|in use)/i.test(String(error))) throw error
    return start(await freePort())
  }
}

export async function launch(options: LaunchOptions): Promise<EmulatorProcess> {
  const watchdogArgs = [options.stopSignal ?? 'SIGTERM', String(options.removeCwd ?? false), options.command, ...options.args]
  const child = spawn(process.execPath, ['-e', WATCHDOG, ...watchdogArgs], {
    cwd: options.cwd,
    env: options.env ?? process.env,
    stdio: ['pipe', 'pipe', 'pipe'],
    // Its own process group: the terminal's Ctrl-C reaches this process, whose exit ends the group.
    detached: process.platform !== 'win32',
    windowsHide: true
  })
  const output = new Output()
  child.stdout?.on('data', (chunk: Buffer) => output.add(chunk))
  child.stderr?.on('data', (chunk: Buffer) => output.add(chunk))
  child.stdin?.on('error', () => {})
  let spawnError: Error | null = null
  child.once('error', (error) => {
    spawnError = error
  })

  let stopped: Promise<void> | null = null
  const stop = (): Promise<void> => (stopped ??= terminate(child))

  const deadline = Date.now() + options.timeoutMs
  for (;;) {
    if (await options.ready(options.host)) break
    if (spawnError !== null || ended(child) || Date.now() > deadline) {
      // Said before stopping it: once stopped, a slow start would read as "exited (code SIGKILL)".
      const why = spawnError
        ? `could not run ${process.execPath}: ${(spawnError as Error).message}`
        : ended(child)
          ? `it exited (code ${child.exitCode ?? child.signalCode})`
          : `it did not answer at ${options.host} within ${Math.round(options.timeoutMs / 1000)} s`
      await stop()
      throw new Error(`${options.name} did not start: ${why}.\nIts output:\n${output.toString() || '    (none)'}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  // From here on the emulator must not keep this process alive, nor outlive it.
  child.unref()
  for (const pipe of [child.stdin, child.stdout, child.stderr]) (pipe as unknown as Partial<Socket> | null)?.unref?.()
  return { host: options.host, stop }
}
