import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createHarnessShell } from '../../harness/harness-shell'
import { createRecordingDesktop } from '../../harness/recording-desktop'
import { createMagpie } from '../app/create-magpie'
import { openCommunityBackend } from '../backends/community/backend'
import type { FirebasePorts } from '../firebase/ports'
import { openDatabase } from './database'

// Electron passes its own better-sqlite3 build as `nativeBinding` (docs/decisions/009); here a
// copy of Node's build stands in for it, and a missing file shows the option reaches better-sqlite3.
const require = createRequire(import.meta.url)
const nodeBuild = path.join(path.dirname(require.resolve('better-sqlite3/package.json')), 'build', 'Release', 'better_sqlite3.node')

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})
function temp(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'magpie-binding-'))
  dirs.push(dir)
  return dir
}

describe('openDatabase nativeBinding', () => {
  it('loads the addon from the given file', () => {
    const addon = path.join(temp(), 'electron-build', 'better_sqlite3.node')
    mkdirSync(path.dirname(addon))
    copyFileSync(nodeBuild, addon)
    const db = openDatabase(path.join(temp(), 'magpie.db'), { nativeBinding: addon })
    expect(require.cache[addon]).toBeDefined()
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal')
    db.close()
  })

  it('never falls back to node_modules build when the given file is missing', () => {
    const missing = path.join(temp(), 'nowhere', 'better_sqlite3.node')
    expect(() => openDatabase(path.join(temp(), 'magpie.db'), { nativeBinding: missing })).toThrow(missing)
  })
})

describe('createMagpie nativeBinding', () => {
  const missing = () => path.join(temp(), 'nowhere', 'better_sqlite3.node')

  it('opens the local store with it', async () => {
    const binding = missing()
    await expect(
      createMagpie({
        dataDir: temp(),
        profileDir: temp(),
        desktop: createRecordingDesktop().port,
        shell: createHarnessShell(temp(), () => {}).port,
        emit: () => {},
        mediaUrl: (file) => file,
        nativeBinding: binding
      })
    ).rejects.toThrow(binding)
  })

  it("opens a community's mirror store with it", () => {
    const binding = missing()
    const ports = { config: { projectId: 'demo-magpie' }, auth: {}, docs: {}, alerts: {} } as unknown as FirebasePorts
    expect(() =>
      openCommunityBackend({
        ports,
        dataDir: temp(),
        profileDir: temp(),
        desktop: createRecordingDesktop().port,
        emit: () => {},
        mediaUrl: (file) => file,
        scrypt: { N: 1024, r: 8, p: 1 },
        now: Date.now,
        nativeBinding: binding
      })
    ).toThrow(binding)
  })
})
