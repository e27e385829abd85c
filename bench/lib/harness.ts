import { spawn, type ChildProcess } from 'node:child_process'
import { join } from 'node:path'

export interface RunningHarness {
  url: string
  origin: string
  token: string
  pid: number
  stop(): Promise<void>
}

/**
 * The browser harness (src/harness/cli.ts) as its own process on a data folder, as the
 * end-to-end tests start it: Magpie's real main code in Node, the built renderer over HTTP.
 */
export async function startHarness(root: string, dataDir: string): Promise<RunningHarness> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/harness/cli.ts'], {
    cwd: root,
    env: { ...process.env, MAGPIE_DATA_DIR: dataDir, MAGPIE_PROFILE_DIR: join(dataDir, 'profile-harness') },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let output = ''
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`harness did not start:\n${output}`)), 60_000)
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
  return {
    url,
    origin: parsed.origin,
    token: parsed.searchParams.get('token')!,
    pid: child.pid!,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await exited
    }
  }
}
