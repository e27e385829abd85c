import type { App } from 'electron'
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'

/** A process that ended abnormally while main ran: what 문제 보고 names beside the last minidump. */
export interface CrashRecord {
  at: number
  /** 'renderer', or a child's type as Electron gives it ('GPU', 'Utility (Network Service)', …). */
  process: string
  reason: string
  exitCode: number
}

/** Enough to see a pattern; the file stays a few kilobytes. */
export const keptCrashRecords = 20

/**
 * Reasons a process ends for that leave a minidump or point to a fault: not 'clean-exit', nor
 * 'killed' or 'memory-eviction' (the OS or the person ended it) (electron.d.ts Details.reason).
 */
const faults = new Set(['crashed', 'oom', 'abnormal-exit', 'launch-failed', 'integrity-failure'])

export const crashRecordsFile = (profileDir: string) => join(profileDir, 'logs', 'crashes.json')

/** The records kept; a missing or damaged file is none, never a failure. */
export function readCrashRecords(file: string): CrashRecord[] {
  try {
    const saved: unknown = JSON.parse(readFileSync(file, 'utf8'))
    if (!Array.isArray(saved)) return []
    return saved.filter(
      (r): r is CrashRecord =>
        typeof r === 'object' && r !== null && Number.isFinite(r.at) && typeof r.process === 'string' && typeof r.reason === 'string' && Number.isFinite(r.exitCode)
    )
  } catch {
    return []
  }
}

function add(file: string, record: CrashRecord): void {
  const records = [...readCrashRecords(file), record].slice(-keptCrashRecords)
  mkdirSync(dirname(file), { recursive: true })
  // Written whole and renamed: a crash of main itself right now never leaves half a file.
  writeFileSync(`${file}.part`, JSON.stringify(records, null, 2) + '\n')
  renameSync(`${file}.part`, file)
}

/**
 * Crashpad's minidump says when, not which process (that sits inside the dump, in memory nobody
 * should have to read). Main hears of every other process's end — app's 'child-process-gone' with
 * type, reason, exitCode and name (shell/browser/api/electron_api_app.cc:833-847) and each page's
 * 'render-process-gone', passed on to app with its webContents (lib/browser/api/web-contents.ts:568-569)
 * — so it writes down which one and why;
 * a dump with no such record at its time is main's own (docs/decisions/040-crash-reports.md).
 */
export function recordCrashes(app: Pick<App, 'on'>, file: string, log: { warn(...args: unknown[]): void }, now: () => number = Date.now): void {
  const keep = (process: string, details: { reason: string; exitCode: number }) => {
    if (!faults.has(details.reason)) return
    try {
      add(file, { at: now(), process, reason: details.reason, exitCode: details.exitCode })
    } catch (error) {
      log.warn('[crash records]', error)
    }
  }
  app.on('child-process-gone', (_event, details) => keep(details.name ? `${details.type} (${details.name})` : details.type, details))
  app.on('render-process-gone', (_event, _contents, details) => keep('renderer', details))
}

/** How near a record must be to a dump's time to be its process: Crashpad writes the dump, then main hears of the end. */
export const sameCrashWithinMs = 60_000

/** Which process the dump written at `at` came from: the record nearest it, else main itself. */
export function crashedProcess(at: number, records: readonly CrashRecord[]): string {
  let nearest: CrashRecord | null = null
  for (const record of records) {
    const gap = Math.abs(record.at - at)
    if (gap <= sameCrashWithinMs && (!nearest || gap < Math.abs(nearest.at - at))) nearest = record
  }
  return nearest ? `${nearest.process}, ${nearest.reason} (exit code ${nearest.exitCode})` : 'main (no other process ended then)'
}
