import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { electronDriver } from './electron-driver'
import { runSmoke } from './run'

/**
 * `npm run smoke:desktop [-- --installed <executable>] [--out <folder>]`: the real app, on
 * throwaway profiles, walked through what only a real OS can show. Prints the report's folder.
 */
const usage = 'usage: npm run smoke:desktop [-- --installed <path to Magpie’s executable>] [--out <folder>]'
let values: { installed?: string; out?: string; help?: boolean }
try {
  values = parseArgs({ options: { installed: { type: 'string' }, out: { type: 'string' }, help: { type: 'boolean' } } }).values
} catch (error) {
  console.error(`${error instanceof Error ? error.message : String(error)}\n${usage}`)
  process.exit(2)
}
if (values.help) {
  console.log(usage)
  process.exit(0)
}

const stamp = new Date().toISOString().replace(/[:.]/g, '-')
const dir = resolve(values.out ?? join('smoke-report', stamp))
const work = mkdtempSync(join(tmpdir(), 'magpie-smoke-'))
const driver = electronDriver({ appDir: process.cwd(), installed: values.installed ? resolve(values.installed) : null })
console.log(`Magpie smoke run: ${driver.describe()}`)
try {
  const report = await runSmoke(driver, dir, work)
  const failed = report.steps.filter((step) => step.outcome === 'failed').length
  console.log(`\nReport: ${report.file}\nScreenshots: ${report.dir}`)
  process.exitCode = failed > 0 ? 1 : 0
} finally {
  rmSync(work, { recursive: true, force: true })
}
