import { describe, expect, it } from 'vitest'
import { identityMark, shownNickname } from './identity'

const plain = { lookAlike: false, markSource: 'uid-1' }

describe('how a name is shown', () => {
  it('shows an accepted name that looks like nobody else\'s as it is', () => {
    expect(shownNickname('관리자', plain)).toBe('관리자')
  })

  it('marks a look-alike with four letters from the person\'s id, the same each time', () => {
    const shown = shownNickname('관리자', { lookAlike: true, markSource: 'uid-2' })
    expect(shown).toBe(`관리자#${identityMark('uid-2')}`)
    expect(identityMark('uid-2')).toMatch(/^[0-9A-F]{4}$/)
    expect(shownNickname('관리자', { lookAlike: true, markSource: 'uid-3' })).not.toBe(shown)
  })

  it('shows what another client wrote without anything hidden or reordering, and marks it: no disguise passes for a name', () => {
    const mark = `#${identityMark('uid-1')}`
    expect(shownNickname('관\u200b리자', plain)).toBe(`관리자${mark}`)
    expect(shownNickname('\u202e자리관', plain)).toBe(`자리관${mark}`)
    expect(shownNickname('관리\n자', plain)).toBe(`관리 자${mark}`)
    expect(shownNickname('\u3164', plain)).toBe(mark)
    expect(shownNickname('관리자#1A2B', plain)).toBe(`관리자#1A2B${mark}`)
    expect(shownNickname('가'.repeat(21), plain)).toBe(`${'가'.repeat(21)}${mark}`)
  })

  it('composes a name written in NFD, without a mark: it is the same name', () => {
    expect(shownNickname('관리자'.normalize('NFD'), plain)).toBe('관리자')
  })
})
