/**
 * What 문제 보고 takes out of the logs before they go into the report (docs/decisions/040-crash-reports.md):
 * anything that could name the person or carry what they wrote. Main's log holds error
 * messages, not payloads, but an error can quote a value, a path or a URL.
 */
export interface Person {
  /** The OS account's home folder, written as `~`. */
  home: string
  /** The OS account's name, written as `[user]` wherever it stands alone (in a path, say). */
  user: string
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

const rules: [RegExp, string][] = [
  // Email addresses (a Firebase error can quote one), also percent-encoded in a URL's path.
  [/[^\s@<>()"'`,;:/]+(?:@|%40)[^\s@<>()"'`,;:/]+\.[^\s@<>()"'`,;:/]+/gi, '[email]'],
  // Credentials by name: an Authorization header's value, and a JSON field holding a token or password.
  [/\b(Authorization\s*[:=]\s*"?\s*[A-Za-z]+\s+|Bearer\s+)[^\s"',;]+/gi, '$1[token]'],
  [/("(?:[a-z]*token|password|secret|apikey|credential)"\s*:\s*)"(?:[^"\\]|\\.)*"/gi, '$1"[secret]"'],
  // A URL's query and fragment: tokens, keys, a search's words. Its origin and path stay.
  [/\b([a-z][a-z0-9+.-]*:\/\/[^\s?#"'`]*)[?#][^\s"'`]*/gi, '$1?[query]'],
  // JSON Web Tokens (ID tokens), whose header alone can be short.
  [/\beyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]*)?/g, '[token]'],
  // Tokens and keys: refresh tokens, API keys, session secrets; ids are shorter.
  [/[A-Za-z0-9_-]{32,}(?:\.[A-Za-z0-9_-]+)*={0,2}/g, '[token]'],
  // Text in Korean, or any other script: what people write, and nicknames.
  [/[^\t\n\r -~]+(?: +[^\t\n\r -~]+)*/g, '[text]']
]

export function redact(text: string, person: Person): string {
  let out = text
  if (person.home.length > 1) {
    // Windows paths are case-insensitive and come with either separator.
    const slashed = person.home.replace(/\\/g, '/')
    // A file:// URL carries the folder percent-encoded (C:/Users/Kim%20Lee).
    const variants = new Set([person.home, slashed, person.home.replace(/\//g, '\\'), encodeURI(slashed)])
    for (const home of variants) out = out.replace(new RegExp(escape(home), 'gi'), '~')
  }
  if (person.user.length > 1) {
    for (const user of new Set([person.user, encodeURIComponent(person.user)])) {
      out = out.replace(new RegExp(`(?<![A-Za-z0-9_.-])${escape(user)}(?![A-Za-z0-9_-])`, 'gi'), '[user]')
    }
  }
  for (const [pattern, replacement] of rules) out = out.replace(pattern, replacement)
  return out
}

/**
 * redact() over a whole log, a slice of lines at a time with a turn of the event loop between:
 * 1 MiB at once held main for about 120 ms. No pattern reaches across a line.
 */
export async function redactLog(text: string, person: Person, sliceChars = 64 * 1024): Promise<string> {
  const out: string[] = []
  let start = 0
  while (start < text.length) {
    const cut = text.indexOf('\n', start + sliceChars)
    const end = cut === -1 ? text.length : cut + 1
    out.push(redact(text.slice(start, end), person))
    start = end
    if (start < text.length) await new Promise<void>((resolve) => setImmediate(resolve))
  }
  return out.join('')
}

