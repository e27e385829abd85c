import { afterEach, describe, expect, it } from 'vitest'
import Database from 'better-sqlite3'
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { format, messages } from '@shared/messages'
import { cleanupTestApps, startApp, tempDir } from '../../../tests/support/main/test-app'
import { callFault, startupMessage } from '../core/faults'
import { backupBeforeMigration, backupDir, backupNow, backupPolicy, listBackups } from './backups'
import { openDatabase, openFault } from './database'
import { StoreFault } from './faults'
import { migrations } from './migrations'
import { createStore } from '.'
import { databaseOf } from './handle'

afterEach(cleanupTestApps)

const projectRoot = fileURLToPath(new URL('../../../', import.meta.url))
const digest = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex')

/** A store with some rows, closed, its WAL folded in: a file to damage. */
async function soundStore(rows = 3000): Promise<string> {
  const file = join(await tempDir(), 'magpie.db')
  const store = createStore(file, { synchronous: 'NORMAL' })
  const now = Date.now()
  await store.transaction(() => {
    for (let i = 0; i < rows; i++) {
      store.users.insert({ id: `u${i}`, email: `u${i}@example.com`, nickname: `닉네임${i}`, passwordHash: 'x'.repeat(80), avatarId: null, createdAt: now })
    }
  })
  databaseOf(store).pragma('wal_checkpoint(TRUNCATE)')
  store.close()
  return file
}

function openFails(file: string): StoreFault {
  try {
    openDatabase(file).close()
  } catch (error) {
    expect(error).toBeInstanceOf(StoreFault)
    return error as StoreFault
  }
  throw new Error('opened')
}

describe('start-up faults: one Korean sentence with the path, the file untouched', () => {
  it('a file that is not a database', async () => {
    const file = join(await tempDir(), 'magpie.db')
    writeFileSync(file, 'not a database, just a text file that happens to have this name\n'.repeat(200))
    const before = digest(file)
    const fault = openFails(file)
    expect(fault.code).toBe('storeNotDatabase')
    expect(startupMessage(fault)).toBe(format.storeNotDatabase(file))
    expect(digest(file)).toBe(before)
    expect(existsSync(`${file}-wal`)).toBe(false)
  })

  it("another program's SQLite file", async () => {
    const file = join(await tempDir(), 'magpie.db')
    const other = new Database(file)
    other.exec('CREATE TABLE invoices (id INTEGER PRIMARY KEY)')
    other.close()
    const before = digest(file)
    expect(openFails(file).code).toBe('storeNotDatabase')
    expect(digest(file)).toBe(before)
  })

  it('a truncated store, cut in half or to its first bytes', async () => {
    for (const keep of [0.5, 50]) {
      const file = await soundStore()
      const bytes = readFileSync(file)
      writeFileSync(file, bytes.subarray(0, keep < 1 ? Math.floor(bytes.length * keep) : keep))
      const before = digest(file)
      const fault = openFails(file)
      expect(fault.code).toBe('storeDamaged')
      expect(startupMessage(fault)).toBe(format.storeDamaged(file, null))
      expect(digest(file)).toBe(before)
    }
  })

  it('a store with damaged inner pages, naming the newest backup', async () => {
    const file = await soundStore()
    const store = createStore(file)
    const backup = await backupNow(databaseOf(store), file)
    store.close()
    const bytes = readFileSync(file)
    bytes.fill(0x5a, 4096 * 10, 4096 * 12)
    writeFileSync(file, bytes)
    const before = digest(file)
    const fault = openFails(file)
    expect(fault).toMatchObject({ code: 'storeDamaged', path: file, backup })
    expect(startupMessage(fault)).toBe(format.storeDamaged(file, backup))
    expect(digest(file)).toBe(before)
  })

  it('a store from a newer schema', async () => {
    const file = await soundStore(1)
    const raw = new Database(file)
    raw.pragma(`user_version = ${migrations.length + 1}`)
    raw.close()
    const before = digest(file)
    const fault = openFails(file)
    expect(startupMessage(fault)).toBe(format.storeNewer(file))
    expect(digest(file)).toBe(before)
  })

  it('a data folder under a file, and a store path that is a folder', async () => {
    const dir = await tempDir()
    writeFileSync(join(dir, 'file'), 'x')
    const underFile = openFails(join(dir, 'file', 'data', 'magpie.db'))
    expect(startupMessage(underFile)).toBe(format.dataDirUnusable(join(dir, 'file', 'data')))
    mkdirSync(join(dir, 'magpie.db'))
    expect(startupMessage(openFails(join(dir, 'magpie.db')))).toBe(format.dataDirUnusable(dir))
  })

  it('a folder without write permission (EACCES, EROFS) or space is dataDirUnusable', () => {
    // Tests run as root here, which chmod cannot stop: the errors the OS gives are classified directly.
    for (const code of ['EACCES', 'EROFS', 'ENOSPC', 'SQLITE_READONLY', 'SQLITE_CANTOPEN', 'SQLITE_FULL']) {
      const fault = openFault(Object.assign(new Error(code), { code }), '/data/magpie.db')
      expect(startupMessage(fault)).toBe(format.dataDirUnusable('/data'))
    }
  })

  it('the harness prints one line, no stack trace, and exits non-zero', async () => {
    const dataDir = await tempDir()
    const file = join(dataDir, 'magpie.db')
    writeFileSync(file, 'garbage '.repeat(1000))
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/harness/cli.ts'], {
      cwd: projectRoot,
      env: { ...process.env, MAGPIE_DATA_DIR: dataDir, MAGPIE_PROFILE_DIR: await tempDir() },
      stdio: ['ignore', 'pipe', 'pipe']
    })
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
    expect(code).toBe(1)
    expect(stderr.trim()).toBe(format.storeNotDatabase(file))
  }, 60_000)
})

describe('damage found in a call', () => {
  it('the first SQLITE_CORRUPT stops every write and says storeDamaged, not "try again later"', async () => {
    const file = await soundStore()
    const store = createStore(file)
    const corrupt = Object.assign(new Error('database disk image is malformed'), { code: 'SQLITE_CORRUPT' })
    await expect(
      store.transaction(() => {
        throw corrupt
      })
    ).rejects.toThrow(expect.objectContaining({ code: 'storeDamaged', path: file }))
    // SQLite itself now refuses writes on this connection, transactions are not even begun.
    expect(() => databaseOf(store).prepare("UPDATE users SET nickname = 'x'").run()).toThrow(/readonly/)
    await expect(store.transaction(() => 1)).rejects.toThrow(expect.objectContaining({ code: 'storeDamaged' }))
    expect(store.users.get('u1')?.nickname).toBe('닉네임1')
    const refusal = callFault(store.damage())!
    expect(refusal.message).toBe(format.storeDamaged(file, null))
    // Its own code, so the renderer can tell it from a passing server error.
    expect(refusal.toShape().code).toBe('storeDamaged')
    expect(refusal.message).not.toBe(messages.serverError)
    store.close()
  })

  it('a damaged big store is found by the background check', async () => {
    const file = await soundStore()
    const store = createStore(file)
    const bytes = readFileSync(file)
    bytes.fill(0x5a, 4096 * 10, 4096 * 12)
    writeFileSync(file, bytes)
    // Pretend the file is too big for the check at open: run the worker's check directly.
    const { quickCheckInWorker } = await import('./background-check')
    expect(await quickCheckInWorker(file)).not.toBe('ok')
    store.close()
  })
})

describe('disk full', () => {
  it('SQLITE_FULL and ENOSPC say diskFull; the transaction is rolled back and writes work again', async () => {
    const file = await soundStore(1)
    const store = createStore(file)
    const full = Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' })
    let thrown: unknown
    try {
      await store.transaction(() => {
        store.users.insert({ id: 'half', email: 'half@example.com', nickname: '반쪽', passwordHash: 'x', avatarId: null, createdAt: 1 })
        throw full
      })
    } catch (error) {
      thrown = error
    }
    expect(callFault(thrown)?.toShape()).toEqual({ code: 'diskFull', message: messages.diskFull })
    expect(callFault(Object.assign(new Error('no space'), { code: 'ENOSPC' }))?.code).toBe('diskFull')
    expect(store.users.get('half')).toBeNull()
    await store.transaction(() =>
      store.users.insert({ id: 'later', email: 'later@example.com', nickname: '나중', passwordHash: 'x', avatarId: null, createdAt: 1 })
    )
    expect(store.users.get('later')?.nickname).toBe('나중')
    store.close()
  })
})

describe('backups', () => {
  it('keeps the last few, newest first, each a sound copy', async () => {
    const file = await soundStore(10)
    const store = createStore(file)
    const start = Date.UTC(2026, 10, 1)
    for (let day = 0; day < backupPolicy.keep + 2; day++) await store.backupIfDue(start + day * backupPolicy.intervalMs)
    expect(await store.backupIfDue(start + (backupPolicy.keep + 1) * backupPolicy.intervalMs + 1000)).toBeNull()
    const kept = listBackups(file)
    expect(kept).toHaveLength(backupPolicy.keep)
    expect(kept[0]!.time).toBe(start + (backupPolicy.keep + 1) * backupPolicy.intervalMs)
    const copy = new Database(kept[0]!.file, { readonly: true })
    expect(copy.pragma('integrity_check', { simple: true })).toBe('ok')
    expect((copy.prepare('SELECT count(*) AS n FROM users').get() as { n: number }).n).toBe(10)
    copy.close()
    store.close()
  })

  it('backs up an existing store before migrating it', async () => {
    const file = join(await tempDir(), 'magpie.db')
    const old = new Database(file)
    old.exec(migrations[0]!)
    old.pragma('user_version = 1')
    old.close()
    openDatabase(file).close()
    const [backup] = listBackups(file)
    expect(backup!.file).toMatch(/-before-migration\.db$/)
    const copy = new Database(backup!.file, { readonly: true })
    expect(copy.pragma('user_version', { simple: true })).toBe(1)
    copy.close()
    expect(() => backupBeforeMigration(new Database(':memory:'), file)).not.toThrow()
  })

  it('kill -9 during a backup leaves the store and the last good backup intact', async () => {
    const file = await soundStore(20_000)
    const store = createStore(file)
    const good = await backupNow(databaseOf(store), file)
    store.close()
    const storeBefore = digest(file)
    const goodBefore = digest(good)

    const child = spawn(process.execPath, ['--import', 'tsx', 'tests/support/main/backup-child.ts', file], {
      cwd: projectRoot,
      stdio: ['ignore', 'pipe', 'inherit']
    })
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('copying')) {
          child.kill('SIGKILL')
          resolve()
        }
        if (chunk.toString().includes('finished')) reject(new Error('the backup finished before the kill'))
      })
    })
    await new Promise((resolve) => child.once('exit', resolve))
    const names = readdirSync(backupDir(file))
    expect(names.filter((name) => name.endsWith('.tmp'))).toHaveLength(1)
    expect(listBackups(file).map((b) => b.file)).toEqual([good])
    expect(digest(good)).toBe(goodBefore)

    const reopened = createStore(file)
    expect(databaseOf(reopened).pragma('integrity_check', { simple: true })).toBe('ok')
    expect((databaseOf(reopened).prepare('SELECT count(*) AS n FROM users').get() as { n: number }).n).toBe(20_000)
    databaseOf(reopened).pragma('wal_checkpoint(TRUNCATE)')
    expect(digest(file)).toBe(storeBefore)
    // The next backup clears the dead process's temporary file.
    await backupNow(databaseOf(reopened), file)
    expect(readdirSync(backupDir(file)).filter((name) => name.endsWith('.tmp'))).toEqual([])
    reopened.close()
  }, 60_000)

  it("clears a killed backup's temporary files, its journal too, even on a day no backup is due, and those a day old whose pid is alive again", async () => {
    const file = await soundStore(10)
    const store = createStore(file)
    await backupNow(databaseOf(store), file)
    const dir = backupDir(file)
    const base = join(dir, 'magpie-20260101-000000-000.db')
    // A pid no process has (beyond the kernel's pid_max), and this very process's pid, reused.
    for (const name of [`${base}.99999999.tmp`, `${base}.99999999.tmp-journal`, `${base}.${process.pid}.tmp`, `${base}.${process.pid}.tmp-journal`]) writeFileSync(name, 'x'.repeat(1024))
    const dayOld = (Date.now() - backupPolicy.intervalMs - 60_000) / 1000
    utimesSync(`${base}.${process.pid}.tmp`, dayOld, dayOld)
    utimesSync(`${base}.${process.pid}.tmp-journal`, dayOld, dayOld)
    expect(await store.backupIfDue()).toBeNull()
    expect(readdirSync(dir).filter((name) => name.includes('.tmp'))).toEqual([])
    store.close()
  })
})

describe('sign-up is one unit with the session file', () => {
  it('a session file that cannot be written leaves no account and nobody signed in; it works once space is back', async () => {
    const app = await startApp()
    // The profile folder's session path is taken by a folder: the rename fails the way a full disk does.
    mkdirSync(join(app.profileDir, 'session'), { recursive: true })
    writeFileSync(join(app.profileDir, 'session', 'keep'), 'x')
    const input = { email: 'full@example.com', nickname: '가득', password: 'secret1', passwordConfirm: 'secret1' }
    const refusal = await app.refused('auth:signUp', input)
    expect(refusal.code).not.toBe('signupFailed')
    expect(app.store.users.getByEmail('full@example.com')).toBeNull()
    expect(app.magpie.services.auth.session()).toEqual({ user: null })

    rmSync(join(app.profileDir, 'session'), { recursive: true })
    expect((await app.call('auth:signUp', input)).user?.nickname).toBe('가득')
    expect(readFileSync(join(app.profileDir, 'session'), 'utf8').length).toBeGreaterThan(20)
  })
})
