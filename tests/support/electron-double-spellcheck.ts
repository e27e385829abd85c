/**
 * [desk] The session's spellchecker as Electron 42 has it (electron/electron at 42-x-y), for the
 * double's defaultSession (electron-double.ts): the languages list, the custom dictionary, and
 * what a right-click on a misspelled word hands the context-menu listener.
 */

/**
 * What `availableSpellCheckerLanguages` answers: Chromium's Hunspell list, spellcheck::SpellCheckLanguages()
 * (electron_api_session.cc:1826-1827; components/spellcheck/common/spellcheck_common.cc
 * kSupportedSpellCheckerLanguages). The same on every OS, macOS included, though macOS never uses it.
 */
export const chromiumSpellCheckerLanguages = [
  'af', 'bg', 'ca', 'cs', 'cy', 'da', 'de', 'de-DE', 'el', 'en', 'en-AU', 'en-CA', 'en-GB', 'en-GB-oxendict', 'en-US',
  'es', 'es-419', 'es-AR', 'es-ES', 'es-MX', 'es-US', 'et', 'fa', 'fo', 'fr', 'fr-FR', 'he', 'hi', 'hr', 'hu', 'hy',
  'id', 'it', 'it-IT', 'ko', 'lt', 'lv', 'nb', 'nl', 'pl', 'pt-BR', 'pt-PT', 'ro', 'ru', 'sh', 'sk', 'sl', 'sq', 'sr',
  'sv', 'ta', 'tg', 'tr', 'uk', 'vi'
]

export interface SpellcheckState {
  /** What this build offers (a test may take a language away). */
  available: string[]
  /** The dictionaries in use (the kSpellCheckDictionaries pref). */
  languages: string[]
  /** The kSpellCheckEnable pref. */
  enabled: boolean
  /** Words added with addWordToSpellCheckerDictionary (the custom dictionary file). */
  customWords: string[]
  /** Whether the session is in memory (a partition without persist:): it adds no words. */
  inMemory: boolean
}

/**
 * With no languages set, the one matching the OS's locale (electron_browser_context.cc:489-500,
 * GetCorrespondingSpellCheckLanguage(GetConfiguredLocale())): en-US on an English system.
 */
export function emptySpellcheck(osLocale = 'en-US'): SpellcheckState {
  const code = correspondingLanguage(osLocale)
  return { available: [...chromiumSpellCheckerLanguages], languages: code ? [code] : [], enabled: true, customWords: [], inMemory: false }
}

/** spellcheck::GetCorrespondingSpellCheckLanguage: the exact code, else its language part; '' when neither is offered. */
function correspondingLanguage(code: string, available: readonly string[] = chromiumSpellCheckerLanguages): string {
  const exact = available.find((language) => language.toLowerCase() === code.toLowerCase())
  if (exact) return exact
  const base = code.split('-')[0]!.toLowerCase()
  return available.find((language) => language.toLowerCase() === base) ?? ''
}

/**
 * setSpellCheckerLanguages: a no-op on macOS (electron_api_session.cc:1571, `#if !BUILDFLAG(IS_MAC)`);
 * elsewhere a code it cannot match throws and nothing is set (:1573-1579), and an empty list turns
 * the checker off (:1582-1586).
 */
export function setSpellCheckerLanguages(state: SpellcheckState, languages: string[]): void {
  if (process.platform === 'darwin') return
  const codes: string[] = []
  for (const language of languages) {
    const code = correspondingLanguage(language, state.available)
    if (!code) throw new Error(`Invalid language code provided: "${language}" is not a valid language code`)
    codes.push(code)
  }
  state.languages = codes
  state.enabled = languages.length > 0
}

/** False for an in-memory session (electron_api_session.cc:1628-1633); otherwise the word joins the custom dictionary (:1646). */
export function addWordToSpellCheckerDictionary(state: SpellcheckState, word: string): boolean {
  if (state.inMemory) return false
  if (!state.customWords.includes(word)) state.customWords.push(word)
  return true
}

/**
 * The spelling part of context-menu's params (shell/common/gin_converters/content_converter.cc:118-125):
 * misspelledWord is '' unless the pointer is on a word the checker marked; dictionarySuggestions
 * and spellcheckEnabled come only with the built-in spellchecker (always, in Electron's builds).
 */
export function spellingParams(misspelledWord = '', dictionarySuggestions: string[] = [], spellcheckEnabled = true) {
  return { misspelledWord, dictionarySuggestions, spellcheckEnabled }
}
