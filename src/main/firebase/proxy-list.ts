/**
 * Chromium's proxy decision for a URL, as session.resolveProxy hands it over: the PAC result
 * string of net::ProxyList::ToPacString (net/proxy_resolution/proxy_list.cc), entries joined by
 * ";" — "DIRECT", "PROXY host:port", "HTTPS host:port", "SOCKS host:port" (SOCKS v4),
 * "SOCKS5 host:port", "QUIC host:port" (net/base/proxy_string_util.cc) — to be tried in order.
 * An empty string is a failed lookup (electron shell/browser/net/resolve_proxy_helper.cc:84-86).
 */

export type ProxyEntry = { kind: 'direct' } | { kind: 'http' | 'https' | 'socks4' | 'socks5' | 'quic'; host: string; port: number }

const SCHEMES: Record<string, { kind: Exclude<ProxyEntry['kind'], 'direct'>; port: number }> = {
  PROXY: { kind: 'http', port: 80 },
  HTTPS: { kind: 'https', port: 443 },
  SOCKS: { kind: 'socks4', port: 1080 },
  SOCKS4: { kind: 'socks4', port: 1080 },
  SOCKS5: { kind: 'socks5', port: 1080 },
  QUIC: { kind: 'quic', port: 443 }
}

function parseEntry(text: string): ProxyEntry | null {
  const [word, address, ...rest] = text.trim().split(/\s+/)
  const scheme = word?.toUpperCase()
  if (scheme === 'DIRECT' && address === undefined) return { kind: 'direct' }
  const known = scheme ? SCHEMES[scheme] : undefined
  if (!known || !address || rest.length > 0) return null
  const match = /^(\[[0-9a-fA-F:.]+\]|[^:[\]]+)(?::(\d{1,5}))?$/.exec(address)
  const port = match?.[2] === undefined ? known.port : Number(match[2])
  if (!match?.[1] || port < 1 || port > 65_535) return null
  return { kind: known.kind, host: match[1], port }
}

/**
 * The entries of a PAC result, in order. Like Chromium's ProxyList::SetFromPacString, a
 * malformed entry is dropped and a list with nothing usable left means DIRECT.
 */
export function parseProxyList(pac: string): ProxyEntry[] {
  const entries = pac
    .split(';')
    .filter((part) => part.trim() !== '')
    .map(parseEntry)
    .filter((entry): entry is ProxyEntry => entry !== null)
  return entries.length > 0 ? entries : [{ kind: 'direct' }]
}

/**
 * The first entry a client can speak (`speaks`, which always includes DIRECT). A list of only
 * proxies it cannot speak (SOCKS v4, QUIC) goes direct, said in the log: a network that allows
 * nothing else fails that connection as it would without Magpie's help.
 */
export function firstSpoken(entries: readonly ProxyEntry[], speaks: ReadonlySet<ProxyEntry['kind']>): ProxyEntry {
  const spoken = entries.find((entry) => entry.kind === 'direct' || speaks.has(entry.kind))
  if (spoken) return spoken
  console.warn(`[network] no proxy Magpie can use among ${entries.map((entry) => entry.kind).join(', ')}: connecting directly`)
  return { kind: 'direct' }
}

/** The proxy as a URL (http://host:port, https://, socks5://) for the clients configured by one. */
export function proxyUrl(entry: Exclude<ProxyEntry, { kind: 'direct' }>): string {
  return `${entry.kind === 'socks4' ? 'socks' : entry.kind}://${entry.host}:${entry.port}`
}
