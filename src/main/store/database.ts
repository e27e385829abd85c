import Database from 'better-sqlite3'
import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { migrations } from './migrations'

export type Db = Database.Database

export type SynchronousMode = 'NORMAL' | 'FULL'

export interface OpenOptions {
  /** FULL makes each commit durable across power loss; NORMAL (WAL) only across app crashes. */
  synchronous?: SynchronousMode
  /**
   * The better-sqlite3 addon file to load instead of node_modules' own build: Electron passes its
   * separate build (docs/decisions/009-native-modules-per-runtime.md); Node leaves it unset.
   */
  nativeBinding?: string
}

/**
 * Opens (creating if needed) the store: WAL so readers never block the writer and two
 * app copies can share the file, foreign keys on, a busy timeout so a second process
 * waits for the lock instead of failing, then brings the schema up to date.
 */
export function openDatabase(file: string, options: OpenOptions = {}): Db {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true })
  const db = new Database(file, { nativeBinding: options.nativeBinding })
  db.pragma('journal_mode = WAL')
  db.pragma(`synchronous = ${options.synchronous ?? 'FULL'}`)
  db.pragma('foreign_keys = ON')
  db.pragma('busy_timeout = 5000')
  migrate(db)
  return db
}

export function migrate(db: Db): void {
  const version = () => db.pragma('user_version', { simple: true }) as number
  if (version() > migrations.length) {
    throw new Error(`store schema ${version()} is newer than this app (${migrations.length})`)
  }
  for (let next = version(); next < migrations.length; next++) {
    db.transaction(() => {
      // Read again under the write lock: another app copy starting at the same moment may have done it.
      if (version() > next) return
      db.exec(migrations[next]!)
      db.pragma(`user_version = ${next + 1}`)
    }).immediate()
  }
}
