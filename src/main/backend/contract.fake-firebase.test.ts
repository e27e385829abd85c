import { cleanupTestApps } from '../testing/test-app'
import { cleanupCommunityApps, startCommunityApp } from './community/testing'
import { backendContract } from './contract'
import { createFakeFirebase } from './firebase/fake-firebase'

// Each client is one person's app copy (its own data and profile folders) on one shared project.
backendContract('community on the fake Firebase', async () => {
  const fake = createFakeFirebase()
  return {
    client: () => startCommunityApp(fake),
    async close() {
      await cleanupCommunityApps()
      await cleanupTestApps()
    }
  }
})
