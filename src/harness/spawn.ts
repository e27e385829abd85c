import { spawn, type ChildProcess } from 'node:child_process'

export interface SpawnedHarness {
  url: string
  origin: string
  token: string
  pid: number
  /** The exit code once the process has ended (null: ended by a signal). */
  exited: Promise<number | null>
  /** SIGTERM, then SIGKILL if it has not exited within 5 s: a stuck harness must not hang a run. */
  stop(): Promise<void>
}

/**
 * The browser harness (src/harness/cli.ts) as its own process, as the end-to-end tests and
 * the benchmarks start it: Magpie's real main code in Node, the built renderer over HTTP.
 * Resolves once it prints its address.
 */
export async function spawnHarness(options: {
  cwd?: string
  /** A built harness (bundle.ts) to start with plain Node; without it, src/harness/cli.ts through tsx. */
  bundle?: string
  env: Record<string, string | undefined>
  startTimeoutMs?: number
}): Promise<SpawnedHarness> {
  const entry = options.bundle ? ['--enable-source-maps', options.bundle] : ['--import', 'tsx', 'src/harness/cli.ts']
  const child: ChildProcess = spawn(process.execPath, entry, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let output = ''
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`harness did not start:\n${output}`)), options.startTimeoutMs ?? 30_000)
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const match = /Magpie harness: (\S+)/.exec(output)
      if (match) {
        clearTimeout(timer)
        resolve(match[1]!)
      }
    })
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`harness exited (${code}):\n${output}`))
    })
  })
  const parsed = new URL(url)
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  return {
    url,
    origin: parsed.origin,
    token: parsed.searchParams.get('token')!,
    pid: child.pid!,
    exited,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000)
      await exited
      clearTimeout(timer)
    }
  }
}
