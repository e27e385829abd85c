import { describe, expect, it } from 'vitest'
import { webDate } from './mapping'
import { isStampRange, mergeRanges, prefixRange, stampsSince, webDays, type StampRange } from './web-stamps'

/** What a Korean browser in a zone `offsetMinutes` east of UTC writes at `at` (mapping.webDate, in that zone). */
function stampIn(at: number, offsetMinutes: number): string {
  const wall = new Date(at + offsetMinutes * 60_000)
  const hours = wall.getUTCHours()
  const two = (n: number) => String(n).padStart(2, '0')
  return `${wall.getUTCFullYear()}. ${wall.getUTCMonth() + 1}. ${wall.getUTCDate()}. ${hours < 12 ? '오전' : '오후'} ${two(hours % 12 || 12)}:${two(wall.getUTCMinutes())}`
}

const within = (stamp: string, ranges: { range: StampRange }[]) => ranges.some(({ range }) => stamp >= range.from && stamp < range.to)
const zones = [-12 * 60, -9 * 60 - 30, -5 * 60, 0, 5 * 60 + 30, 5 * 60 + 45, 9 * 60, 12 * 60 + 45, 14 * 60]

describe('stampsSince: every stamp written since a moment, by anyone anywhere', () => {
  it('holds each stamp any zone writes from `since` to now, across midnight, noon and a month end', () => {
    const starts = [Date.UTC(2026, 10, 26, 3, 7), Date.UTC(2026, 10, 30, 11, 59), Date.UTC(2026, 11, 31, 23, 30), Date.UTC(2026, 10, 26, 12, 40), Date.UTC(2026, 10, 26, 0, 20)]
    for (const since of starts) {
      const now = since + 30 * 60 * 60 * 1000
      const ranges = stampsSince(since, now)
      for (let at = since; at <= now; at += 7 * 60_000) {
        for (const zone of zones) expect(within(stampIn(at, zone), ranges), `${stampIn(at, zone)} (since ${new Date(since).toISOString()})`).toBe(true)
      }
    }
  })

  it('starts at UTC−12 wall clock, one range a day, the later days whole', () => {
    // 17:05 UTC is 05:05 at UTC−12 on the 26th; at 10:00 UTC the 28th has begun at UTC+14.
    const ranges = stampsSince(Date.UTC(2026, 10, 26, 17, 5), Date.UTC(2026, 10, 27, 10, 0))
    expect(ranges).toEqual([
      { day: '2026. 11. 26.', range: { from: '2026. 11. 26. 오전 05:05', to: '2026. 11. 26/' } },
      { day: '2026. 11. 27.', range: { from: '2026. 11. 27.', to: '2026. 11. 27/' } },
      { day: '2026. 11. 28.', range: { from: '2026. 11. 28.', to: '2026. 11. 28/' } }
    ])
  })

  it.each([
    [Date.UTC(2026, 10, 26, 12, 30), '2026. 11. 26.'], // 00:30 at UTC−12: after midnight, the whole day
    [Date.UTC(2026, 10, 27, 0, 30), '2026. 11. 26. 오후'], // 12:30: all of 오후 (오후 12 sorts after 오후 11)
    [Date.UTC(2026, 10, 27, 2, 9), '2026. 11. 26. 오후 02:09']
  ])('a moment at %s starts its day at %s', (since, from) => {
    expect(stampsSince(since, since)[0]!.range.from).toBe(from)
  })

  it('leaves out what was written well before', () => {
    const since = Date.UTC(2026, 10, 26, 17, 5)
    const ranges = stampsSince(since, since + 60_000)
    // Two hours before, even the zone furthest west had written it before the bound.
    expect(within(stampIn(since - 2 * 3_600_000, -12 * 60), ranges)).toBe(false)
    expect(within('2026. 11. 25. 오후 11:59', ranges)).toBe(false)
    expect(within('2026. 11. 3. 오후 01:00', ranges)).toBe(false)
  })
})

describe('prefixRange and isStampRange', () => {
  it('a day prefix holds its own day only', () => {
    const range = prefixRange('2026. 1. 2.')
    expect('2026. 1. 2. 오후 01:00' >= range.from && '2026. 1. 2. 오후 01:00' < range.to).toBe(true)
    expect('2026. 1. 20. 오전 09:00' < range.to).toBe(false)
  })

  it('refuses what no query should take', () => {
    expect(isStampRange({ from: '2026. 1. 2.', to: '2026. 1. 2/' })).toBe(true)
    expect(isStampRange({ from: '', to: 'x' })).toBe(false)
    expect(isStampRange({ from: 'b', to: 'a' })).toBe(false)
    expect(isStampRange({ from: 'a'.repeat(65), to: 'b' })).toBe(false)
    expect(isStampRange(null)).toBe(false)
  })
})

describe('mergeRanges: one query for consecutive days where no other day sorts between', () => {
  const day = (d: string) => prefixRange(d)
  it('joins the days of a month whose texts are neighbours, and keeps the rest apart', () => {
    expect(mergeRanges([{ from: '2026. 11. 25. 오후 03:00', to: '2026. 11. 25/' }, day('2026. 11. 26.'), day('2026. 11. 27.')])).toEqual([
      { from: '2026. 11. 25. 오후 03:00', to: '2026. 11. 27/' }
    ])
    // "2026. 11. 2." sorts between the 19th and the 20th; months and years do not join.
    expect(mergeRanges([day('2026. 11. 19.'), day('2026. 11. 20.')])).toHaveLength(2)
    expect(mergeRanges([day('2026. 11. 9.'), day('2026. 11. 10.')])).toHaveLength(2)
    expect(mergeRanges([day('2026. 11. 30.'), day('2026. 12. 1.')])).toHaveLength(2)
    expect(mergeRanges([day('2025. 12. 31.'), day('2026. 1. 1.')])).toHaveLength(2)
  })

  it('a joined range holds exactly the stamps of its days', () => {
    const [joined] = mergeRanges([day('2026. 11. 21.'), day('2026. 11. 22.')])
    const inside = (s: string) => s >= joined!.from && s < joined!.to
    expect(inside('2026. 11. 21. 오전 01:00') && inside('2026. 11. 22. 오후 11:59')).toBe(true)
    for (let d = 1; d <= 31; d++) if (d !== 21 && d !== 22) expect(inside(`2026. 11. ${d}. 오후 01:00`), `day ${d}`).toBe(false)
  })
})

describe('webDays: the postDate prefixes someone somewhere could be writing now', () => {
  it.each([
    ['09:00 UTC: from UTC−12 (21:00 the day before) to UTC+14 (23:00)', Date.UTC(2026, 10, 26, 9, 0), ['2026. 11. 25.', '2026. 11. 26.']],
    ['10:00 UTC: the next day begins at UTC+14', Date.UTC(2026, 10, 26, 10, 0), ['2026. 11. 25.', '2026. 11. 26.', '2026. 11. 27.']],
    ['11:59 UTC: three days at once', Date.UTC(2026, 10, 26, 11, 59), ['2026. 11. 25.', '2026. 11. 26.', '2026. 11. 27.']],
    ['12:00 UTC: the day before has ended at UTC−12', Date.UTC(2026, 10, 26, 12, 0), ['2026. 11. 26.', '2026. 11. 27.']],
    ['across a year, month and day not padded', Date.UTC(2026, 0, 1, 3, 0), ['2025. 12. 31.', '2026. 1. 1.']]
  ])('%s', (_name, at, expected) => {
    expect(webDays(at)).toEqual(expected)
  })

  it("always holds the day of webDate's own postDate, in this computer's zone", () => {
    for (let at = Date.UTC(2026, 10, 26); at < Date.UTC(2026, 10, 28); at += 15 * 60_000) {
      expect(webDays(at).some((day) => webDate(at).startsWith(day)), webDate(at)).toBe(true)
    }
  })
})
