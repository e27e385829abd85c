import { describe, expect, it } from 'vitest'
import { testScrypt } from '../../../tests/support/main/test-app'
import { AppError } from '../errors'
import { hashPassword, hashQueueMax, parseHashParams, productionScrypt, verifyPassword } from './password'

describe('password hashing', () => {
  it('uses scrypt N=2^17, r=8, p=1 in production (docs/specification.md §11, OWASP)', () => {
    expect(productionScrypt).toEqual({ N: 131072, r: 8, p: 1 })
  })

  it('records the parameters it was given in the hash, with a fresh salt each time', async () => {
    const a = await hashPassword('비밀번호123', testScrypt)
    const b = await hashPassword('비밀번호123', testScrypt)
    expect(a.split('$').slice(0, 4)).toEqual(['scrypt', '1024', '8', '1'])
    expect(parseHashParams(a)).toEqual(testScrypt)
    expect(a).not.toBe(b)
    expect(a).not.toContain('비밀번호123')
  })

  it('verifies the right password only, with the parameters stored in the hash', async () => {
    const hash = await hashPassword('correct horse', { N: 2048, r: 4, p: 1 })
    expect(await verifyPassword('correct horse', hash)).toBe(true)
    expect(await verifyPassword('correct horsE', hash)).toBe(false)
    expect(await verifyPassword('', hash)).toBe(false)
  })

  it('treats the composed and decomposed forms of a Korean password as the same password', async () => {
    const hash = await hashPassword('한글비번', testScrypt)
    expect(await verifyPassword('한글비번'.normalize('NFD'), hash)).toBe(true)
  })

  it('refuses a malformed stored hash instead of throwing', async () => {
    expect(await verifyPassword('x', 'plain-text-password')).toBe(false)
    expect(await verifyPassword('x', 'scrypt$1024$8$1$$')).toBe(false)
    expect(parseHashParams('bcrypt$10$abc')).toBeNull()
  })
})

describe('hashing under a burst of logins (issue 22, item 5)', () => {
  it(`hashes one at a time, in order, and refuses those beyond ${hashQueueMax} waiting`, async () => {
    const hash = await hashPassword('비밀', testScrypt)
    const order: number[] = []
    const tries = Array.from({ length: hashQueueMax + 4 }, (_, i) =>
      verifyPassword(i === 0 ? '비밀' : '틀림', hash).then(
        (ok) => (order.push(i), ok),
        (error: unknown) => (error instanceof AppError ? error.code : 'other')
      )
    )
    const results = await Promise.all(tries)
    // The first runs, eight wait their turn; the three after them are refused at once.
    expect(results.slice(0, hashQueueMax + 1)).toEqual([true, ...Array(hashQueueMax).fill(false)])
    expect(results.slice(hashQueueMax + 1)).toEqual(['tooManyRequests', 'tooManyRequests', 'tooManyRequests'])
    expect(order).toEqual(Array.from({ length: hashQueueMax + 1 }, (_, i) => i))
    // The queue is free again afterwards.
    expect(await verifyPassword('비밀', hash)).toBe(true)
  })
})
