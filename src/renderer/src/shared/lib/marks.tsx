import { Fragment, type ReactNode } from 'react'
import { searchText } from '@shared/search-text'

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' })

/**
 * The text with each occurrence of the words in a <mark>, compared as main's search compares
 * (shared/search-text.ts: NFKC, lower case), so NFD Hangul or full-width letters are marked
 * where they matched. Marks cover whole graphemes of the text as written. React nodes only:
 * user text is never HTML.
 */
export function marked(text: string, words: readonly string[]): ReactNode {
  const needles = words.map(searchText).filter(Boolean)
  if (!needles.length) return text
  // The text's normal form, grapheme by grapheme, with where each of its code units came from.
  let normal = ''
  const from: number[] = []
  const to: number[] = []
  for (const { segment, index } of graphemes.segment(text)) {
    const part = searchText(segment)
    for (let i = 0; i < part.length; i++) {
      from.push(index)
      to.push(index + segment.length)
    }
    normal += part
  }
  const ranges: [number, number][] = []
  for (const needle of needles) {
    for (let at = normal.indexOf(needle); at !== -1; at = normal.indexOf(needle, at + needle.length)) {
      ranges.push([from[at]!, to[at + needle.length - 1]!])
    }
  }
  if (!ranges.length) return text
  // Overlapping matches (빵 and 빵집) make one mark.
  ranges.sort((a, b) => a[0] - b[0])
  const merged: [number, number][] = []
  for (const [start, end] of ranges) {
    const last = merged.at(-1)
    if (last && start < last[1]) last[1] = Math.max(last[1], end)
    else merged.push([start, end])
  }
  const nodes: ReactNode[] = []
  let done = 0
  for (const [start, end] of merged) {
    if (start > done) nodes.push(<Fragment key={`t${done}`}>{text.slice(done, start)}</Fragment>)
    nodes.push(<mark key={`m${start}`}>{text.slice(start, end)}</mark>)
    done = end
  }
  if (done < text.length) nodes.push(<Fragment key={`t${done}`}>{text.slice(done)}</Fragment>)
  return nodes
}

/** Where the first of the words starts in the text (compared as search compares), or -1. */
export function firstMatch(text: string, words: readonly string[]): number {
  const lower = searchText(text)
  // Only where normalising kept the length are places in the two texts the same.
  if (lower.length !== text.length) return -1
  const places = words.map((word) => lower.indexOf(searchText(word))).filter((at) => at >= 0)
  return places.length ? Math.min(...places) : -1
}
