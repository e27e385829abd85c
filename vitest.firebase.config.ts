import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

/**
 * Every community-mode suite in tests/firebase against the whole Firebase emulator suite
 * (Auth, Firestore, Realtime Database, Storage with its rules): `npm run test:firebase`
 * (scripts/test-firebase.mjs), which first checks that the emulators answer. The parts that
 * need only Firestore, Auth and a rules-less Storage also run in `npm test`
 * (vitest.emulators.config.ts); the Realtime Database and Storage emulators' suites
 * (rules.test.ts, sdk-adapter.test.ts, contract.test.ts) run only here.
 */
export default defineConfig({
  // The backend contract (tests/firebase/contract.test.ts) runs main's code, which imports @shared.
  resolve: { alias: [{ find: '@shared', replacement: fileURLToPath(new URL('./src/shared', import.meta.url)) }] },
  test: {
    include: ['tests/firebase/**/*.test.ts'],
    environment: 'node',
    // One emulator suite shared by every file: never run files in parallel against it.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000
  }
})
