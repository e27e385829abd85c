import { spawn } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { chromiumFlags } from './browser'
import { chromiumPath } from './machine'

export interface LighthouseResult {
  score: number
  lcp: number
  cls: number
  tbt: number
  fcp: number
  warnings: string[]
}

/**
 * One Lighthouse run (the npm `lighthouse` CLI) on a URL with Debian's Chromium, headless,
 * with the end-to-end tests' flags: desktop preset, performance only. Everything is on
 * 127.0.0.1, so it needs no network.
 */
export async function lighthouse(root: string, url: string, outFile: string): Promise<LighthouseResult> {
  const args = [
    join(root, 'node_modules/lighthouse/cli/index.js'),
    url,
    '--quiet',
    '--preset=desktop',
    '--only-categories=performance',
    '--output=json',
    `--output-path=${outFile}`,
    `--chrome-flags=--headless=new ${chromiumFlags.join(' ')}`
  ]
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, CHROME_PATH: chromiumPath }, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
  if (code !== 0) throw new Error(`lighthouse exited ${code}: ${output.slice(-2000)}`)
  const report = JSON.parse(await readFile(outFile, 'utf8')) as {
    categories: { performance: { score: number | null } }
    audits: Record<string, { numericValue?: number }>
    runtimeError?: { message: string }
    runWarnings?: string[]
  }
  if (report.runtimeError) throw new Error(`lighthouse: ${report.runtimeError.message}`)
  const audit = (id: string) => report.audits[id]?.numericValue ?? NaN
  return {
    score: Math.round((report.categories.performance.score ?? NaN) * 100),
    lcp: audit('largest-contentful-paint'),
    cls: audit('cumulative-layout-shift'),
    tbt: audit('total-blocking-time'),
    fcp: audit('first-contentful-paint'),
    warnings: report.runWarnings ?? []
  }
}
