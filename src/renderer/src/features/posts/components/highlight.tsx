import type { ReactNode } from 'react'

/**
 * The text with each case-insensitive occurrence of `query` in a <mark>, as React nodes
 * (user text is never HTML). Text whose lower case changes length is left unmarked.
 */
export function highlight(text: string, query: string | undefined): ReactNode {
  const needle = query?.trim().toLocaleLowerCase()
  if (!needle) return text
  const lower = text.toLocaleLowerCase()
  if (lower.length !== text.length) return text
  const parts: ReactNode[] = []
  let from = 0
  for (let at = lower.indexOf(needle); at !== -1; at = lower.indexOf(needle, from)) {
    if (at > from) parts.push(text.slice(from, at))
    parts.push(<mark key={at}>{text.slice(at, at + needle.length)}</mark>)
    from = at + needle.length
  }
  if (from === 0) return text
  if (from < text.length) parts.push(text.slice(from))
  return parts
}
