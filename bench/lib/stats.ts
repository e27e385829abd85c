/** Small statistics for benchmark samples: percentiles, summaries across runs, formatting. */

export function sorted(values: readonly number[]): number[] {
  return [...values].sort((a, b) => a - b)
}

/** Nearest-rank percentile (p in 0..100) of the samples; NaN when there are none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN
  const s = sorted(values)
  const rank = Math.ceil((p / 100) * s.length)
  return s[Math.min(s.length - 1, Math.max(0, rank - 1))]!
}

export const median = (values: readonly number[]): number => {
  if (values.length === 0) return NaN
  const s = sorted(values)
  const mid = s.length >> 1
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2
}

/** One figure measured in several runs: the median run and the spread. */
export interface Spread {
  median: number
  min: number
  max: number
  runs: number
}

export function spread(values: readonly number[]): Spread {
  return { median: median(values), min: Math.min(...values), max: Math.max(...values), runs: values.length }
}

/** Milliseconds with sensible precision: 0.043 ms, 1.24 ms, 12.3 ms, 1,234 ms. */
export function ms(value: number): string {
  if (!Number.isFinite(value)) return '–'
  if (value < 1) return `${value.toFixed(3)} ms`
  if (value < 10) return `${value.toFixed(2)} ms`
  if (value < 100) return `${value.toFixed(1)} ms`
  return `${Math.round(value).toLocaleString('en-US')} ms`
}

export function num(value: number, digits = 0): string {
  if (!Number.isFinite(value)) return '–'
  return value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })
}

export function kib(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KiB`
}

export function mib(bytes: number): string {
  const value = bytes / 1024 / 1024
  return `${value.toFixed(Math.abs(value) < 100 ? 1 : 0)} MiB`
}

/** "1.24 ms (1.20–1.31)" for a figure from several runs; just the value for one run. */
export function withRange(s: Spread, format: (v: number) => string = ms): string {
  if (s.runs <= 1 || s.min === s.max) return format(s.median)
  return `${format(s.median)} (${format(s.min).replace(/ \w+$/, '')}–${format(s.max)})`
}

/** High-resolution wall clock in ms, comparable across processes on one machine. */
export const wallClock = (): number => performance.timeOrigin + performance.now()

/** Times fn in ms. */
export function timeSync(fn: () => void): number {
  const start = performance.now()
  fn()
  return performance.now() - start
}

export async function timeAsync(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now()
  await fn()
  return performance.now() - start
}
