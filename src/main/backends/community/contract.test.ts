import { cleanupTestApps } from '../../../../tests/support/main/test-app'
import { cleanupCommunityApps, startCommunityApp } from '../../../../tests/support/main/community-app'
import { backendContract } from '../../../../tests/support/main/contract-suite'
import { createFakeFirebase } from '../../../../tests/support/fake-firebase/fake-firebase'

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
