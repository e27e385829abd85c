import { describe, expect, it } from 'vitest'
import { lookAlikeKey } from './look-alike-key'

describe('look-alike keys (UTS #39 skeletons)', () => {
  it('gives every disguise of a name the name\'s key', () => {
    const key = lookAlikeKey('관리자')
    for (const disguise of ['관리자'.normalize('NFD'), '관\u200b리자', '\u3164관리자', '관리자\ufeff', ' 관리자 ']) expect(lookAlikeKey(disguise)).toBe(key)
  })

  it('meets Latin with its Cyrillic and fullwidth look-alikes, and letters with the digits that pass for them', () => {
    expect(lookAlikeKey('gаme')).toBe(lookAlikeKey('game')) // Cyrillic а
    expect(lookAlikeKey('ｇａｍｅ')).toBe(lookAlikeKey('game'))
    expect(lookAlikeKey('GAME')).toBe(lookAlikeKey('game'))
    expect(lookAlikeKey('0live')).toBe(lookAlikeKey('Olive'))
    expect(lookAlikeKey('Il1')).toBe(lookAlikeKey('lll'))
    expect(lookAlikeKey('paypal')).toBe(lookAlikeKey('pаypаl'))
  })

  it('keeps names that only share letters apart', () => {
    expect(lookAlikeKey('관리자')).not.toBe(lookAlikeKey('관리지'))
    expect(lookAlikeKey('까치')).not.toBe(lookAlikeKey('까지'))
    expect(lookAlikeKey('관리 자')).not.toBe(lookAlikeKey('관리자'))
  })
})
