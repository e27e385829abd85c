import { afterEach, describe, expect, it } from 'vitest'
import { readFile, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { cleanupTestApps, tempDir } from '../../../tests/support/main/test-app'
import { createFileVault, sessionIdleMs, type TokenCipher } from './session-vault'

afterEach(cleanupTestApps)

/** A stand-in for Electron's safeStorage: reversible, and visibly not the plain text. */
const cipher: TokenCipher = {
  encrypt: (plain) => Buffer.from(plain, 'utf8').reverse(),
  decrypt: (data) => Buffer.from(data).reverse().toString('utf8')
}

describe('the session vault', () => {
  it('keeps the token between runs in a file only its owner can read, and forgets it on clear', async () => {
    const file = join(await tempDir(), 'profile', 'session')
    const vault = createFileVault(file)
    expect(await vault.load()).toBeNull()
    await vault.save('token-1')
    expect(await createFileVault(file).load()).toBe('token-1')
    expect((await stat(file)).mode & 0o777).toBe(0o600)
    await vault.save('token-2')
    expect(await vault.load()).toBe('token-2')
    await vault.clear()
    expect(await vault.load()).toBeNull()
    await expect(vault.clear()).resolves.toBeUndefined()
  })

  it('ends with the last token saved when saves and clears overlap', async () => {
    const file = join(await tempDir(), 'session')
    const vault = createFileVault(file)
    await Promise.all([vault.save('first'), vault.save('second'), vault.save('third')])
    expect(await vault.load()).toBe('third')
    await Promise.all([vault.save('fourth'), vault.clear()])
    expect(await vault.load()).toBeNull()
    await Promise.all([vault.clear(), vault.save('fifth')])
    expect(await vault.load()).toBe('fifth')
  })

  it('stores the token encrypted when given a cipher', async () => {
    const file = join(await tempDir(), 'session')
    const vault = createFileVault(file, cipher)
    await vault.save('secret-token')
    expect(await readFile(file, 'utf8')).not.toContain('secret-token')
    expect(await vault.load()).toBe('secret-token')
  })

  it('treats a token it cannot decrypt as no token', async () => {
    const file = join(await tempDir(), 'session')
    await writeFile(file, 'written by someone else')
    const vault = createFileVault(file, {
      ...cipher,
      decrypt: () => {
        throw new Error('cannot decrypt')
      }
    })
    expect(await vault.load()).toBeNull()
  })
})

describe('an idle session (issue 22, item 6)', () => {
  it(`ends after ${sessionIdleMs / 86_400_000} days unused: the next start is signed out; a session in use is kept`, async () => {
    const file = join(await tempDir(), 'session')
    let t = Date.UTC(2026, 0, 1)
    const vault = createFileVault(file, cipher, () => t)
    await vault.save('token')
    // Used now and then: each use starts the idle time again (written at most hourly).
    for (let day = 0; day < 90; day += 20) {
      t += 20 * 86_400_000
      expect(await createFileVault(file, cipher, () => t).load(), `day ${day}`).toBe('token')
      await createFileVault(file, cipher, () => t).touch()
    }
    t += sessionIdleMs
    expect(await createFileVault(file, cipher, () => t).load()).toBeNull()
    await expect(readFile(file)).rejects.toThrow()
  })

  it('a file written before the time was kept counts from when it was written', async () => {
    const file = join(await tempDir(), 'session')
    await writeFile(file, 'old-token')
    expect(await createFileVault(file).load()).toBe('old-token')
    const later = Date.now() + sessionIdleMs + 1000
    expect(await createFileVault(file, null, () => later).load()).toBeNull()
  })
})
