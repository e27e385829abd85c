import { join } from 'node:path'
import { spawnHarness, type SpawnedHarness } from '../../src/harness/spawn'

export type RunningHarness = SpawnedHarness

/** A harness on a bench data folder, with its own profile in it. */
export function startHarness(root: string, dataDir: string): Promise<RunningHarness> {
  return spawnHarness({
    cwd: root,
    env: { MAGPIE_DATA_DIR: dataDir, MAGPIE_PROFILE_DIR: join(dataDir, 'profile-harness') },
    startTimeoutMs: 60_000
  })
}
