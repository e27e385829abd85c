import Database from 'better-sqlite3'
import { mkdirSync, statSync } from 'node:fs'
import { dirname } from 'node:path'
import { backupBeforeMigration, latestBackup } from './backups'
import { isCorrupt, isDiskFull, isNotDatabase, isUnwritable, StoreFault } from './faults'
import { migrations } from './migrations'
import { lookAlikeKey } from './look-alike-key'
import { normalEmail } from '@shared/identity'
import { personKey } from './person-key'
import { searchText, tagsColumn } from '@shared/search-text'

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
  /**
   * How long one statement may wait for another connection's lock, blocking the thread (SQLite's
   * busy_timeout) once the store is open. Short, so main's event loop never stalls; writes are
   * tried again asynchronously instead (store.transaction, docs/decisions/013-lock-waits.md).
   */
  busyTimeoutMs?: number
  /** How long, in total, a write waits for another copy's lock before it is refused. */
  lockWaitMs?: number
}

/** Opening and migrating may wait this long for another copy: nothing answers calls before the store is open. */
export const openBusyTimeoutMs = 5000
/** A few ms, so a read that meets a checkpoint's brief lock still answers, while a held write lock never stalls main. */
export const busyTimeoutMs = 10
/** Longer than any write another copy holds the lock for in practice, short enough that the person is told. */
export const lockWaitMs = 10_000

/**
 * Stores up to this size get PRAGMA quick_check before anything is written: it reads every
 * page, about 5.8 ms per MiB here (3.3 s for a 100k-post store of 572 MiB), so 16 MiB costs
 * under 0.1 s at start. Bigger ones are checked in a worker after start (store.checkInBackground).
 */
export const quickCheckAtOpenMaxBytes = 16 * 1024 * 1024

/** Whether openDatabase checks this file itself (small enough), or leaves it to the background. */
export const checkedAtOpen = (file: string): boolean => file === ':memory:' || sizeOf(file) <= quickCheckAtOpenMaxBytes

const sizeOf = (file: string): number => {
  try {
    return statSync(file).size
  } catch {
    return 0
  }
}

/** Any failure while opening, as the fault the user is told about; unknown errors pass unchanged. */
export function openFault(error: unknown, file: string): unknown {
  if (error instanceof StoreFault) return error
  if (isNotDatabase(error)) return new StoreFault('storeNotDatabase', file, { cause: error })
  if (isCorrupt(error)) return new StoreFault('storeDamaged', file, { cause: error, backup: latestBackup(file) })
  if (isUnwritable(error) || isDiskFull(error)) return new StoreFault('dataDirUnusable', dirname(file), { cause: error })
  return error
}

/**
 * Opens (creating if needed) the store: WAL so readers never block the writer and two
 * app copies can share the file, foreign keys on, then brings the schema up to date (waiting
 * for another copy's lock if need be). Once open, a statement waits only a few ms for a lock
 * (`busyTimeoutMs`): longer waits are store.transaction's, off the event loop.
 *
 * Nothing is written before the file is known to be sound: a file that is not SQLite, one
 * from a newer Magpie, or one with damaged pages is refused as a StoreFault and left
 * exactly as it was. An existing store is backed up before a migration changes it.
 */
export function openDatabase(file: string, options: OpenOptions = {}): Db {
  if (file === ':memory:') {
    const db = configure(new Database(file, { nativeBinding: options.nativeBinding }), options)
    migrate(db)
    return opened(db, options)
  }
  try {
    mkdirSync(dirname(file), { recursive: true })
  } catch (error) {
    throw new StoreFault('dataDirUnusable', dirname(file), { cause: error })
  }
  const existing = sizeOf(file) > 0
  let db: Db
  try {
    db = new Database(file, { nativeBinding: options.nativeBinding })
  } catch (error) {
    throw openFault(error, file)
  }
  try {
    // Read-only checks first: they are what stand between a bad file and the first write.
    const version = db.pragma('user_version', { simple: true }) as number
    if (version > migrations.length) throw new StoreFault('storeNewer', file)
    // Another program's SQLite file: Magpie's own stores have a version from their first migration on.
    if (version === 0 && db.prepare('SELECT 1 FROM sqlite_master LIMIT 1').get()) throw new StoreFault('storeNotDatabase', file)
    if (existing && checkedAtOpen(file)) quickCheck(db, file)
    configure(db, options)
    if (existing && version < migrations.length) backupBeforeMigration(db, file)
    migrate(db)
    return opened(db, options)
  } catch (error) {
    db.close()
    throw openFault(error, file)
  }
}

function configure(db: Db, options: OpenOptions): Db {
  // Before any migration or write: the triggers call them.
  db.function('look_alike_key', { deterministic: true }, (nickname: unknown) => (typeof nickname === 'string' ? lookAlikeKey(nickname) : null))
  db.function('normal_email', { deterministic: true }, (email: unknown) => (typeof email === 'string' ? normalEmail(email) : email))
  db.function('person_key', { deterministic: true }, (email: unknown) => (typeof email === 'string' ? personKey(email) : null))
  // The search index's triggers call these; people are found by search_text(nickname).
  db.function('search_text', { deterministic: true }, (text: unknown) => (typeof text === 'string' ? searchText(text) : ''))
  db.function('search_tags', { deterministic: true }, (text: unknown) => (typeof text === 'string' ? tagsColumn(text) : ''))
  db.pragma('journal_mode = WAL')
  db.pragma(`synchronous = ${options.synchronous ?? 'FULL'}`)
  db.pragma('foreign_keys = ON')
  db.pragma(`busy_timeout = ${openBusyTimeoutMs}`)
  return db
}

function opened(db: Db, options: OpenOptions): Db {
  db.pragma(`busy_timeout = ${options.busyTimeoutMs ?? busyTimeoutMs}`)
  return db
}

/** Throws storeDamaged unless SQLite's quick check passes (every page read, indexes against tables). */
export function quickCheck(db: Db, file: string): void {
  const result = db.pragma('quick_check(1)', { simple: true })
  if (result !== 'ok') throw new StoreFault('storeDamaged', file, { backup: latestBackup(file), cause: new Error(String(result)) })
}

export function migrate(db: Db): void {
  const version = () => db.pragma('user_version', { simple: true }) as number
  if (version() > migrations.length) throw new StoreFault('storeNewer', db.name)
  for (let next = version(); next < migrations.length; next++) {
    db.transaction(() => {
      // Read again under the write lock: another app copy starting at the same moment may have done it.
      if (version() > next) return
      db.exec(migrations[next]!)
      db.pragma(`user_version = ${next + 1}`)
    }).immediate()
  }
}
