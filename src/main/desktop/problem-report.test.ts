import { beforeEach, describe, expect, it, vi } from 'vitest'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, utimesSync, writeFileSync } from 'node:fs'
import { homedir, tmpdir } from 'node:os'
import { join } from 'node:path'
import { messages } from '@shared/messages'
import { app, electronRecording, FakeBrowserWindow, resetElectron } from '../../../tests/support/electron-double'
import { readZip } from '../../../tests/support/zip'
import { crashRecordsFile } from './crash-records'
import { createProblemReporter, lastCrash, reportFailure, reportFileName, startCrashReporter } from './problem-report'

beforeEach(() => resetElectron())

const folder = () => mkdtempSync(join(tmpdir(), 'magpie-report-'))

describe('the crash reporter', () => {
  it('keeps crashes on this computer, under the profile (userData/Crashpad), uploading nothing', () => {
    const profile = folder()
    app.setPath('userData', profile)
    startCrashReporter()
    expect(electronRecording.crashReporter.starts).toEqual([{ uploadToServer: false, productName: 'Magpie' }])
    expect(electronRecording.crashReporter.databases).toEqual([join(profile, 'Crashpad')])
  })

  it('is started once: Electron ignores a second start', () => {
    app.setPath('userData', folder())
    startCrashReporter()
    startCrashReporter()
    expect(electronRecording.crashReporter.starts).toHaveLength(1)
  })
})

describe('lastCrash', () => {
  it('finds the newest minidump wherever Crashpad keeps it, and nothing in an empty or missing folder', async () => {
    const dir = folder()
    expect(await lastCrash(dir)).toBeNull()
    expect(await lastCrash(join(dir, 'missing'))).toBeNull()
    for (const sub of ['pending', 'completed', 'attachments']) mkdirSync(join(dir, sub))
    writeFileSync(join(dir, 'pending', 'old.dmp'), 'MDMP-old')
    writeFileSync(join(dir, 'completed', 'new.dmp'), 'MDMP-newer')
    writeFileSync(join(dir, 'attachments', 'newest.txt'), 'not a dump')
    utimesSync(join(dir, 'pending', 'old.dmp'), new Date(1_000_000), new Date(1_000_000))
    utimesSync(join(dir, 'completed', 'new.dmp'), new Date(2_000_000), new Date(2_000_000))
    expect(await lastCrash(dir)).toEqual({ file: join(dir, 'completed', 'new.dmp'), at: 2_000_000, bytes: 10 })
  })
})

describe('문제 보고', () => {
  function setup() {
    const profile = folder()
    app.setPath('userData', profile)
    const logFile = join(profile, 'logs', 'main.log')
    mkdirSync(join(profile, 'logs'))
    writeFileSync(logFile, `[warn] sign in failed for alice@example.com in ${homedir()}/.config/Magpie\n[error] posts:create failed: 비밀 이야기\n`)
    writeFileSync(join(profile, 'logs', 'main.old.log'), '[warn] token eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJhYmNkZWZnaGlqa2xtbm9wcXJzdHV2In0.sig\n')
    const window = new FakeBrowserWindow({})
    const log = vi.fn()
    const report = createProblemReporter({ window: () => window as never, logFile, crashRecords: crashRecordsFile(profile), log })
    return { profile, report, window, log }
  }

  it('asks first, saves one ZIP where the person chooses with the report and the logs made safe, and shows it in its folder', async () => {
    const { profile, report, window } = setup()
    mkdirSync(join(profile, 'Crashpad', 'completed'), { recursive: true })
    writeFileSync(join(profile, 'Crashpad', 'completed', 'c0ffee.dmp'), 'MDMP with 메모리 내용 secret@example.com')
    const dumpAt = Date.now()
    utimesSync(join(profile, 'Crashpad', 'completed', 'c0ffee.dmp'), new Date(dumpAt), new Date(dumpAt))
    // Main heard the GPU process crash a second after Crashpad wrote its dump (crash-records.ts).
    writeFileSync(crashRecordsFile(profile), JSON.stringify([{ at: dumpAt + 1_000, process: 'GPU', reason: 'crashed', exitCode: 139 }]))
    const out = join(folder(), 'report.zip')
    electronRecording.messageBoxResponse = 0
    electronRecording.dialog.saveDialogAnswer = out
    await report()

    const [asked] = electronRecording.messageBoxes
    expect(asked!.window).toBe(window)
    expect(asked!.options).toMatchObject({ message: messages.reportProblemQuestion, detail: messages.reportProblemDetail, buttons: [messages.reportProblemCreate, messages.cancel], cancelId: 1 })
    const [save] = electronRecording.dialog.saveDialogs
    expect(String(save!.options.defaultPath)).toMatch(/magpie-report-\d{4}-\d{2}-\d{2}\.zip$/)
    expect(electronRecording.shell.shownInFolder).toEqual([out])
    expect(readdirSync(join(out, '..'))).toEqual(['report.zip'])

    const entries = await readZip(out)
    expect([...entries.keys()].sort()).toEqual(['logs/main.log', 'logs/main.old.log', 'report.txt'])
    const all = [...entries.values()].map((entry) => entry.bytes.toString('utf8')).join('\n')
    for (const secret of ['alice@example.com', '비밀', homedir(), 'eyJhbGci', 'secret@example.com', '메모리', 'MDMP']) expect(all, secret).not.toContain(secret)
    expect(entries.get('logs/main.log')!.bytes.toString('utf8')).toBe('[warn] sign in failed for [email] in ~/.config/Magpie\n[error] posts:create failed: [text]\n')
    const page = entries.get('report.txt')!.bytes.toString('utf8')
    expect(page).toContain('app: 0.0.0-test (development)')
    expect(page).toMatch(/last crash: \d{4}-\d{2}-\d{2}T[\d:.]+Z \(\d+ bytes\)/)
    expect(page).toContain('  process: GPU, crashed (exit code 139)')
    expect(page).toMatch(/other processes that ended abnormally:\n {2}\d{4}-[\d-]+T[\d:.]+Z GPU: crashed \(exit code 139\)/)
    expect(page).toContain('minidump, not included:')
    expect(page).toContain('c0ffee.dmp')
  })

  it('취소 at the question or the save dialog writes nothing', async () => {
    const { report } = setup()
    electronRecording.messageBoxResponse = 1
    await report()
    expect(electronRecording.dialog.saveDialogs).toEqual([])
    electronRecording.messageBoxResponse = 0
    electronRecording.dialog.saveDialogAnswer = null
    await report()
    expect(electronRecording.dialog.saveDialogs).toHaveLength(1)
    expect(electronRecording.shell.shownInFolder).toEqual([])
  })

  it('a place it cannot write says so in Korean, logs why and leaves no part file', async () => {
    const { report, log } = setup()
    const blocked = join(folder(), 'file')
    writeFileSync(blocked, 'x')
    electronRecording.messageBoxResponse = 0
    electronRecording.dialog.saveDialogAnswer = join(blocked, 'report.zip')
    await report()
    expect(electronRecording.dialog.errorBoxes).toEqual([{ title: messages.reportProblemTitle, content: messages.reportProblemCannotWrite }])
    expect(log).toHaveBeenCalledOnce()
    expect(electronRecording.shell.shownInFolder).toEqual([])
    expect(existsSync(join(blocked, 'report.zip.part'))).toBe(false)
  })

  it('each failure says what the person can do, in Korean', () => {
    const failure = (code: string) => Object.assign(new Error(code), { code })
    expect(reportFailure(failure('ENOSPC'))).toBe(messages.reportProblemNoSpace)
    expect(reportFailure(failure('EDQUOT'))).toBe(messages.reportProblemNoSpace)
    for (const code of ['EACCES', 'EPERM', 'EROFS', 'ENOTDIR', 'ENOENT', 'EISDIR']) expect(reportFailure(failure(code)), code).toBe(messages.reportProblemCannotWrite)
    expect(reportFailure(failure('EIO'))).toBe(messages.reportProblemFailed)
    expect(reportFailure(new Error('archiver'))).toBe(messages.reportProblemFailed)
    expect(reportFailure(null)).toBe(messages.reportProblemFailed)
  })

  it('a process name another program could set is made safe like the logs', async () => {
    const { profile, report } = setup()
    mkdirSync(join(profile, 'Crashpad'), { recursive: true })
    writeFileSync(join(profile, 'Crashpad', 'x.dmp'), 'MDMP')
    writeFileSync(crashRecordsFile(profile), JSON.stringify([{ at: Date.now(), process: `Utility (${homedir()}/비밀 kim@example.com)`, reason: 'crashed', exitCode: 1 }]))
    const out = join(folder(), 'r.zip')
    electronRecording.messageBoxResponse = 0
    electronRecording.dialog.saveDialogAnswer = out
    await report()
    const page = (await readZip(out)).get('report.txt')!.bytes.toString('utf8')
    for (const secret of [homedir(), '비밀', 'kim@example.com']) expect(page, secret).not.toContain(secret)
    expect(page).toContain('process: Utility (~/[text] [email]), crashed (exit code 1)')
  })

  it('names the file after the person’s own day', () => {
    expect(reportFileName(new Date(2026, 10, 29, 23, 59).getTime())).toBe('magpie-report-2026-11-29.zip')
  })
})
