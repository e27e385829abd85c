/**
 * Ranges of the web app's ko-KR date text (`postDate`, `comment_time`: "2026. 11. 26. 오후 01:53",
 * mapping.webDate), which both the web app and Magpie write. The text is the writer's local wall
 * clock, in any zone from UTC−12 to UTC+14, and sorts by day only within one day's prefix
 * ("2026. 11. 3." sorts after "2026. 11. 26."), so every range here lies within one day
 * (decision 008, "The cost of a community").
 */

import { localeDayTexts } from './web-locales'

/** Strings s with from <= s < to. */
export interface StampRange {
  from: string
  to: string
}

/** The most ranges one query takes (Firestore's limit of disjunctions in one query is 30). */
export const rangesMax = 30

/** The longest stamp bound a range may have (a day prefix and a time are about 25 characters). */
export const stampBoundMax = 64

const hourMs = 3_600_000
const pad = (n: number): string => String(n).padStart(2, '0')

/** The earliest and latest UTC offsets anyone's clock runs at (UTC−12 to UTC+14). */
const earliestZoneMs = -12 * 3_600_000
const latestZoneMs = 14 * 3_600_000

/**
 * The days someone somewhere could be writing into a `postDate` at `epochMs`, as the prefixes the
 * web app's ko-KR `toLocaleDateString()` starts it with ("2026. 11. 26.", month and day not
 * padded): the writer's local date, in any time zone from UTC−12 to UTC+14. A span of 26 hours,
 * so two days, or three for the two hours a day (10:00–12:00 UTC) when it touches both ends.
 * Independent of this computer's own zone; oldest first.
 */
export function webDays(epochMs: number): string[] {
  const days: string[] = []
  const first = new Date(epochMs + earliestZoneMs)
  const day = Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), first.getUTCDate())
  for (let at = day; at <= epochMs + latestZoneMs; at += 86_400_000) {
    const d = new Date(at)
    days.push(`${d.getUTCFullYear()}. ${d.getUTCMonth() + 1}. ${d.getUTCDate()}.`)
  }
  return days
}

/** The strings that start with `prefix`: >= it, and < it with its last character incremented. */
export function prefixRange(prefix: string): StampRange {
  return { from: prefix, to: prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1) }
}

/**
 * The ranges of a day's dates in every other locale's form ("11/26/2026 ", "26.11.2026 ",
 * "٢٦‏/١١‏/٢٠٢٦ ": web-locales.ts), whole days, given the day as its ko-KR prefix
 * ("2026. 11. 26."): a browser not in Korean writes those (issue 31). A form's text of one day
 * is never a prefix of another day's, since the web app puts a space after it. A form that
 * writes the day as ko-KR does (hu-HU on the 26th: "2026. 11. 26. 13:53") has a 24-hour time,
 * which sorts before ko-KR's 오전/오후: its range is the digits after the day, which the first
 * day's ko-KR range (from a time of day on) leaves out. Forms that differ only after the date
 * ("5.03.2026 " and "5.03.2026. ", "26.11.2026 г. ") share one range: all between them starts with
 * that date. Fewer ranges, fewer queries (each is billed a read even when it finds nothing).
 */
export function localeDayRanges(day: string): StampRange[] {
  const match = /^(\d{4})\. (\d{1,2})\. (\d{1,2})\.$/.exec(day)
  if (!match) return []
  const ranges: StampRange[] = []
  let date = ''
  for (const text of localeDayTexts(Number(match[1]), Number(match[2]), Number(match[3]))) {
    const last = ranges.at(-1)
    if (text.startsWith(day)) ranges.push({ from: `${day} 0`, to: `${day} :` })
    else if (last && date !== '' && text.startsWith(date)) last.to = prefixRange(text).to
    else {
      ranges.push(prefixRange(text))
      date = text.trimEnd()
      continue
    }
    date = ''
  }
  return ranges
}

/** A well-formed range the adapters accept: bounded strings, from below to. */
export function isStampRange(range: unknown): range is StampRange {
  if (typeof range !== 'object' || range === null) return false
  const { from, to } = range as Record<string, unknown>
  return typeof from === 'string' && typeof to === 'string' && from.length > 0 && from.length <= stampBoundMax && to.length <= stampBoundMax && from < to
}

/**
 * Where, within a day's text, a writer's wall clock at `hours:minutes` and everything after it
 * that day begins, as one lower bound. Within a day the ko-KR text sorts as 오전 01–11, 오전 12
 * (just after midnight), 오후 01–11, 오후 12 (just after noon): a bound in 오전 01–11 also takes in
 * 오전 12, and one in 오후 12 all of 오후, so each bound may include up to an hour before it, never
 * less than everything after.
 */
function dayFrom(day: string, hours: number, minutes: number): string {
  if (hours === 0) return day
  if (hours < 12) return `${day} 오전 ${pad(hours)}:${pad(minutes)}`
  if (hours === 12) return `${day} 오후`
  return `${day} 오후 ${pad(hours - 12)}:${pad(minutes)}`
}

/**
 * The ranges holding every stamp written at or after `sinceMs`, by anyone anywhere, up to
 * `nowMs`: one per day, oldest first. A writer's wall clock is never behind UTC−12's, so the
 * first day starts at UTC−12's wall clock at `sinceMs` (or at `writerZoneMs`'s, for a caller that
 * leaves the writers further behind to another way); the days after it are whole, up to the
 * day UTC+14 is living at `nowMs` (mapping.webDays).
 */
export function stampsSince(sinceMs: number, nowMs: number, writerZoneMs = earliestZoneMs): { day: string; range: StampRange }[] {
  const start = new Date(Math.min(sinceMs, nowMs) + Math.max(writerZoneMs, earliestZoneMs))
  const first = Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate())
  const last = webDays(nowMs).at(-1)!
  const result: { day: string; range: StampRange }[] = []
  for (let at = first; ; at += 24 * hourMs) {
    const d = new Date(at)
    const day = `${d.getUTCFullYear()}. ${d.getUTCMonth() + 1}. ${d.getUTCDate()}.`
    const whole = prefixRange(day)
    const from = at === first ? dayFrom(day, start.getUTCHours(), start.getUTCMinutes()) : day
    result.push({ day, range: { from, to: whole.to } })
    if (day === last) return result
  }
}

/**
 * Fewer queries for the same stamps: consecutive ranges of one month join into one when no
 * other day's text sorts between them ("2026. 11. 25." and "…26." join; "…19." and "…20." do
 * not, "2026. 11. 2." sorting between). Each query is billed a read even when it finds nothing.
 */
export function mergeRanges(ranges: readonly StampRange[]): StampRange[] {
  const merged: StampRange[] = []
  for (const range of ranges) {
    const last = merged.at(-1)
    if (last && joinable(last, range)) last.to = range.to
    else merged.push({ ...range })
  }
  return merged
}

const monthOf = (stamp: string): string | null => /^(\d{4}\. \d{1,2}\.) \d{1,2}[./]/.exec(stamp)?.[1] ?? null

function joinable(a: StampRange, b: StampRange): boolean {
  const month = monthOf(a.to)
  if (month === null || month !== monthOf(b.from) || a.to > b.from) return false
  for (let day = 1; day <= 31; day++) {
    const text = `${month} ${day}.`
    if (text >= a.to && text < b.from) return false
  }
  return true
}

/** Ranges in groups one query each takes (mergeRanges first: fewer ranges, fewer reads). */
export function rangeQueries(ranges: readonly StampRange[]): StampRange[][] {
  const merged = mergeRanges(ranges)
  const groups: StampRange[][] = []
  for (let i = 0; i < merged.length; i += rangesMax) groups.push(merged.slice(i, i + rangesMax))
  return groups
}
