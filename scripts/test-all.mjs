// `npm test`: builds the app, runs Vitest (main, shared, renderer units) and Playwright
// (the renderer in Chromium through the browser harness), and prints the summed total as
// the last line: "N passed, N failed". Exits non-zero when anything failed.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync } from 'node:fs'

const run = (command, args, extraEnv = {}) =>
  spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...extraEnv }, shell: process.platform === 'win32' })

mkdirSync('test-results', { recursive: true })
let passed = 0
let failed = 0
let broken = false

const build = run('npx', ['electron-vite', 'build'])
if (build.status !== 0) broken = true

const vitest = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile=test-results/vitest.json'])
if (existsSync('test-results/vitest.json')) {
  const report = JSON.parse(readFileSync('test-results/vitest.json', 'utf8'))
  passed += report.numPassedTests
  failed += report.numFailedTests
  // A file that fails to load fails no single test: count it so it cannot pass silently.
  if (!report.success && report.numFailedTests === 0) failed += 1
} else if (vitest.status !== 0) broken = true

if (!broken) {
  const playwright = run('npx', ['playwright', 'test'])
  if (existsSync('test-results/e2e.json')) {
    const report = JSON.parse(readFileSync('test-results/e2e.json', 'utf8'))
    passed += report.stats.expected
    failed += report.stats.unexpected + report.stats.flaky
  } else if (playwright.status !== 0) broken = true
}

if (broken) failed += 1
console.log(`${passed} passed, ${failed} failed`)
process.exit(failed > 0 ? 1 : 0)
