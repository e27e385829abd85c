import { describe, expect, it } from 'vitest'
import { checkEmail, checkNickname } from './validation'
import { normalEmail, normalNickname } from './identity'

describe('nicknames a person may choose (issue 22, item 3)', () => {
  it.each([
    ['a zero-width space', '관\u200b리자', 'nicknameHidden'],
    ['the Hangul filler U+3164', '\u3164관리자', 'nicknameHidden'],
    ['the halfwidth Hangul filler U+FFA0', '관리자\uffa0', 'nicknameHidden'],
    ['a right-to-left override', '\u202e자리관', 'nicknameHidden'],
    ['a bidi isolate', '관\u2067리자', 'nicknameHidden'],
    ['NUL', '관리\u0000자', 'nicknameHidden'],
    ['BEL', '관리자\u0007', 'nicknameHidden'],
    ['a newline', '관리\n자', 'nicknameHidden'],
    ['a C1 control (NEL)', '관리\u0085자', 'nicknameHidden'],
    ['a lone surrogate', '관리\ud800자', 'nicknameHidden'],
    ['a variation selector', '관리자\ufe0f', 'nicknameHidden'],
    ['an ideographic space', '관리\u3000자', 'nicknameSpaces'],
    ['a no-break space', '관리\u00a0자', 'nicknameSpaces'],
    ['two spaces', '관리  자', 'nicknameSpaces'],
    ['the look-alike mark', '관리자#1A2B', 'nicknameMark']
  ])('refuses %s', (_name, nickname, problem) => {
    expect(checkNickname(nickname)).toBe(problem)
  })

  it('accepts ordinary names, one space between words and emoji that are one character', () => {
    for (const nickname of ['관리자', '까치 아빠', 'minji_92', 'Kim.J-H', '별빛⭐', '😀']) expect(checkNickname(nickname)).toBeNull()
  })

  it('stores the composed form: a name typed in NFD is the same name', () => {
    const nfd = '관리자'.normalize('NFD')
    expect(nfd).not.toBe('관리자')
    expect(checkNickname(nfd)).toBeNull()
    expect(normalNickname(` ${nfd} `)).toBe('관리자')
  })
})

describe('emails (issue 22, item 3)', () => {
  it('one address however it was typed: NFD, fullwidth, any case', () => {
    expect(normalEmail('ｋim@Example.COM')).toBe('kim@example.com')
    expect(normalEmail('Émile@example.com'.normalize('NFD'))).toBe('émile@example.com')
    expect(normalEmail(' KIM@EXAMPLE.COM ')).toBe('kim@example.com')
  })

  it('refuses an email with a zero-width space or a control in it', () => {
    expect(checkEmail('ki\u200bm@example.com')).toBe('emailHidden')
    expect(checkEmail('kim@exa\u0000mple.com')).toBe('emailHidden')
    expect(checkEmail('kim@example.com')).toBeNull()
  })
})
