// `npm test`: builds the app (unless MAGPIE_BUILT=1: .ci/run has just built it), runs Vitest (main, shared, renderer units), the community-mode
// suites on real emulators (vitest.emulators.config.ts: Firestore, Auth, Storage without rules;
// the Realtime Database rules through targaryen) and Playwright (the renderer in Chromium
// through the browser harness), and prints the summed total as the last line:
// "N passed, N failed". Exits non-zero when anything failed.
//
// Without the Cloud Firestore emulator (apt package google-cloud-cli-firestore-emulator) the
// emulator suites cannot run: the lines before the total name them and say how to get it, and
// each counts as one failure — in CI always, on a contributor's machine unless
// MAGPIE_SKIP_EMULATORS=1 is set (then they are reported as skipped, still by name).
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { E2E_EMULATOR_SUITES, EMULATOR_SUITES, FIRESTORE_EMULATOR_PACKAGE, locateFirestoreEmulator } from '../tests/support/emulators/locate.mjs'

const run = (command, args, extraEnv = {}) =>
  spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...extraEnv }, shell: process.platform === 'win32' })

mkdirSync('test-results', { recursive: true })
let passed = 0
let failed = 0
let broken = false
/** Said again just before the total, so it cannot scroll away. */
const notices = []

/**
 * Runs Vitest with a JSON report and adds its counts. Resolves to how many tests ran, or null
 * when it produced no report.
 */
function vitest(args, report, extraEnv = {}) {
  rmSync(report, { force: true })
  const result = run('npx', ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile=${report}`], extraEnv)
  if (!existsSync(report)) return result.status === 0 ? 0 : null
  const counts = JSON.parse(readFileSync(report, 'utf8'))
  passed += counts.numPassedTests
  failed += counts.numFailedTests
  // A file that fails to load (or a globalSetup that fails) fails no single test: count it so it cannot pass silently.
  if (!counts.success && counts.numFailedTests === 0) failed += 1
  return counts.numTotalTests
}

// .ci/run has built out/ already (MAGPIE_BUILT=1 once its build step passed): build once per run.
if (process.env.MAGPIE_BUILT !== '1' && run('npx', ['electron-vite', 'build']).status !== 0) broken = true

if (vitest([], 'test-results/vitest.json') === null) broken = true

const emulator = locateFirestoreEmulator()
if (emulator.launcher) {
  const ran = vitest(['-c', 'vitest.emulators.config.ts'], 'test-results/vitest-emulators.json')
  if (!ran) {
    // Nothing ran: the emulators did not start (the error is in the output above).
    failed += EMULATOR_SUITES.length
    notices.push(
      `NOT RUN, counted as failed: the emulator run (vitest.emulators.config.ts) ran no test — the emulators did not start (${emulator.launcher}); see its error above. These suites did not run:`,
      ...EMULATOR_SUITES.map((suite) => `  - ${suite.file} (${suite.proves}; ${suite.on})`)
    )
  }
} else {
  // The Realtime Database rules evaluator needs no emulator: it runs anyway.
  vitest(['-c', 'vitest.emulators.config.ts'], 'test-results/vitest-emulators.json', { MAGPIE_EMULATORS: 'off' })
  const skipAllowed = process.env.MAGPIE_SKIP_EMULATORS === '1' && process.env.CI !== 'true'
  const notRun = [...EMULATOR_SUITES, ...E2E_EMULATOR_SUITES]
  if (!skipAllowed) failed += notRun.length
  notices.push(
    `${skipAllowed ? 'SKIPPED (MAGPIE_SKIP_EMULATORS=1)' : 'NOT RUN, counted as failed'}: the emulator run needs the Cloud Firestore emulator, and ${emulator.missing}`,
    `  These ${notRun.length} community-mode suites did not run:`,
    ...notRun.map((suite) => `  - ${suite.file} (${suite.proves}; ${suite.on})`),
    `  Get it: sudo apt-get install ${FIRESTORE_EMULATOR_PACKAGE} openjdk-17-jre-headless (Google Cloud's apt repository), then run npm test again.`,
    ...(skipAllowed || process.env.CI === 'true' ? [] : ['  To run the rest without them for now: MAGPIE_SKIP_EMULATORS=1 npm test (they are still listed here).'])
  )
}

if (!broken) {
  rmSync('test-results/e2e.json', { force: true })
  // Without the Firestore emulator the specs that need it are left out (and reported above).
  const playwright = run('npx', ['playwright', 'test'], emulator.launcher ? {} : { MAGPIE_EMULATORS: 'off' })
  if (existsSync('test-results/e2e.json')) {
    const report = JSON.parse(readFileSync('test-results/e2e.json', 'utf8'))
    passed += report.stats.expected
    failed += report.stats.unexpected + report.stats.flaky
  } else if (playwright.status !== 0) broken = true
}

if (broken) failed += 1
for (const line of notices) console.log(line)
console.log(`${passed} passed, ${failed} failed`)
process.exit(failed > 0 ? 1 : 0)
