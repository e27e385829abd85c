import { app, crashReporter, dialog, shell, type BrowserWindow, type MessageBoxOptions, type SaveDialogOptions } from 'electron'
import { readdir, readFile, stat } from 'node:fs/promises'
import { homedir, release, userInfo } from 'node:os'
import { basename, join } from 'node:path'
import { messages } from '@shared/messages'
import { writeZipFile } from '../core/zip-file'
import { crashedProcess, readCrashRecords, type CrashRecord } from './crash-records'
import { redact, redactLog, type Person } from './redact'

/**
 * Crashes are kept on this computer only: Crashpad writes a minidump for any process that
 * crashes, and nothing is uploaded (uploadToServer false needs no submitURL: lib/browser/api/crash-reporter.ts:8-21).
 * Started before ready, as Electron asks, so every child process is covered (docs/api/crash-reporter.md:100-108),
 * and after MAGPIE_PROFILE_DIR set userData: the dumps go to userData/Crashpad, worked out when
 * first asked for (electron_paths.cc:34-38), so each profile keeps its own.
 */
export function startCrashReporter(): void {
  crashReporter.start({ uploadToServer: false, productName: 'Magpie' })
}

export interface CrashDump {
  file: string
  at: number
  bytes: number
}

/** The newest minidump in Crashpad's database (its pending/ and completed/ folders, whichever holds it), or null. */
export async function lastCrash(dir: string): Promise<CrashDump | null> {
  let newest: CrashDump | null = null
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => [])
  for (const entry of entries) {
    if (!entry.isFile() || !entry.name.endsWith('.dmp')) continue
    const file = join(entry.parentPath, entry.name)
    const info = await stat(file).catch(() => null)
    if (info && (!newest || info.mtimeMs > newest.at)) newest = { file, at: info.mtimeMs, bytes: info.size }
  }
  return newest
}

/** The day in the suggested name, e.g. magpie-report-2026-11-29.zip (the person's own day). */
export function reportFileName(at: number): string {
  const d = new Date(at)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `magpie-report-${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}.zip`
}

export interface ReportFacts {
  at: number
  version: string
  packaged: boolean
  versions: Pick<NodeJS.ProcessVersions, 'electron' | 'chrome' | 'node'>
  os: { platform: NodeJS.Platform; release: string; arch: string }
  crash: CrashDump | null
  /** What main saw of other processes ending (crash-records.ts), oldest first. */
  crashes: readonly CrashRecord[]
}

/**
 * The report's own page: what ran where, and the last crash. The minidump itself is not put in:
 * it holds memory of the process that crashed, which can be what was on screen; the page says
 * where it is, for when a developer asks for it and the person agrees.
 */
export function reportText(facts: ReportFacts, person: Person): string {
  const crash = facts.crash
    ? [
        `last crash: ${new Date(facts.crash.at).toISOString()} (${facts.crash.bytes} bytes)`,
        `  process: ${redact(crashedProcess(facts.crash.at, facts.crashes), person)}`,
        `  minidump, not included: ${redact(facts.crash.file, person)}`
      ]
    : ['last crash: none recorded']
  const seen = facts.crashes.map((c) => `  ${new Date(c.at).toISOString()} ${redact(c.process, person)}: ${redact(c.reason, person)} (exit code ${c.exitCode})`)
  return [
    'Magpie problem report',
    `created: ${new Date(facts.at).toISOString()}`,
    `app: ${facts.version} (${facts.packaged ? 'installed' : 'development'})`,
    `electron: ${facts.versions.electron}, chrome: ${facts.versions.chrome}, node: ${facts.versions.node}`,
    `os: ${facts.os.platform} ${facts.os.release} ${facts.os.arch}`,
    ...crash,
    ...(seen.length > 0 ? ['other processes that ended abnormally:', ...seen] : []),
    'logs: logs/main.log (and main.old.log), with emails, tokens, addresses\' queries, text in Korean or any',
    '  other script, the home folder and the account name taken out.',
    ''
  ].join('\n')
}

/** Writes the report ZIP: report.txt and the two log files, each made safe by redact(). */
export async function writeProblemReport(path: string, facts: ReportFacts, logFile: string, person: Person): Promise<void> {
  const logs: [string, string][] = []
  for (const file of [logFile, logFile.replace(/\.log$/, '.old.log')]) {
    const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null
      throw error
    })
    if (text !== null) logs.push([`logs/${basename(file)}`, await redactLog(text, person)])
  }
  await writeZipFile(path, new Date(facts.at), async (add) => {
    await add(reportText(facts, person), 'report.txt', false)
    for (const [name, text] of logs) await add(text, name, false)
  })
}

/** What the person can do about a failed write: free space, another folder, or try again. */
export function reportFailure(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | null)?.code
  if (code === 'ENOSPC' || code === 'EDQUOT') return messages.reportProblemNoSpace
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS' || code === 'ENOTDIR' || code === 'ENOENT' || code === 'EISDIR') return messages.reportProblemCannotWrite
  return messages.reportProblemFailed
}

/** The OS account's name; an account without a passwd entry has none to take out. */
function accountName(): string {
  try {
    return userInfo().username
  } catch {
    return ''
  }
}

/**
 * 도움말 → 문제 보고: says what goes in, asks where to save it, writes it and shows it in its
 * folder, for the person to look at and send. Nothing leaves the computer by itself.
 */
export function createProblemReporter(options: { window: () => BrowserWindow | null; logFile: string; crashRecords: string; log: (error: unknown) => void }) {
  return async function reportProblem(): Promise<void> {
    const ask: MessageBoxOptions = {
      type: 'info',
      title: messages.reportProblemTitle,
      message: messages.reportProblemQuestion,
      detail: messages.reportProblemDetail,
      buttons: [messages.reportProblemCreate, messages.cancel],
      defaultId: 0,
      cancelId: 1
    }
    const shown = options.window()
    const parent = shown && !shown.isDestroyed() ? shown : null
    const { response } = parent ? await dialog.showMessageBox(parent, ask) : await dialog.showMessageBox(ask)
    if (response !== 0) return
    const at = Date.now()
    const save: SaveDialogOptions = {
      defaultPath: join(app.getPath('downloads'), reportFileName(at)),
      filters: [{ name: 'ZIP', extensions: ['zip'] }],
      properties: ['createDirectory', 'showOverwriteConfirmation']
    }
    const chosen = parent ? await dialog.showSaveDialog(parent, save) : await dialog.showSaveDialog(save)
    if (chosen.canceled || !chosen.filePath) return
    try {
      const facts: ReportFacts = {
        at,
        version: app.getVersion(),
        packaged: app.isPackaged,
        versions: { electron: process.versions.electron ?? '', chrome: process.versions.chrome ?? '', node: process.versions.node },
        os: { platform: process.platform, release: release(), arch: process.arch },
        crash: await lastCrash(app.getPath('crashDumps')),
        crashes: readCrashRecords(options.crashRecords)
      }
      await writeProblemReport(chosen.filePath, facts, options.logFile, { home: homedir(), user: accountName() })
      shell.showItemInFolder(chosen.filePath)
    } catch (error) {
      options.log(error)
      dialog.showErrorBox(messages.reportProblemTitle, reportFailure(error))
    }
  }
}
