import type { MessageKey } from './messages'
import type { FirebaseWebConfig } from './types'

/**
 * A community's Firebase web config, checked field by field: the settings dialog runs these
 * as the user types, main runs them again before it tries or saves a config, so both sides
 * give the same message. Plain functions, no schema library: the renderer ships them.
 */
export type ConfigField = keyof FirebaseWebConfig

/** In the order the Firebase console prints them. */
export const configFields = ['apiKey', 'authDomain', 'databaseURL', 'projectId', 'storageBucket', 'appId'] as const satisfies readonly ConfigField[]

/** Each field's name as a member reads it (the settings form shows the Firebase name beside it). */
export const configFieldLabels: Record<ConfigField, MessageKey> = {
  apiKey: 'configLabelApiKey',
  authDomain: 'configLabelAuthDomain',
  databaseURL: 'configLabelDatabaseUrl',
  projectId: 'configLabelProjectId',
  storageBucket: 'configLabelStorageBucket',
  appId: 'configLabelAppId'
}

/** Far beyond any real value: only stops absurd input before a pattern looks at it. */
const valueMax = 300

// Google API keys: "AIza" and 35 more URL-safe base64 characters.
const apiKeyLength = 39
// Host name labels: letters, digits and inner hyphens, at most 63 each.
const label = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?'
const hostPattern = new RegExp(`^${label}(?:\\.${label})+$`)
// Cloud Storage bucket names: lowercase letters, digits, "-", "_" and ".", a letter or digit at each end.
const bucketPattern = /^[a-z0-9][a-z0-9._-]{1,220}[a-z0-9]$/
// "1:<project number>:web:<hex>"; Android and iOS app ids are not web apps.
const appIdPattern = /^1:\d{1,20}:web:[0-9a-f]{1,64}$/
const databaseHosts = ['.firebaseio.com', '.firebasedatabase.app']
const emulatorHosts = ['127.0.0.1', 'localhost', '[::1]']

const bounded = (value: string) => value.length > 0 && value.length <= valueMax

/** Each rule in turn, so the message names the one the value breaks ("AIzaFAKEFAKE" is too short, not mis-started). */
export function checkApiKey(value: string): MessageKey | null {
  if (value === '') return 'configFieldRequired'
  if (!value.startsWith('AIza')) return 'configApiKeyPrefix'
  if (!/^[0-9A-Za-z_-]*$/.test(value)) return 'configApiKeyCharacters'
  return value.length === apiKeyLength ? null : 'configApiKeyLength'
}

export function checkAuthDomain(value: string): MessageKey | null {
  const host = value.toLowerCase()
  return bounded(host) && host.length <= 253 && hostPattern.test(host) ? null : 'configAuthDomainInvalid'
}

/** Firebase project ids: 6–30 lowercase letters, digits and hyphens, a letter first, no hyphen last; each rule its own message. */
export function checkProjectId(value: string): MessageKey | null {
  if (value === '') return 'configFieldRequired'
  if (!/^[a-z0-9-]*$/.test(value)) return 'configProjectIdCharacters'
  if (!/^[a-z]/.test(value)) return 'configProjectIdStart'
  if (value.endsWith('-')) return 'configProjectIdEnd'
  return value.length >= 6 && value.length <= 30 ? null : 'configProjectIdLength'
}

export function checkStorageBucket(value: string): MessageKey | null {
  const ok =
    bucketPattern.test(value) &&
    // Dotted names are domain-like: no empty, over-long or hyphen-edged parts.
    value.split('.').every((part) => part.length > 0 && part.length <= 63 && !/^[-_]|[-_]$/.test(part)) &&
    !/^\d{1,3}(\.\d{1,3}){3}$/.test(value)
  return ok ? null : 'configStorageBucketInvalid'
}

/**
 * https on Firebase's Realtime Database hosts; plain http only to an emulator on this
 * computer (which names its database with ?ns=). No credentials, paths or fragments.
 */
export function checkDatabaseUrl(value: string): MessageKey | null {
  if (!bounded(value)) return 'configDatabaseUrlInvalid'
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return 'configDatabaseUrlInvalid'
  }
  const plain = url.username === '' && url.password === '' && url.hash === '' && (url.pathname === '/' || url.pathname === '')
  if (!plain) return 'configDatabaseUrlInvalid'
  if (emulatorHosts.includes(url.hostname) && url.port !== '') {
    const query = [...url.searchParams.keys()]
    return (url.protocol === 'http:' || url.protocol === 'https:') && query.every((key) => key === 'ns') ? null : 'configDatabaseUrlInvalid'
  }
  const firebaseHost =
    url.port === '' &&
    url.search === '' &&
    hostPattern.test(url.hostname) &&
    databaseHosts.some((suffix) => url.hostname.endsWith(suffix) && url.hostname.length > suffix.length)
  return url.protocol === 'https:' && firebaseHost ? null : 'configDatabaseUrlInvalid'
}

export function checkAppId(value: string): MessageKey | null {
  return appIdPattern.test(value) ? null : 'configAppIdInvalid'
}

const rules: Record<ConfigField, (value: string) => MessageKey | null> = {
  apiKey: checkApiKey,
  authDomain: checkAuthDomain,
  projectId: checkProjectId,
  storageBucket: checkStorageBucket,
  databaseURL: checkDatabaseUrl,
  appId: checkAppId
}

/** One field's problem (after trimming), or null. */
export function checkConfigField(field: ConfigField, value: string): MessageKey | null {
  const trimmed = value.trim()
  return trimmed === '' ? 'configFieldRequired' : rules[field](trimmed)
}

/** Every field's first problem, keyed by field; empty when the config is valid. */
export function checkFirebaseConfig(config: FirebaseWebConfig): Partial<Record<ConfigField, MessageKey>> {
  const problems: Partial<Record<ConfigField, MessageKey>> = {}
  for (const field of configFields) {
    const problem = checkConfigField(field, config[field])
    if (problem) problems[field] = problem
  }
  return problems
}

/** The config as it is used and saved: the six fields, trimmed, nothing else. */
export function normalizeFirebaseConfig(config: FirebaseWebConfig): FirebaseWebConfig {
  return {
    apiKey: config.apiKey.trim(),
    authDomain: config.authDomain.trim().toLowerCase(),
    projectId: config.projectId.trim(),
    storageBucket: config.storageBucket.trim(),
    databaseURL: config.databaseURL.trim(),
    appId: config.appId.trim()
  }
}

// --- Reading what people paste -------------------------------------------------------------

/** More than any console snippet (imports, comments and all); longer text is not a config. */
const snippetMax = 20_000

type Token = { kind: 'string'; value: string } | { kind: 'word'; value: string } | { kind: 'punct'; value: string }

const escapes: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f', v: '\v', '0': '\0' }

/** Splits JavaScript-ish text into strings, words and punctuation, skipping comments; null if a string or comment never ends. */
function tokenize(text: string): Token[] | null {
  const tokens: Token[] = []
  let i = 0
  while (i < text.length) {
    const c = text[i]!
    if (/\s/.test(c)) {
      i += 1
    } else if (text.startsWith('//', i)) {
      const end = text.indexOf('\n', i)
      i = end === -1 ? text.length : end + 1
    } else if (text.startsWith('/*', i)) {
      const end = text.indexOf('*/', i + 2)
      if (end === -1) return null
      i = end + 2
    } else if (c === '"' || c === "'" || c === '`') {
      let value = ''
      i += 1
      for (;;) {
        if (i >= text.length) return null
        const d = text[i]!
        if (d === c) break
        // A template with ${…} runs code: never a value here.
        if (c === '`' && text.startsWith('${', i)) return null
        if ((d === '\n' || d === '\r') && c !== '`') return null
        if (d === '\\') {
          const e = text[i + 1]
          if (e === undefined) return null
          if (e === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) {
            value += String.fromCharCode(parseInt(text.slice(i + 2, i + 6), 16))
            i += 6
          } else if (e === 'x' && /^[0-9a-fA-F]{2}$/.test(text.slice(i + 2, i + 4))) {
            value += String.fromCharCode(parseInt(text.slice(i + 2, i + 4), 16))
            i += 4
          } else {
            value += escapes[e] ?? e
            i += 2
          }
          continue
        }
        value += d
        i += 1
      }
      i += 1
      tokens.push({ kind: 'string', value })
    } else if (/[A-Za-z0-9_$]/.test(c)) {
      const match = /^[A-Za-z0-9_$.]+/.exec(text.slice(i, i + 200))!
      tokens.push({ kind: 'word', value: match[0] })
      i += match[0].length
    } else {
      tokens.push({ kind: 'punct', value: c })
      i += 1
    }
  }
  return tokens
}

/** `{ key: "value", … }` starting at tokens[start], trailing comma allowed; bare values (numbers, null) are kept out. */
function readObject(tokens: Token[], start: number): Map<string, string> | null {
  const entries = new Map<string, string>()
  let i = start + 1
  for (;;) {
    const key = tokens[i]
    if (key?.kind === 'punct' && key.value === '}') return entries
    if (!key || key.kind === 'punct') return null
    if (tokens[i + 1]?.value !== ':' || tokens[i + 1]?.kind !== 'punct') return null
    const value = tokens[i + 2]
    if (!value || value.kind === 'punct') return null
    if (value.kind === 'string') entries.set(key.value, value.value)
    const next = tokens[i + 3]
    if (next?.kind === 'punct' && next.value === ',') i += 4
    else if (next?.kind === 'punct' && next.value === '}') return entries
    else return null
  }
}

/**
 * The config fields found in what was pasted from the Firebase console: the whole snippet
 * (`const firebaseConfig = { apiKey: "…", … };` with its imports and comments), the object
 * alone, or JSON. Read token by token, never evaluated. Fields that are missing are left
 * out; other keys (measurementId, messagingSenderId) are ignored. Null when no config can
 * be read from it.
 */
export function parseFirebaseSnippet(text: string): Partial<FirebaseWebConfig> | null {
  if (text.length > snippetMax) return null
  const tokens = tokenize(text)
  if (!tokens) return null
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i]!
    if (token.kind !== 'punct' || token.value !== '{') continue
    const entries = readObject(tokens, i)
    if (!entries) continue
    const found: Partial<FirebaseWebConfig> = {}
    for (const field of configFields) {
      const value = entries.get(field)
      if (value !== undefined) found[field] = value.trim()
    }
    if (Object.keys(found).length > 0) return found
  }
  return null
}
