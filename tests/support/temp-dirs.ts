import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** Fresh temporary folders for one test file; removeAll (in afterEach) deletes every one made. */
export function tempDirs(prefix: string): { make(): string; removeAll(): void } {
  const made: string[] = []
  return {
    make() {
      const dir = mkdtempSync(join(tmpdir(), prefix))
      made.push(dir)
      return dir
    },
    removeAll() {
      for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true })
    }
  }
}
