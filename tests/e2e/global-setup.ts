import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { bundleHarness } from '../../src/harness/bundle'

/**
 * Builds the harness once for the run; every test's harness (fixtures.ts) starts from it. Seeded
 * stores are made once per run too, in a folder every worker shares (fixtures.ts, seededStore).
 */
export default async function globalSetup(): Promise<() => void> {
  const root = resolve(import.meta.dirname, '../..')
  rmSync(resolve(root, 'out/harness'), { recursive: true, force: true })
  // Workers inherit the runner's environment (Playwright: "pass data from global setup via process.env").
  process.env.MAGPIE_HARNESS_BUNDLE = await bundleHarness(root)
  const seeds = mkdtempSync(join(tmpdir(), 'magpie-seeded-'))
  process.env.MAGPIE_SEED_CACHE = seeds
  return () => rmSync(seeds, { recursive: true, force: true })
}
