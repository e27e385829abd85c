import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  resolve: {
    alias: [
      { find: '@shared', replacement: fileURLToPath(new URL('./src/shared', import.meta.url)) },
      { find: '@tests', replacement: fileURLToPath(new URL('./tests', import.meta.url)) },
      { find: '@', replacement: fileURLToPath(new URL('./src/renderer/src', import.meta.url)) },
      // Electron never runs under Vitest: the glue gets a recording double (docs/architecture.md §4).
      // Exact match only, so electron-vite and friends resolve as usual.
      { find: /^electron$/, replacement: fileURLToPath(new URL('./tests/support/electron-double.ts', import.meta.url)) },
      { find: /^electron-updater$/, replacement: fileURLToPath(new URL('./tests/support/electron-updater-double.ts', import.meta.url)) }
    ]
  },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts', 'tests/support/**/*.test.ts', 'tests/smoke/**/*.test.ts'],
    environment: 'node',
    // Vitest's default is one worker fewer than the cores: on a two-core CI machine, one worker and
    // an idle core. Files are independent (each its own store, temp folder and ports).
    maxWorkers: availableParallelism(),
    // jsdom's missing ResizeObserver and Testing Library's wait, for the renderer's tests that run in it (no-ops under node).
    setupFiles: ['tests/support/renderer/resize-observer.ts', 'tests/support/renderer/async-wait.ts'],
    // A test that hangs is still stopped; one slowed by a busy neighbour is not failed for it.
    testTimeout: 30_000,
    hookTimeout: 60_000
  }
})
