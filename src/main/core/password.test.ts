import { describe, expect, it } from 'vitest'
import { testScrypt } from '../../../tests/support/main/test-app'
import { hashPassword, parseHashParams, productionScrypt, verifyPassword } from './password'

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
