import { describe, expect, it } from 'vitest'
import { checkComment, checkEmail, checkNickname, checkPassword, checkPasswordConfirm, checkPostText, checkSignUp, isLayout } from './validation'

describe('sign-up rules (docs/specification.md §5)', () => {
  it('accepts an email with @ and a dotted domain, and refuses the rest', () => {
    expect(checkEmail('kkachi@example.com')).toBeNull()
    expect(checkEmail('  kkachi@mail.example.co.kr  ')).toBeNull()
    for (const bad of ['', 'kkachi', 'kkachi@', 'kkachi@example', '@example.com', 'kka chi@example.com', 'kkachi@example.', 'a@b@c.com']) {
      expect(checkEmail(bad), bad).toBe('emailInvalid')
    }
    expect(checkEmail(`${'a'.repeat(250)}@example.com`)).toBe('emailTooLong')
  })

  it('needs a nickname of 1–20 characters after trimming', () => {
    expect(checkNickname('까치')).toBeNull()
    expect(checkNickname('   ')).toBe('nicknameRequired')
    expect(checkNickname('가'.repeat(20))).toBeNull()
    expect(checkNickname('가'.repeat(21))).toBe('nicknameTooLong')
  })

  it('needs a password of 6–128 characters', () => {
    expect(checkPassword('12345')).toBe('passwordShort')
    expect(checkPassword('123456')).toBeNull()
    expect(checkPassword('x'.repeat(129))).toBe('passwordTooLong')
  })

  it('flags any confirmation mismatch, long passwords included', () => {
    expect(checkPasswordConfirm('long-password', 'long-passwore')).toBe('passwordMismatch')
    expect(checkPasswordConfirm('123', '124')).toBe('passwordMismatch')
    expect(checkPasswordConfirm('same-password', 'same-password')).toBeNull()
  })

  it('reports every field of the form at once', () => {
    expect(checkSignUp({ email: 'x', nickname: '', password: '1', passwordConfirm: '2' })).toEqual({
      email: 'emailInvalid',
      nickname: 'nicknameRequired',
      password: 'passwordShort',
      passwordConfirm: 'passwordMismatch'
    })
    expect(checkSignUp({ email: 'a@b.co', nickname: 'n', password: '123456', passwordConfirm: '123456' })).toEqual({})
  })
})

describe('post and comment rules', () => {
  it('trims post text and bounds it to 2,000 characters', () => {
    expect(checkPostText(' \n\t ')).toBe('postTextRequired')
    expect(checkPostText('가'.repeat(2000))).toBeNull()
    expect(checkPostText(`  ${'가'.repeat(2000)}  `)).toBeNull()
    expect(checkPostText('가'.repeat(2001))).toBe('postTextTooLong')
  })

  it('counts characters, not UTF-16 units, so emoji are one each', () => {
    expect(checkComment('🐦'.repeat(500))).toBeNull()
    expect(checkComment('🐦'.repeat(501))).toBe('commentTooLong')
  })

  it('trims comments and needs 1–500 characters', () => {
    expect(checkComment('   ')).toBe('commentRequired')
    expect(checkComment('좋아요')).toBeNull()
  })

  it('knows exactly the three layouts', () => {
    expect(['Top', 'Left', 'Right'].every(isLayout)).toBe(true)
    for (const bad of ['top', 'Bottom', '', null, 1, {}]) expect(isLayout(bad)).toBe(false)
  })
})
