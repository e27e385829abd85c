/**
 * What search compares, shared by main (the store's index, the query) and the renderer (the
 * highlight, the links in text), so a word found is a word marked and a tag linked is a tag
 * found. Docs: docs/decisions/029-search.md.
 */

/** Text as search compares it: one Unicode form (NFKC, so NFD Hangul and full-width letters meet their usual form), lower case. */
export const searchText = (text: string): string => text.normalize('NFKC').toLowerCase()

/** The longest hashtag, in code points; what follows is plain text. */
export const hashtagMax = 50

/**
 * A hashtag: `#` at the start or after a character that is not part of a word (so `a#b` and a
 * link's `/#top` are not tags), then letters, marks, digits or `_`.
 */
export const hashtagPattern = new RegExp(`(?<![\\p{L}\\p{M}\\p{N}_&/#])#([\\p{L}\\p{M}\\p{N}_]{1,${hashtagMax}})`, 'gu')

/** A web link in text: http or https, up to the next space or a closing bracket or quote. */
const linkPattern = /\bhttps?:\/\/[^\s<>"'()[\]{}]+/giu
/** Punctuation that ends a sentence rather than the link it follows. */
const trailing = /[.,!?;:…。、]+$/u

/** A hashtag as its page and the index name it. */
export const normalTag = (tag: string): string => searchText(tag)

/** The text's hashtags, normalised, each once, in order. */
export function hashtags(text: string): string[] {
  const tags = new Set<string>()
  for (const match of text.matchAll(hashtagPattern)) tags.add(normalTag(match[1]!))
  return [...tags]
}

/** The index's tags column: ` #a #b ` — spaces on both sides, so a phrase ` #a ` matches a whole tag. */
export const tagsColumn = (text: string): string => {
  const tags = hashtags(text)
  return tags.length ? ` ${tags.map((tag) => `#${tag}`).join(' ')} ` : ''
}

export type TextPart = { kind: 'text'; text: string } | { kind: 'tag'; text: string; tag: string } | { kind: 'link'; text: string; url: string; host: string }

/** Text cut into plain runs, hashtags and web links (http/https with a host), in order. */
export function textParts(text: string): TextPart[] {
  const parts: TextPart[] = []
  let from = 0
  const plain = (to: number) => {
    if (to > from) parts.push(...tagParts(text.slice(from, to)))
  }
  for (const match of text.matchAll(linkPattern)) {
    const raw = match[0].replace(trailing, '')
    const host = hostOf(raw)
    if (!host) continue
    plain(match.index)
    parts.push({ kind: 'link', text: raw, url: raw, host })
    from = match.index + raw.length
  }
  plain(text.length)
  return parts
}

function tagParts(text: string): TextPart[] {
  const parts: TextPart[] = []
  let from = 0
  for (const match of text.matchAll(hashtagPattern)) {
    if (match.index > from) parts.push({ kind: 'text', text: text.slice(from, match.index) })
    parts.push({ kind: 'tag', text: match[0], tag: normalTag(match[1]!) })
    from = match.index + match[0].length
  }
  if (from < text.length) parts.push({ kind: 'text', text: text.slice(from) })
  return parts
}

function hostOf(raw: string): string | null {
  try {
    const url = new URL(raw)
    if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !url.hostname || url.username || url.password) return null
    return url.hostname
  } catch {
    return null
  }
}

/** A search's words: hashtags (`#` and a tag's start) and the other words, normalised. */
export function searchTerms(query: string): { words: string[]; tags: string[] } {
  const words: string[] = []
  const tags: string[] = []
  // Control characters (NUL among them) are no one's words: they separate, as spaces do.
  for (const raw of searchText(query).replace(/\p{Cc}/gu, ' ').split(/\s+/u)) {
    const tag = /^#([\p{L}\p{M}\p{N}_]+)$/u.exec(raw)
    if (tag) tags.push(tag[1]!.slice(0, hashtagMax))
    else if (raw) words.push(raw)
  }
  return { words: words.slice(0, searchTermsMax), tags: tags.slice(0, searchTermsMax) }
}

/** At most this many words (and as many tags) of a query count; the rest are left out. */
export const searchTermsMax = 8
