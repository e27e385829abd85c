import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { Session } from 'electron'
import { messages } from '@shared/messages'
import { electronRecording, resetElectron, becomeReady, session } from '../../../tests/support/electron-double'
import { pretendPlatforms } from '../../../tests/support/pretend-platform'
import { secureWebPreferences } from './security'
import { setSpellingLanguages, spellingItems } from './spellcheck'

beforeEach(() => {
  resetElectron()
  becomeReady()
})
const pretendPlatform = pretendPlatforms()
const ses = () => session.defaultSession as unknown as Session

describe('the spellchecker', () => {
  it('is on in the window', () => {
    expect(secureWebPreferences('/p.cjs').spellcheck).toBe(true)
  })

  it.each(['win32', 'linux'] as const)('on %s checks Korean and English, whatever the OS language', (os) => {
    pretendPlatform(os)
    expect(electronRecording.session.spellcheck.languages).toEqual(['en-US'])
    expect(setSpellingLanguages(ses(), os)).toEqual(['ko', 'en-US'])
    expect(electronRecording.session.spellcheck.languages).toEqual(['ko', 'en-US'])
    expect(electronRecording.session.spellcheck.enabled).toBe(true)
  })

  it('on macOS leaves it to the OS checker, which finds the language by itself', () => {
    pretendPlatform('darwin')
    expect(setSpellingLanguages(ses(), 'darwin')).toEqual([])
    expect(electronRecording.calls.filter((call) => call.api === 'session.setSpellCheckerLanguages')).toEqual([])
  })

  it('asks only for what the build offers, since Electron throws on a code it does not know', () => {
    pretendPlatform('linux')
    electronRecording.session.spellcheck.available = electronRecording.session.spellcheck.available.filter((code) => code !== 'ko')
    expect(setSpellingLanguages(ses(), 'linux')).toEqual(['en-US'])
    expect(electronRecording.session.spellcheck.languages).toEqual(['en-US'])
  })

  it('a refusal leaves the field working and is logged, not thrown', () => {
    pretendPlatform('linux')
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const refusing = { availableSpellCheckerLanguages: ['ko', 'en-US'], setSpellCheckerLanguages: () => ses().setSpellCheckerLanguages(['xx-nowhere']) }
    expect(setSpellingLanguages(refusing, 'linux')).toEqual([])
    expect(warn).toHaveBeenCalledWith('spellcheck languages', expect.objectContaining({ message: expect.stringContaining('xx-nowhere') }))
    warn.mockRestore()
  })
})

describe('spelling in the right-click menu', () => {
  const actions = () => ({ replace: vi.fn(), learn: vi.fn() })

  it('offers each suggestion, which replaces the word, then 사전에 추가', () => {
    const a = actions()
    const items = spellingItems({ isEditable: true, misspelledWord: '안넝하세요', dictionarySuggestions: ['안녕하세요', '안녕하세오'] }, a)
    expect(items.map((item) => item.label ?? item.type)).toEqual(['안녕하세요', '안녕하세오', 'separator', messages.menuAddToDictionary, 'separator'])
    ;(items[1]!.click as () => void)()
    ;(items[3]!.click as () => void)()
    expect(a.replace).toHaveBeenCalledWith('안녕하세오')
    expect(a.learn).toHaveBeenCalledWith('안넝하세요')
  })

  it('says there is no suggestion rather than showing nothing', () => {
    const items = spellingItems({ isEditable: true, misspelledWord: 'Magpieee', dictionarySuggestions: [] }, actions())
    expect(items[0]).toEqual({ label: messages.menuNoSpellingSuggestions, enabled: false })
  })

  it('is empty on a word spelt right and outside text fields', () => {
    expect(spellingItems({ isEditable: true, misspelledWord: '', dictionarySuggestions: [] }, actions())).toEqual([])
    expect(spellingItems({ isEditable: false, misspelledWord: 'teh', dictionarySuggestions: ['the'] }, actions())).toEqual([])
  })
})
