/** How many graphemes of a post or a comment an alert shows. */
export const excerptMax = 40

const graphemes = new Intl.Segmenter('ko', { granularity: 'grapheme' })
/**
 * Control characters and the bidirectional overrides and isolates: someone else's text must not
 * reorder or hide the sentence around it (RLO would turn what follows backwards).
 */
const unsafe = /[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu

/**
 * The first words of someone's text for one line: line breaks and runs of spaces made one
 * space, cut after `max` graphemes (never inside an emoji or a Hangul syllable) with "…".
 * Plain text: the renderer shows it as text, never as markup.
 */
export function excerpt(text: string, max = excerptMax): string {
  const flat = text.replace(unsafe, ' ').replace(/\s+/gu, ' ').trim()
  let words = ''
  let count = 0
  for (const { segment } of graphemes.segment(flat)) {
    if (count === max) return `${words.trimEnd()}…`
    words += segment
    count++
  }
  return words
}
