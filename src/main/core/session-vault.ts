import { readFileSync, renameSync, writeFileSync } from 'node:fs'
import { chmod, mkdir, readFile, rm, stat, writeFile, rename } from 'node:fs/promises'
import { dirname } from 'node:path'

/**
 * Where this copy of the app keeps its session token between runs: a file in the
 * profile folder (per OS account), not in the shared store, so two copies of the app
 * on one store stay signed in as two different people. Electron passes a cipher
 * (safeStorage) so the token is encrypted at rest where the OS offers it.
 */
export interface TokenCipher {
  encrypt(plain: string): Buffer
  decrypt(data: Buffer): string
}

export interface SessionVault {
  /** The token, or null: none saved, or not used for `sessionIdleMs` (then it is forgotten). */
  load(): Promise<string | null>
  save(token: string): Promise<void>
  clear(): Promise<void>
  /** The session is in use: its idle time starts again (written at most once every `touchEveryMs`). */
  touch(): Promise<void>
}

/** A session not used for this long ends: the next start is signed out (docs/SECURITY.md). */
export const sessionIdleMs = 30 * 24 * 60 * 60 * 1000
/** How often a session in use writes that it was used. */
export const touchEveryMs = 60 * 60 * 1000

/** What the file holds (encrypted where the OS allows): the token and when it was last used. */
interface Saved {
  token: string
  usedAt: number
}

/** The file's text as saved; null for the older form, which is the token alone. */
function decode(text: string): Saved | null {
  try {
    const saved = JSON.parse(text) as Partial<Saved>
    return typeof saved.token === 'string' && typeof saved.usedAt === 'number' ? { token: saved.token, usedAt: saved.usedAt } : null
  } catch {
    return null
  }
}

export function createFileVault(file: string, cipher: TokenCipher | null = null, now: () => number = Date.now): SessionVault {
  // Writes run one at a time in call order (a double-submitted login saves twice), so the
  // file always ends with the token adopted last, never a half-renamed or revoked one.
  let queue: Promise<unknown> = Promise.resolve()
  const inOrder = (write: () => Promise<void>): Promise<void> => {
    const run = queue.then(write)
    queue = run.catch(() => {})
    return run
  }
  let touchedAt = -Infinity

  /** The file's content; a file from before the time was kept is the token alone, last used when it was written. */
  async function read(): Promise<Saved | null> {
    try {
      const data = await readFile(file)
      const text = cipher ? cipher.decrypt(data) : data.toString('utf8')
      return decode(text) ?? { token: text, usedAt: (await stat(file)).mtimeMs }
    } catch {
      return null
    }
  }

  async function write(saved: Saved): Promise<void> {
    await mkdir(dirname(file), { recursive: true })
    const tmp = `${file}.tmp`
    const text = JSON.stringify(saved)
    await writeFile(tmp, cipher ? cipher.encrypt(text) : text, { mode: 0o600 })
    await chmod(tmp, 0o600)
    await rename(tmp, file)
    touchedAt = saved.usedAt
  }

  return {
    async load() {
      const saved = await read()
      if (!saved) return null
      if (now() - saved.usedAt >= sessionIdleMs) {
        await inOrder(() => rm(file, { force: true }))
        return null
      }
      touchedAt = saved.usedAt
      return saved.token
    },
    save(token) {
      return inOrder(() => write({ token, usedAt: now() }))
    },
    clear() {
      return inOrder(async () => {
        await rm(file, { force: true })
        touchedAt = -Infinity
      })
    },
    touch() {
      if (now() - touchedAt < touchEveryMs) return Promise.resolve()
      touchedAt = now()
      // Written at once (a small file, hourly at most), so nothing is left in flight when the app closes.
      // A save on its way renames over it after, and its token stands.
      try {
        const data = readFileSync(file)
        const text = cipher ? cipher.decrypt(data) : data.toString('utf8')
        const token = decode(text)?.token ?? text
        const tmp = `${file}.touch.tmp`
        const next = JSON.stringify({ token, usedAt: touchedAt } satisfies Saved)
        writeFileSync(tmp, cipher ? cipher.encrypt(next) : next, { mode: 0o600 })
        renameSync(tmp, file)
      } catch (error) {
        // None saved (signed out meanwhile): nothing to keep alive.
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return Promise.reject(error instanceof Error ? error : new Error(String(error)))
      }
      return Promise.resolve()
    }
  }
}

export function createMemoryVault(): SessionVault {
  let token: string | null = null
  return {
    load: async () => token,
    save: async (value) => {
      token = value
    },
    clear: async () => {
      token = null
    },
    touch: async () => {}
  }
}
