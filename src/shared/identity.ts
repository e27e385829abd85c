/**
 * What a nickname or an email may hold (issue "hostile members", docs/SECURITY.md): the
 * renderer runs these as the user types, main runs them again. Nothing invisible, nothing
 * that reorders text, nothing that looks like a space but is not one: what a person sees of
 * a name is all there is to it.
 */

/**
 * Controls (C0, C1), format characters (zero-width, bidi embeddings, overrides and isolates,
 * the BOM), every default-ignorable code point (Hangul fillers U+115F, U+1160, U+3164, U+FFA0,
 * variation selectors…), line and paragraph separators, private use, surrogates and
 * unassigned code points.
 */
const hidden = /[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\p{Zl}\p{Zp}\p{Co}\p{Cs}\p{Cn}]/u
/** Any space but U+0020, and two spaces in a row. */
const oddSpace = /(?! )\s| {2}/u

/** Magpie marks a look-alike name with `#` and four letters (core/identity.ts): nobody can type the mark. */
export const nicknameMark = '#'

/** The stored form: composed (NFC), so the same name typed on any system is one name. */
export const normalNickname = (nickname: string): string => nickname.normalize('NFC').trim()

/** Why a nickname (already normalised) cannot be used, or null. */
export function nicknameCharacterProblem(nickname: string): 'nicknameHidden' | 'nicknameSpaces' | 'nicknameMark' | null {
  if (hidden.test(nickname)) return 'nicknameHidden'
  if (oddSpace.test(nickname)) return 'nicknameSpaces'
  return nickname.includes(nicknameMark) ? 'nicknameMark' : null
}

/**
 * The stored form of an email: compatibility-composed (NFKC: fullwidth ｋ is k) and lower-cased
 * throughout, not only in ASCII, so one address is one account however it was typed.
 */
export const normalEmail = (email: string): string => email.normalize('NFKC').trim().toLowerCase()

export const emailHasHidden = (email: string): boolean => hidden.test(email)
