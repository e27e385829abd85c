import { createHash } from 'node:crypto'
import { nicknameCharacterProblem, nicknameMark, normalNickname } from '@shared/identity'
import { limits } from '@shared/limits'

/** What the store knows of a person's name beside it (store/users-store.ts `identity`). */
export interface IdentityFacts {
  /** Another person known here has a nickname that looks the same (the same look-alike key). */
  lookAlike: boolean
  /** What the mark is made from: the Firebase uid where there is one (the same on every computer), else the local id. */
  markSource: string
}

/** Hidden characters are dropped and spaces made plain before a name is shown. */
const hidden = /[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\p{Zl}\p{Zp}\p{Co}\p{Cs}\p{Cn}]/gu

/** Four letters from the person's id: the same person always carries the same mark. */
export const identityMark = (source: string): string =>
  createHash('sha256').update(source).digest('hex').slice(0, 4).toUpperCase()

/**
 * The name Magpie shows for a person, whoever wrote it (another client, the web app, an old
 * store): without anything invisible or reordering, and marked `#1A2B` when it looks like
 * someone else's or was not a name Magpie would accept, so "관\u200b리자" never passes for
 * "관리자". Nobody can type the mark (shared/identity.ts).
 */
export function shownNickname(nickname: string, facts: IdentityFacts): string {
  const normal = normalNickname(nickname)
  const visible = normal.replace(/\s+/gu, ' ').replace(hidden, '').trim()
  const accepted = visible === normal && visible.length > 0 && [...visible].length <= limits.nicknameMax && nicknameCharacterProblem(visible) === null
  return facts.lookAlike || !accepted ? `${visible}${nicknameMark}${identityMark(facts.markSource)}` : visible
}
