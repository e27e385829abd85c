import { defaultRangeExtractor, type Range } from '@tanstack/react-virtual'

/**
 * The rows a virtualizer draws, plus the one holding the keyboard focus (-1 for none): it stays
 * in the document wherever it is, or focus would fall to the page.
 */
export function rangeKeeping(range: Range, keep: number): number[] {
  const indexes = defaultRangeExtractor(range)
  if (keep >= 0 && keep < range.count && !indexes.includes(keep)) return [...indexes, keep].sort((a, b) => a - b)
  return indexes
}
