import { mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import type Database from 'better-sqlite3'

/**
 * Copies of the store in `<data>/backups/`: daily while the app runs and before each
 * migration. Each is written under a temporary name and renamed when complete, so a crash
 * or kill -9 mid-backup leaves the store (only read) and every earlier backup as they were;
 * the leftover temporary file is removed by the next backup. Restoring is a file copy
 * (README "Backups and recovery").
 */
export const backupPolicy = {
  /** Backups kept, newest first. */
  keep: 5,
  /** Older backups go once the kept ones add up to more than this (the newest always stays). */
  maxTotalBytes: 2 * 1024 ** 3,
  /** A new daily backup once the newest is this old. */
  intervalMs: 24 * 60 * 60 * 1000,
  /** Pages copied per step of the online backup: main answers calls between steps. */
  pagesPerStep: 256
}

const finished = /-(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})-(\d{3})(?:-before-migration)?\.db$/
/** A backup being written: the copy under its writer's pid, and SQLite's files beside it (its rollback journal). */
const partial = /\.db\.(\d+)\.tmp(?:-journal|-wal|-shm)?$/

export function backupDir(storeFile: string): string {
  return join(dirname(storeFile), 'backups')
}

function stamp(time: number): string {
  const iso = new Date(time).toISOString() // 2026-11-24T04:07:31.123Z
  return `${iso.slice(0, 10).replaceAll('-', '')}-${iso.slice(11, 19).replaceAll(':', '')}-${iso.slice(20, 23)}`
}

/** Finished backups, newest first, with their sizes and times. */
export function listBackups(storeFile: string): { file: string; bytes: number; time: number }[] {
  const dir = backupDir(storeFile)
  let names: string[]
  try {
    names = readdirSync(dir)
  } catch {
    return []
  }
  const prefix = `${basename(storeFile, '.db')}-`
  return names
    .flatMap((name) => {
      const parts = name.startsWith(prefix) ? finished.exec(name) : null
      if (!parts) return []
      const [, y, mo, d, h, mi, s, ms] = parts
      const file = join(dir, name)
      return [{ file, bytes: statSync(file).size, time: Date.parse(`${y}-${mo}-${d}T${h}:${mi}:${s}.${ms}Z`) }]
    })
    .sort((a, b) => b.time - a.time)
}

/** The backup to name in a "restore from" message. */
export function latestBackup(storeFile: string): string | null {
  try {
    return listBackups(storeFile)[0]?.file ?? null
  } catch {
    return null
  }
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0)
    return pid !== 0
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * Drops the temporary files of backups that no process is writing: their process is gone, or
 * they are a day old (a killed backup's pid may belong to another process by now).
 */
function pruneTemporary(storeFile: string, time: number): void {
  const dir = backupDir(storeFile)
  let names: string[]
  try {
    names = readdirSync(dir)
  } catch {
    return
  }
  for (const name of names) {
    const pid = partial.exec(name)?.[1]
    if (!pid) continue
    const file = join(dir, name)
    try {
      if (!alive(Number(pid)) || time - statSync(file).mtimeMs >= backupPolicy.intervalMs) rmSync(file, { force: true })
    } catch {
      // Gone meanwhile.
    }
  }
}

/** Drops temporary files no backup is writing, then backups beyond the policy. */
function prune(storeFile: string): void {
  pruneTemporary(storeFile, Date.now())
  let total = 0
  listBackups(storeFile).forEach((backup, index) => {
    total += backup.bytes
    if (index > 0 && (index >= backupPolicy.keep || total > backupPolicy.maxTotalBytes)) rmSync(backup.file, { force: true })
  })
}

function names(storeFile: string, time: number, reason: string) {
  const dir = backupDir(storeFile)
  mkdirSync(dir, { recursive: true })
  const file = join(dir, `${basename(storeFile, '.db')}-${stamp(time)}${reason ? `-${reason}` : ''}.db`)
  return { file, temp: `${file}.${process.pid}.tmp` }
}

/** The online backup API: a consistent copy while the app keeps reading and writing. */
export async function backupNow(db: Database.Database, storeFile: string, time = Date.now()): Promise<string> {
  const { file, temp } = names(storeFile, time, '')
  try {
    await db.backup(temp, { progress: () => backupPolicy.pagesPerStep })
    renameSync(temp, file)
  } catch (error) {
    rmSync(temp, { force: true })
    throw error
  }
  prune(storeFile)
  return file
}

/** A daily backup when the newest is a day old (or there is none). */
export async function backupIfDue(db: Database.Database, storeFile: string, time = Date.now()): Promise<string | null> {
  // Left by a backup that was killed: cleared even on a day with no backup due.
  pruneTemporary(storeFile, Date.now())
  const newest = listBackups(storeFile)[0]
  if (newest && time - newest.time < backupPolicy.intervalMs) return null
  return backupNow(db, storeFile, time)
}

/**
 * Before a migration, at open (synchronous, like the migration after it): VACUUM INTO
 * writes a consistent, compacted copy; the online API is asynchronous and start-up is not.
 */
export function backupBeforeMigration(db: Database.Database, storeFile: string, time = Date.now()): string {
  const { file, temp } = names(storeFile, time, 'before-migration')
  try {
    db.prepare('VACUUM INTO ?').run(temp)
    renameSync(temp, file)
  } catch (error) {
    rmSync(temp, { force: true })
    throw error
  }
  prune(storeFile)
  return file
}
