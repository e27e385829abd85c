import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'
import { EMULATOR_SUITES, EVALUATOR_SUITES } from './tests/support/emulators/locate.mjs'

/**
 * `npm test`'s community-mode run on real emulators (scripts/test-all.mjs runs it after the
 * unit tests): the Firestore emulator (apt package google-cloud-cli-firestore-emulator), the
 * Auth emulator and the Storage emulator without rules (firebase-tools), each started once by
 * the globalSetup on free ports and stopped afterwards; plus the Realtime Database rules
 * evaluator (targaryen), which needs no emulator.
 *
 * MAGPIE_EMULATORS=off runs the evaluator alone (test-all.mjs sets it where the Firestore
 * emulator is missing, and then reports the suites that did not run).
 * Everything, on the whole emulator suite: `npm run test:firebase`.
 */
const withEmulators = process.env.MAGPIE_EMULATORS !== 'off'

export default defineConfig({
  resolve: { alias: [{ find: '@shared', replacement: fileURLToPath(new URL('./src/shared', import.meta.url)) }] },
  test: {
    include: [...EVALUATOR_SUITES, ...(withEmulators ? EMULATOR_SUITES.map((suite) => suite.file) : [])],
    environment: 'node',
    globalSetup: withEmulators ? ['tests/support/emulators/global-setup.ts'] : [],
    setupFiles: withEmulators ? ['tests/support/emulators/set-env.ts'] : [],
    // One set of emulators shared by every file: never run files in parallel against it.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 180_000
  }
})
