import { afterEach, describe, expect, it } from 'vitest'
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { logFile, logMaxBytes, startMainLog } from './log'

let running: ReturnType<typeof startMainLog> | null = null
afterEach(() => {
  running?.stop()
  running = null
})

const quietConsole = () => {
  // The console transport still prints; the test reads the file.
  running!.log.transports.console.level = false
}

describe('startMainLog', () => {
  it('writes main’s warnings and errors to logs/main.log in the user data folder, not its info', () => {
    const dir = mkdtempSync(join(tmpdir(), 'magpie-log-'))
    running = startMainLog(dir)
    quietConsole()
    expect(running.file).toBe(join(dir, 'logs', 'main.log'))
    expect(logFile(dir)).toBe(running.file)
    console.warn('community.json is damaged')
    console.error('badge icon', new Error('sharp failed'))
    running.log.info('just info')
    const text = readFileSync(running.file, 'utf8')
    expect(text).toContain('community.json is damaged')
    expect(text).toContain('sharp failed')
    expect(text).not.toContain('just info')
  })

  it('rotates at 1 MiB', () => {
    running = startMainLog(mkdtempSync(join(tmpdir(), 'magpie-log-')))
    expect(running.log.transports.file.maxSize).toBe(logMaxBytes)
    expect(logMaxBytes).toBe(1024 * 1024)
  })

  it('logs uncaught exceptions and unhandled rejections in main', () => {
    const dir = mkdtempSync(join(tmpdir(), 'magpie-log-'))
    const before = { exception: process.listenerCount('uncaughtException'), rejection: process.listenerCount('unhandledRejection') }
    running = startMainLog(dir)
    quietConsole()
    expect(process.listenerCount('uncaughtException')).toBe(before.exception + 1)
    expect(process.listenerCount('unhandledRejection')).toBe(before.rejection + 1)
    // Call electron-log's own listeners (the last added), as Node would.
    process.listeners('uncaughtException').at(-1)!(new Error('boom in main'), 'uncaughtException')
    process.listeners('unhandledRejection').at(-1)!(new Error('rejected in main'), Promise.resolve())
    const text = readFileSync(running.file, 'utf8')
    expect(text).toContain('boom in main')
    expect(text).toContain('rejected in main')
  })

  it('stop() gives the console back and stops catching', () => {
    const original = console.warn
    const before = process.listenerCount('uncaughtException')
    const dir = mkdtempSync(join(tmpdir(), 'magpie-log-'))
    running = startMainLog(dir)
    expect(console.warn).not.toBe(original)
    running.stop()
    running = null
    expect(console.warn).toBe(original)
    expect(process.listenerCount('uncaughtException')).toBe(before)
    expect(existsSync(join(dir, 'logs', 'main.log'))).toBe(false)
  })
})
