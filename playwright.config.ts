import { defineConfig } from '@playwright/test'
import { E2E_EMULATOR_SUITES } from './tests/support/emulators/locate.mjs'

/**
 * End-to-end tests drive the real renderer in Debian's Chromium against the real main
 * code running in the browser harness (see tests/e2e/fixtures.ts). Every test has its own
 * harness, data folder and ports, so tests run one per worker side by side, a file's tests
 * spread over the workers (fullyParallel); a file whose tests share an emulator started in
 * `beforeAll` keeps them in one worker (`mode: 'default'`). Two workers by default, one per
 * core of the machine CI runs on: the suite's tests wait on the page and on other processes
 * for much of their time (docs/BENCHMARKS.md, "CI time"). MAGPIE_E2E_WORKERS sets another number.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  // scripts/test-all.mjs sets MAGPIE_EMULATORS=off where the Firestore emulator is missing, and names these as not run.
  testIgnore: process.env.MAGPIE_EMULATORS === 'off' ? E2E_EMULATOR_SUITES.map((suite) => suite.file.replace(/^tests\/e2e\//, '')) : [],
  fullyParallel: true,
  workers: Number(process.env.MAGPIE_E2E_WORKERS ?? 2),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    browserName: 'chromium',
    viewport: { width: 1200, height: 900 },
    locale: 'ko-KR',
    timezoneId: 'Asia/Seoul',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync'
      ]
    },
    trace: 'off',
    screenshot: 'only-on-failure'
  }
})
