import { afterEach, describe, expect, it } from 'vitest'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { sessionIdleMs, touchEveryMs } from '../../core/session-vault'
import { databaseOf } from '../../store/handle'
import { cleanupTestApps, createClock, signUp, startApp, tempDir } from '../../../../tests/support/main/test-app'

afterEach(cleanupTestApps)

const day = 86_400_000
const sessionRows = (app: Awaited<ReturnType<typeof startApp>>) => databaseOf(app.store).prepare('SELECT count(*) FROM sessions').pluck().get()

describe('an idle session ends in the store too (issue 34)', () => {
  it('its row is deleted, and its file written back with a fresh time signs nobody in', async () => {
    const clock = createClock()
    const folders = { dataDir: await tempDir(), profileDir: await tempDir(), clock }
    const first = await startApp(folders)
    await signUp(first, 'idle')
    const file = join(folders.profileDir, 'session')
    const { token } = JSON.parse(await readFile(file, 'utf8')) as { token: string }
    first.close()

    clock.advance(sessionIdleMs + day)
    const later = await startApp(folders)
    expect((await later.call('auth:session')).user).toBeNull()
    expect(sessionRows(later)).toBe(0)
    later.close()

    // Someone who kept the token writes it back as if used just now.
    await writeFile(file, JSON.stringify({ token, usedAt: clock.t }))
    const revived = await startApp(folders)
    expect((await revived.call('auth:session')).user).toBeNull()
  })

  it('a session in use keeps going past 30 days, its last use kept in the store', async () => {
    const clock = createClock()
    const folders = { dataDir: await tempDir(), profileDir: await tempDir(), clock }
    const app = await startApp(folders)
    const account = await signUp(app, 'daily')
    for (let i = 0; i < 4; i++) {
      clock.advance(20 * day)
      expect((await app.call('auth:session')).user?.id).toBe(account.user.id)
    }
    const usedAt = databaseOf(app.store).prepare('SELECT used_at FROM sessions').pluck().get() as number
    expect(clock.t - usedAt).toBeLessThan(touchEveryMs)
    app.close()
    const next = await startApp(folders)
    expect((await next.call('auth:session')).user?.id).toBe(account.user.id)
  })
})
