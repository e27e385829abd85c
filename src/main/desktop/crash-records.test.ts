import { beforeEach, describe, expect, it, vi } from 'vitest'
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { App } from 'electron'
import { app, fakeEvent, FakeWebContents, resetElectron } from '../../../tests/support/electron-double'
import { crashedProcess, crashRecordsFile, keptCrashRecords, readCrashRecords, recordCrashes, sameCrashWithinMs } from './crash-records'

beforeEach(() => resetElectron())

function setup() {
  const file = crashRecordsFile(mkdtempSync(join(tmpdir(), 'magpie-crashes-')))
  const log = { warn: vi.fn() }
  let t = 1_000_000
  recordCrashes(app as unknown as App, file, log, () => t)
  return { file, log, advance: (ms: number) => (t += ms) }
}

describe('recordCrashes', () => {
  it('writes down which process ended abnormally and why, from app’s child-process-gone and render-process-gone', () => {
    const { file, advance } = setup()
    // (event, details) and (event, webContents, details): electron.d.ts App 'child-process-gone' and 'render-process-gone'.
    app.emit('child-process-gone', fakeEvent(), { type: 'GPU', reason: 'crashed', exitCode: 139 })
    advance(5_000)
    app.emit('child-process-gone', fakeEvent(), { type: 'Utility', name: 'Network Service', reason: 'oom', exitCode: -1 })
    advance(5_000)
    app.emit('render-process-gone', fakeEvent(), new FakeWebContents(), { reason: 'abnormal-exit', exitCode: 1 })
    expect(readCrashRecords(file)).toEqual([
      { at: 1_000_000, process: 'GPU', reason: 'crashed', exitCode: 139 },
      { at: 1_005_000, process: 'Utility (Network Service)', reason: 'oom', exitCode: -1 },
      { at: 1_010_000, process: 'renderer', reason: 'abnormal-exit', exitCode: 1 }
    ])
  })

  it('ignores an ordinary end, one the OS or the person chose, and keeps only the newest records', () => {
    const { file, advance } = setup()
    for (const reason of ['clean-exit', 'killed', 'memory-eviction']) app.emit('child-process-gone', fakeEvent(), { type: 'Utility', reason, exitCode: 0 })
    expect(readCrashRecords(file)).toEqual([])
    for (let i = 0; i < keptCrashRecords + 5; i++) {
      advance(1)
      app.emit('child-process-gone', fakeEvent(), { type: 'GPU', reason: 'crashed', exitCode: i })
    }
    const kept = readCrashRecords(file)
    expect(kept).toHaveLength(keptCrashRecords)
    expect(kept[0]!.exitCode).toBe(5)
    expect(kept.at(-1)!.exitCode).toBe(keptCrashRecords + 4)
  })

  it('a file it cannot write is logged, never thrown into Electron’s event', () => {
    const { file, log } = setup()
    mkdirSync(`${file}.part`, { recursive: true })
    expect(() => app.emit('child-process-gone', fakeEvent(), { type: 'GPU', reason: 'crashed', exitCode: 1 })).not.toThrow()
    expect(log.warn).toHaveBeenCalledOnce()
  })

  it('a damaged or foreign file reads as no records, and bad entries are dropped', () => {
    const { file } = setup()
    mkdirSync(join(file, '..'), { recursive: true })
    writeFileSync(file, '{not json')
    expect(readCrashRecords(file)).toEqual([])
    writeFileSync(file, JSON.stringify([{ at: 1, process: 'GPU', reason: 'crashed', exitCode: 2 }, { at: 'x' }, null, 7]))
    expect(readCrashRecords(file)).toEqual([{ at: 1, process: 'GPU', reason: 'crashed', exitCode: 2 }])
    app.emit('child-process-gone', fakeEvent(), { type: 'GPU', reason: 'crashed', exitCode: 3 })
    expect(JSON.parse(readFileSync(file, 'utf8'))).toHaveLength(2)
  })
})

describe('crashedProcess', () => {
  const records = [
    { at: 100_000, process: 'GPU', reason: 'crashed', exitCode: 139 },
    { at: 130_000, process: 'renderer', reason: 'crashed', exitCode: 11 }
  ]
  it('names the record nearest the dump’s time', () => {
    expect(crashedProcess(128_000, records)).toBe('renderer, crashed (exit code 11)')
    expect(crashedProcess(101_000, records)).toBe('GPU, crashed (exit code 139)')
  })
  it('a dump no other process’s end explains is main’s own', () => {
    expect(crashedProcess(130_000 + sameCrashWithinMs + 1, records)).toBe('main (no other process ended then)')
    expect(crashedProcess(5, [])).toBe('main (no other process ended then)')
  })
})
