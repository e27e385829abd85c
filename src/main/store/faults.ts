/**
 * What can go wrong with the store file itself, as a typed error the layers above turn into
 * one Korean sentence (src/main/core/faults.ts) instead of an SQLite stack trace.
 *
 * - storeNotDatabase: the file is not SQLite (another program's file, garbage).
 * - storeNewer: a newer Magpie wrote it; this one must not touch it.
 * - dataDirUnusable: the folder cannot hold the store (a path under a file, no permission,
 *   read-only or full disk). `path` is the folder.
 * - storeDamaged: SQLite found damaged pages (at open, in the background check, or in a call);
 *   `backup` is the newest backup to restore from, when there is one.
 * - diskFull: a write ran out of space; the transaction was rolled back, nothing half-written.
 */
export type StoreFaultCode = 'storeNotDatabase' | 'storeNewer' | 'dataDirUnusable' | 'storeDamaged' | 'diskFull'

export class StoreFault extends Error {
  readonly code: StoreFaultCode
  readonly path: string
  readonly backup: string | null

  constructor(code: StoreFaultCode, path: string, options: { cause?: unknown; backup?: string | null } = {}) {
    super(`${code}: ${path}`, { cause: options.cause })
    this.name = 'StoreFault'
    this.code = code
    this.path = path
    this.backup = options.backup ?? null
  }
}

const sqliteCode = (error: unknown): string => {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'string' ? code : ''
}

/** SQLite's "database disk image is malformed" (and its extended codes). */
export const isCorrupt = (error: unknown): boolean => sqliteCode(error).startsWith('SQLITE_CORRUPT')

export const isNotDatabase = (error: unknown): boolean => sqliteCode(error) === 'SQLITE_NOTADB'

/** Out of space: SQLite's own code, or the file system's when Magpie writes a file. */
export const isDiskFull = (error: unknown): boolean => {
  const code = sqliteCode(error)
  return code.startsWith('SQLITE_FULL') || code === 'ENOSPC' || code === 'EDQUOT'
}

/** Another connection holds the lock this statement needs. */
export const isBusy = (error: unknown): boolean => {
  const code = sqliteCode(error)
  return code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')
}

/** The folder (or the files SQLite keeps beside the store) cannot be created or written. */
export const isUnwritable = (error: unknown): boolean => {
  const code = sqliteCode(error)
  return (
    code.startsWith('SQLITE_CANTOPEN') ||
    code.startsWith('SQLITE_READONLY') ||
    code.startsWith('SQLITE_IOERR') ||
    ['EACCES', 'EPERM', 'EROFS', 'ENOTDIR', 'EEXIST', 'ENOSPC', 'EDQUOT'].includes(code)
  )
}
