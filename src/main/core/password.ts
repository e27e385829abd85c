import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto'
import { AppError } from '../errors'

export interface ScryptParams {
  N: number
  r: number
  p: number
}

/** docs/specification.md §11, after OWASP: scrypt N=2^17, r=8, p=1 (128 MiB, about a third of a second). */
export const productionScrypt: ScryptParams = { N: 2 ** 17, r: 8, p: 1 }

const keyLength = 32

/**
 * Hashes waiting for their turn beyond this many are refused (tooManyRequests): a burst of
 * logins. scrypt runs on libuv's thread pool, which file I/O and the photo pipeline share (four
 * threads): one hash at a time keeps three of them free, so guessing never stalls an upload.
 */
export const hashQueueMax = 8
let hashing = false
const waiting: (() => void)[] = []

/** One scrypt at a time, in order; the slot is handed to the next waiter, never left open for another to take. */
async function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  if (hashing) {
    if (waiting.length >= hashQueueMax) throw new AppError('tooManyRequests')
    await new Promise<void>((resolve) => waiting.push(resolve))
  }
  hashing = true
  try {
    return await work()
  } finally {
    const next = waiting.shift()
    if (next) next()
    else hashing = false
  }
}

function scrypt(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  const options: ScryptOptions = { N: params.N, r: params.r, p: params.p, maxmem: 256 * params.N * params.r }
  return oneAtATime(
    () =>
      new Promise((resolve, reject) =>
        scryptCb(password.normalize('NFC'), salt, keyLength, options, (err, key) => (err ? reject(err) : resolve(key)))
      )
  )
}

/** "scrypt$N$r$p$salt$hash": the parameters travel with the hash so they can be raised later. */
export async function hashPassword(password: string, params: ScryptParams = productionScrypt): Promise<string> {
  const salt = randomBytes(16)
  const key = await scrypt(password, salt, params)
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64'), key.toString('base64')].join('$')
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, N, r, p, salt, hash] = stored.split('$')
  if (scheme !== 'scrypt' || !salt || !hash) return false
  const expected = Buffer.from(hash, 'base64')
  const key = await scrypt(password, Buffer.from(salt, 'base64'), { N: Number(N), r: Number(r), p: Number(p) })
  return key.length === expected.length && timingSafeEqual(key, expected)
}

export function parseHashParams(stored: string): ScryptParams | null {
  const [scheme, N, r, p] = stored.split('$')
  return scheme === 'scrypt' ? { N: Number(N), r: Number(r), p: Number(p) } : null
}
