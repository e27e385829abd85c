import { describe, expect, it } from 'vitest'
import webDates from '../../../tests/support/fixtures/web-dates.json'
import { parseWebDate } from './mapping'
import { asciiDigits, localeDateCandidates, localeDayTexts } from './web-locales'
import { localeDayRanges } from './web-stamps'

/** What Chromium wrote as the web app's postDate (tests/support/fixtures/web-dates.mjs regenerates it). */
const written = (webDates as { dates: { locale: string; timeZone: string; at: number; wallClock: number[]; text: string }[] }).dates
const localOf = ([y, m, d, h, min]: number[]): number => new Date(y!, m! - 1, d!, h!, min!).getTime()

describe("the web app's dates in every browser's locale (issue 31), as Chromium writes them", () => {
  it('the fixture holds the locales and zones the issue names, ko-KR with 오후 as Chromium writes it', () => {
    const locales = new Set(written.map((d) => d.locale))
    for (const locale of ['ko-KR', 'en-US', 'en-GB', 'de-DE', 'fr-FR', 'ja-JP', 'zh-CN', 'ar-EG', 'hi-IN', 'th-TH']) expect(locales).toContain(locale)
    expect(new Set(written.map((d) => d.timeZone)).size).toBeGreaterThanOrEqual(5)
    expect(written.find((d) => d.locale === 'ko-KR' && d.timeZone === 'UTC' && d.at === Date.parse('2026-11-26T13:53:00Z'))!.text).toBe('2026. 11. 26. 오후 01:53')
  })

  it.each(written.map((d) => [d.locale, d.timeZone, d.text, d] as const))('%s in %s: %j is read as its writer’s wall clock', (_locale, _zone, text, d) => {
    expect(localeDateCandidates(text)).toContain(localOf(d.wallClock))
    // Seen as it was written, the reading nearest wins where forms collide ("5/3/2026").
    expect(parseWebDate(text, localOf(d.wallClock) + 20_000)).toBe(localOf(d.wallClock))
  })

  it.each(written.filter((d) => d.locale !== 'ko-KR').map((d) => [d.locale, d.timeZone, d.text, d] as const))(
    '%s in %s: %j lies in a range of its day, and in no other day’s',
    (_locale, _zone, text, d) => {
      const [y, m, day] = d.wallClock as [number, number, number]
      const inDay = (yy: number, mm: number, dd: number) => localeDayRanges(`${yy}. ${mm}. ${dd}.`).some((range) => text >= range.from && text < range.to)
      expect(inDay(y, m, day)).toBe(true)
      const next = new Date(Date.UTC(y, m - 1, day + 1))
      const before = new Date(Date.UTC(y, m - 1, day - 1))
      expect(inDay(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate())).toBe(false)
      expect(inDay(before.getUTCFullYear(), before.getUTCMonth() + 1, before.getUTCDate())).toBe(false)
    }
  )

  it('no day text is the start of another, and each ends with the space before the time', () => {
    for (const [y, m, d] of [[2026, 3, 5], [2026, 11, 26], [2026, 12, 31], [2027, 1, 1]] as const) {
      const texts = localeDayTexts(y, m, d)
      for (const text of texts) {
        expect(text.endsWith(' ')).toBe(true)
        expect(texts.filter((other) => other !== text && other.startsWith(text))).toEqual([])
      }
    }
  })

  it('reads Arabic-Indic, Persian, Bengali and Devanagari digits, without the marks that order right-to-left text', () => {
    expect(asciiDigits('٢٦\u200f/١١\u200f/٢٠٢٦')).toBe('26/11/2026')
    expect(asciiDigits('۱۴۰۵/۹/۵')).toBe('1405/9/5')
    expect(asciiDigits('২৬/১১/২০২৬ ০১:৫৩')).toBe('26/11/2026 01:53')
    expect(asciiDigits('२६/११/२०२६')).toBe('26/11/2026')
  })

  it('junk is no date: 31 February in any form, a month 13, text', () => {
    for (const junk of ['31/02/2026 10:00', '2/31/2026 10:00 AM', '31.02.2026 10:00', '13/13/2026 10:00', '어제쯤', '']) expect(localeDateCandidates(junk)).toEqual([])
  })
})
