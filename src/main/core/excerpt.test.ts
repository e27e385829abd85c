import { describe, expect, it } from 'vitest'
import { excerpt } from './excerpt'

describe('excerpt', () => {
  it('keeps short text whole, one line', () => {
    expect(excerpt('  오늘 찍은\n\n바다   사진 ')).toBe('오늘 찍은 바다 사진')
  })

  it('cuts on a grapheme boundary: a family emoji or a flag is never split', () => {
    const family = '👨‍👩‍👧‍👦'
    expect(excerpt(`${'가'.repeat(39)}${family}끝`)).toBe(`${'가'.repeat(39)}${family}…`)
    expect(excerpt(`${'가'.repeat(39)}🇰🇷🇰🇷`)).toBe(`${'가'.repeat(39)}🇰🇷…`)
    expect(excerpt('ab cd', 3)).toBe('ab…')
  })

  it("drops controls and direction overrides from someone else's text", () => {
    expect(excerpt('a\u202Egnp.exe\u0007b')).toBe('a gnp.exe b')
    expect(excerpt('<b>굵게</b>')).toBe('<b>굵게</b>')
  })
})
