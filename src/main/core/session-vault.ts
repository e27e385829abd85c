import { chmod, mkdir, readFile, rm, writeFile, rename } from 'node:fs/promises'
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
  load(): Promise<string | null>
  save(token: string): Promise<void>
  clear(): Promise<void>
}

export function createFileVault(file: string, cipher: TokenCipher | null = null): SessionVault {
  // Writes run one at a time in call order (a double-submitted login saves twice), so the
  // file always ends with the token adopted last, never a half-renamed or revoked one.
  let queue: Promise<unknown> = Promise.resolve()
  const inOrder = (write: () => Promise<void>): Promise<void> => {
    const run = queue.then(write)
    queue = run.catch(() => {})
    return run
  }
  return {
    async load() {
      try {
        const data = await readFile(file)
        return cipher ? cipher.decrypt(data) : data.toString('utf8')
      } catch {
        return null
      }
    },
    save(token) {
      return inOrder(async () => {
        await mkdir(dirname(file), { recursive: true })
        const tmp = `${file}.tmp`
        await writeFile(tmp, cipher ? cipher.encrypt(token) : token, { mode: 0o600 })
        await chmod(tmp, 0o600)
        await rename(tmp, file)
      })
    },
    clear() {
      return inOrder(() => rm(file, { force: true }))
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
    }
  }
}
