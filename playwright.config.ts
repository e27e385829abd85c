import { defineConfig } from '@playwright/test'
import { E2E_EMULATOR_SUITES } from './tests/support/emulators/locate.mjs'

/**
 * End-to-end tests drive the real renderer in Debian's Chromium against the real main
 * code running in the browser harness (see tests/e2e/fixtures.ts). One worker: on two cores
 * a second one made starts and photo work time out under a busy neighbour (docs/BENCHMARKS.md,
 * "CI time"). Nothing is shared between files — each harness, emulator and photo folder takes a
 * free port or a fresh temporary folder — so `--workers=2` runs them side by side on a quiet machine.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  // scripts/test-all.mjs sets MAGPIE_EMULATORS=off where the Firestore emulator is missing, and names these as not run.
  testIgnore: process.env.MAGPIE_EMULATORS === 'off' ? E2E_EMULATOR_SUITES.map((suite) => suite.file.replace(/^tests\/e2e\//, '')) : [],
  workers: 1,
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
