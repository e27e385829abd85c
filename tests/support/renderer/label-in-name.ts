/**
 * WCAG 2.5.3 (Label in Name) as axe-core 4.14's label-content-name-mismatch reads it: the words
 * shown appear in the accessible name, whole and in order. Words are Unicode word segments, so
 * "25개" is one word and does not hold "25"; punctuation and symbols ("99+", "·") part words.
 */
const segmenter = new Intl.Segmenter('ko', { granularity: 'word' })

export function words(text: string): string[] {
  const plain = text.normalize('NFKD').toLowerCase().replace(/[^\p{L}\p{N}\p{M}]+/gu, ' ')
  return [...segmenter.segment(plain)].map((part) => part.segment.trim()).filter(Boolean)
}

export function nameHoldsWordsShown(name: string, shown: string): boolean {
  const said = words(name)
  const seen = words(shown)
  if (seen.length === 0) return true
  for (let start = 0; start + seen.length <= said.length; start++) {
    if (seen.every((word, i) => said[start + i] === word)) return true
  }
  return false
}
