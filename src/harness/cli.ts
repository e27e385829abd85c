import { join, resolve } from 'node:path'
import { loadSettings, SettingsError } from '../main/config/settings'
import { startingCommunity } from '../main/config/settings-file'
import { startupMessage } from '../main/core/faults'
import { StoreFault } from '../main/store/faults'
import { startHarness } from './server'

/**
 * `npm run dev:browser`: Magpie's main code in Node, the renderer in any browser.
 * MAGPIE_DATA_DIR / MAGPIE_PROFILE_DIR choose the folders (default ./.magpie-data),
 * MAGPIE_HARNESS_PORT the port (default: any free one); MAGPIE_FIREBASE_CONFIG and
 * MAGPIE_FIREBASE_EMULATORS as in the app.
 */
async function main(): Promise<void> {
  const settings = loadSettings(process.env, resolve('.magpie-data'))
  const port = process.env.MAGPIE_HARNESS_PORT ? Number(process.env.MAGPIE_HARNESS_PORT) : 0
  const profileDir = process.env.MAGPIE_PROFILE_DIR ? settings.profileDir : join(settings.dataDir, 'profile')
  const { community, managed } = startingCommunity({ ...settings, profileDir })
  const harness = await startHarness({
    dataDir: settings.dataDir,
    profileDir,
    community,
    managedCommunity: managed,
    emulators: settings.emulators ?? undefined,
    port,
    token: process.env.MAGPIE_HARNESS_TOKEN || undefined
  })
  console.log(`Magpie harness: ${harness.url}`)
  const stop = () => {
    void harness.close().finally(() => process.exit(0))
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}

main().catch((error: unknown) => {
  // One line a person can act on (a store fault names its path); the stack only for unknown errors.
  console.error(error instanceof SettingsError || error instanceof StoreFault ? startupMessage(error) : error)
  process.exit(1)
})
