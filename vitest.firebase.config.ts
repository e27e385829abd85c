import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

/**
 * Security rules tests against the Firebase emulators (Firestore, Realtime Database,
 * Storage). Not part of `npm test` / `.ci/run`: run them with `npm run test:firebase`
 * (scripts/test-firebase.mjs), which first checks that the emulators answer.
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
