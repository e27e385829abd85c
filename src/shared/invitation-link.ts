import { deepLinkScheme } from './deep-link'
import { checkConfigField, configFieldLabels, configFields, normalizeFirebaseConfig, type ConfigField } from './firebase-config'
import { format, messages, type MessageKey } from './messages'
import type { FirebaseWebConfig } from './types'

/**
 * A community's invitation, `magpie://join?apiKey=…&authDomain=…&databaseURL=…&projectId=…&storageBucket=…&appId=…`
 * (docs/decisions/023-invitation-links.md): the six web-config fields, and, when a moderator made
 * it, a join code `&code=…` (docs/decisions/047-invitation-codes.md) and nothing else. The
 * settings dialog builds the plain one, main the one with a code; main reads either when the OS
 * hands it over and asks before connecting, naming the community by its projectId (the link
 * carries no name of its own).
 */

/** A real config's link is about 400 characters; anything far longer is not one. */
export const invitationLinkMax = 2_000

const joinPattern = new RegExp(`^${deepLinkScheme}://join/?\\?(.*)$`, 'is')

/**
 * A join code: 24 random bytes (192 bits) in base64url, exactly as main makes them
 * (src/main/core/join-codes.ts), so a code is URL-safe and needs no encoding in a link.
 */
export const joinCodePattern = /^[A-Za-z0-9_-]{32}$/

export const isJoinCode = (value: unknown): value is string => typeof value === 'string' && joinCodePattern.test(value)

export function invitationLink(config: FirebaseWebConfig, code?: string): string {
  const query = configFields.map((field) => `${field}=${encodeURIComponent(config[field])}`).join('&')
  return `${deepLinkScheme}://join?${query}${code === undefined ? '' : `&code=${code}`}`
}

/** A magpie://join link (valid or not), as opposed to a post's link. */
export function isInvitationLink(raw: unknown): raw is string {
  return typeof raw === 'string' && raw.slice(0, 32).toLowerCase().startsWith(`${deepLinkScheme}://join`)
}

export type InvitationResult = { ok: true; config: FirebaseWebConfig; code?: string } | { ok: false; error: MessageKey; field?: ConfigField }

const fieldNames: ReadonlySet<string> = new Set([...configFields, 'code'])

/**
 * The config an invitation carries, or the first thing wrong with it: too long, not the join
 * shape, white space or control characters anywhere, a parameter that is not one of the six
 * (or the optional code) or comes twice, a value that is not percent-encoded text, a missing
 * field, a value the field's rule refuses (with that rule's message), or a code that is not one
 * main could have made.
 */
export function parseInvitationLink(raw: unknown): InvitationResult {
  if (typeof raw !== 'string') return { ok: false, error: 'invitationMalformed' }
  if (raw.length > invitationLinkMax) return { ok: false, error: 'invitationTooLong' }
  // Encoded values are plain ASCII: white space and every \p{C} character (controls, bidi
  // overrides, zero-width marks) have no place in the link itself.
  if (/[\s\p{C}]/u.test(raw)) return { ok: false, error: 'invitationMalformed' }
  const query = joinPattern.exec(raw)?.[1]
  if (query === undefined || query.includes('#')) return { ok: false, error: 'invitationMalformed' }
  const values = new Map<ConfigField | 'code', string>()
  for (const part of query.split('&')) {
    const equals = part.indexOf('=')
    if (equals <= 0) return { ok: false, error: 'invitationMalformed' }
    const key = part.slice(0, equals)
    if (!fieldNames.has(key)) return { ok: false, error: 'invitationUnknownParam' }
    const field = key as ConfigField | 'code'
    if (values.has(field)) return { ok: false, error: 'invitationDuplicateParam' }
    let value: string
    try {
      value = decodeURIComponent(part.slice(equals + 1))
    } catch {
      return { ok: false, error: 'invitationMalformed' }
    }
    // Decoded, a value may hold what the raw link could not (%0A, %E2%80%AE): the field rules refuse those.
    values.set(field, value)
  }
  for (const field of configFields) {
    const value = values.get(field)
    if (value === undefined) return { ok: false, error: 'configFieldRequired', field }
    if (value !== value.trim()) return { ok: false, error: 'invitationMalformed' }
    const problem = checkConfigField(field, value)
    if (problem) return { ok: false, error: problem, field }
  }
  const code = values.get('code')
  if (code !== undefined && !isJoinCode(code)) return { ok: false, error: 'joinCodeMalformed' }
  values.delete('code')
  const config = normalizeFirebaseConfig(Object.fromEntries(values) as unknown as FirebaseWebConfig)
  return code === undefined ? { ok: true, config } : { ok: true, config, code }
}

/** What the person is told of a refused link: the link's problem, or the field's label and the rule its value breaks. */
export function invitationProblem(result: { error: MessageKey; field?: ConfigField }): string {
  if (!result.field) return messages[result.error]
  const label = messages[configFieldLabels[result.field]]
  return result.error === 'configFieldRequired' ? format.invitationMissing(label) : format.invitationBadField(label, messages[result.error])
}
