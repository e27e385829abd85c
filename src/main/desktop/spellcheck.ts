import type { ContextMenuParams, MenuItemConstructorOptions, Session } from 'electron'
import { messages } from '@shared/messages'

/**
 * Korean and English, in Chromium's codes: both are in its list of Hunspell dictionaries
 * (components/spellcheck/common/spellcheck_common.cc, kSupportedSpellCheckerLanguages: "ko", "en-US").
 */
export const spellingLanguages = ['ko', 'en-US'] as const

/**
 * The languages the editor and comments are checked in. macOS checks with its own spellchecker,
 * which finds the language by itself; Electron ignores the list there (electron_api_session.cc:1568-1588,
 * `#if !BUILDFLAG(IS_MAC)`). Windows checks with its own spellchecker the languages it has one for and
 * with Hunspell the others (Chromium's windows_spell_checker; electron_api_session.cc:1640-1645). Linux:
 * Hunspell. Electron throws on a code it does not know (electron_api_session.cc:1574-1579), so only the
 * ones this build offers are asked for. Answers what was set.
 */
export function setSpellingLanguages(
  session: Pick<Session, 'availableSpellCheckerLanguages' | 'setSpellCheckerLanguages'>,
  platform: NodeJS.Platform
): string[] {
  if (platform === 'darwin') return []
  const available = new Set(session.availableSpellCheckerLanguages)
  const languages = spellingLanguages.filter((language) => available.has(language))
  try {
    session.setSpellCheckerLanguages(languages)
  } catch (error) {
    // The field still works without a check; the log says why there is none.
    console.warn('spellcheck languages', error)
    return []
  }
  return languages
}

/**
 * What a right-click on a misspelled word offers first: the checker's suggestions (each replaces
 * the word), or that there are none, then 사전에 추가. Nothing when the word under the pointer is spelt right.
 */
export function spellingItems(
  params: Pick<ContextMenuParams, 'isEditable' | 'misspelledWord' | 'dictionarySuggestions'>,
  actions: { replace(word: string): void; learn(word: string): void }
): MenuItemConstructorOptions[] {
  const word = params.misspelledWord
  if (!params.isEditable || !word) return []
  const suggestions: MenuItemConstructorOptions[] =
    params.dictionarySuggestions.length > 0
      ? params.dictionarySuggestions.map((suggestion) => ({ label: suggestion, click: () => actions.replace(suggestion) }))
      : [{ label: messages.menuNoSpellingSuggestions, enabled: false }]
  return [...suggestions, { type: 'separator' }, { label: messages.menuAddToDictionary, click: () => actions.learn(word) }, { type: 'separator' }]
}
