import { cleanupTestApps, startApp, tempDir } from '../../../../tests/support/main/test-app'
import { backendContract } from '../../../../tests/support/main/contract-suite'

// Two clients share one data folder, each with its own profile: two app copies (two people) on one store.
backendContract('local store', async () => {
  const dataDir = await tempDir()
  return {
    async client() {
      const app = await startApp({ dataDir })
      // The store's watcher polls by itself; nothing is in flight to wait for.
      return { call: app.call, refused: app.refused, desktop: app.desktop, settle: async () => {} }
    },
    close: cleanupTestApps
  }
})
