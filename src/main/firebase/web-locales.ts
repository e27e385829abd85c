/**
 * The web app's dates in every locale a browser may run it in (issue 31, decision 042). Its
 * `postDate` and `comment_time` are `toLocaleDateString()` + ' ' + a 2-digit time in the
 * browser's own locale: "2026. 11. 26. 오후 01:53" in ko-KR, "11/26/2026 01:53 PM" in en-US,
 * "26.11.2026 13:53" in de-DE, "٢٦‏/١١‏/٢٠٢٦ ٠١:٥٣ م" in ar-EG, "26/11/2569 13:53" in th-TH (the
 * Buddhist era), "۱۴۰۵/۹/۵ ۱۳:۵۳" in fa-IR (the Persian calendar). The forms come from Intl, the
 * same ICU data the browser formats with (tests/support/fixtures/web-dates.json holds what
 * Chromium writes, and the tests hold these to it), so no locale's form is written out here.
 */

/**
 * The locales whose forms are looked for: the languages Chromium, Firefox and Safari offer,
 * with the regions whose date forms differ from their language's. Locales that share a form
 * share its ranges and patterns (an unknown region of a listed language mostly writes its
 * language's form).
 */
export const webLocales: readonly string[] = [
  'en-US', 'ko-KR', 'en-GB', 'en-IN', 'en-CA', 'en-AU', 'en-ZA', 'en-IE', 'en-NZ', 'en-SG', 'en-PH',
  'af', 'am', 'ar', 'ar-EG', 'ar-SA', 'ar-MA', 'ar-DZ', 'ar-AE', 'as', 'az', 'be', 'bg', 'bn', 'bs', 'ca', 'cs', 'cy', 'da',
  'de', 'de-AT', 'de-CH', 'el', 'es', 'es-419', 'es-MX', 'es-US', 'es-AR', 'es-CL', 'es-CO', 'et', 'eu', 'fa', 'fa-AF',
  'fi', 'fil', 'fr', 'fr-CA', 'fr-CH', 'fr-BE', 'ga', 'gl', 'gu', 'he', 'hi', 'hr', 'hu', 'hy', 'id', 'is', 'it',
  'ja', 'ka', 'kk', 'km', 'kn', 'ky', 'lo', 'lt', 'lv', 'mk', 'ml', 'mn', 'mr', 'ms', 'my', 'nb', 'ne', 'nl',
  'nl-BE', 'nn', 'or', 'pa', 'pl', 'ps', 'pt-BR', 'pt-PT', 'ro', 'ru', 'si', 'sk', 'sl', 'sq', 'sr', 'sr-Latn',
  'sv', 'sw', 'ta', 'te', 'th', 'tr', 'uk', 'ur', 'uz', 'vi', 'zh-CN', 'zh-TW', 'zh-HK', 'zu'
]

/** Marks that order right-to-left text (ar-EG writes U+200F after each number): not part of what a date says. */
const bidiMarks = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g

/** A part of a locale's date form: a number (its field) or text as written. */
type Part = { field: 'year' | 'month' | 'day' } | { literal: string }

interface Form {
  locale: string
  calendar: string
  format: Intl.DateTimeFormat
  parts: Part[]
  /** The form, digits made ASCII, as a pattern at the start of a text followed by a space or its end. */
  pattern: RegExp
}

let forms: Form[] | null = null
let zeros: number[] | null = null

/** The code point of each numbering system's zero the locales write with ("0", "٠", "۰", "০", …). */
function digitZeros(): number[] {
  zeros ??= [...new Set(['latn', ...webLocales.map((locale) => new Intl.NumberFormat(locale).resolvedOptions().numberingSystem)])].map(
    (system) => new Intl.NumberFormat('en', { numberingSystem: system, useGrouping: false }).format(0).codePointAt(0)!
  )
  return zeros
}

/** ASCII digits for every listed numbering system's, and no bidirectional marks. */
export function asciiDigits(text: string): string {
  const known = digitZeros()
  let out = ''
  for (const char of text.replace(bidiMarks, '')) {
    const code = char.codePointAt(0)!
    const zero = known.find((z) => code >= z && code <= z + 9)
    out += zero === undefined ? char : String(code - zero)
  }
  return out
}

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** Days whose month and day, in each calendar, have one digit somewhere among them: how a locale pads them is seen. */
const samples = [Date.UTC(2026, 2, 5, 12), Date.UTC(2026, 6, 3, 12), Date.UTC(2026, 9, 1, 12), Date.UTC(2027, 0, 9, 12)]

const formatters = new Map<string, Intl.DateTimeFormat>()
/** toLocaleDateString()'s form in a locale (its defaults: numeric year, month and day), read as UTC. */
function dateFormat(locale: string): Intl.DateTimeFormat {
  let format = formatters.get(locale)
  if (!format) formatters.set(locale, (format = new Intl.DateTimeFormat(locale, { timeZone: 'UTC' })))
  return format
}

/** Each listed locale's date form, once per form. */
function localeForms(): Form[] {
  if (forms) return forms
  const seen = new Map<string, Form>()
  for (const locale of webLocales) {
    const format = dateFormat(locale)
    const written = samples.map((at) => format.formatToParts(at))
    // How a month or a day below 10 is written: padded, not, or (never seen) either.
    const digits = (type: string): string => {
      const lengths = new Set(written.flatMap((parts) => parts.filter((part) => part.type === type && Number(asciiDigits(part.value)) < 10).map((part) => asciiDigits(part.value).length)))
      return lengths.size !== 1 ? '(\\d{1,2})' : lengths.has(2) ? '(\\d{2})' : '([1-9]\\d?)'
    }
    const parts: Part[] = written[0]!.flatMap((part): Part[] => {
      if (part.type === 'year' || part.type === 'month' || part.type === 'day') return [{ field: part.type }]
      if (part.type === 'literal' || part.type === 'era') return [{ literal: asciiDigits(part.value) }]
      return []
    })
    if (parts.filter((part) => 'field' in part).length !== 3) continue
    const source = parts.map((part) => ('literal' in part ? escape(part.literal) : part.field === 'year' ? '(\\d{1,5})' : digits(part.field))).join('')
    const calendar = format.resolvedOptions().calendar
    const key = `${calendar} ${parts.map((part) => ('field' in part ? part.field : '')).join(',')} ${source}`
    if (!seen.has(key)) seen.set(key, { locale, calendar, format, parts, pattern: new RegExp(`^\\s*${source}(?=\\s|$)`) })
  }
  forms = [...seen.values()]
  return forms
}

/**
 * The texts a `postDate` written on this calendar day (the writer's own, Gregorian) starts with,
 * in every listed locale: its date and the space before the time ("11/26/2026 ", "26.11.2026 ",
 * "٢٦‏/١١‏/٢٠٢٦ "). None is the start of another, so a range on each finds exactly that day's.
 */
export function localeDayTexts(year: number, month: number, day: number): string[] {
  const at = new Date(Date.UTC(year, month - 1, day, 12))
  const texts = [...new Set(webLocales.map((locale) => `${dateFormat(locale).format(at)} `))]
  return texts.filter((text) => !texts.some((other) => other !== text && text.startsWith(other))).sort()
}

/** The calendar day (Gregorian, at UTC noon) a form's numbers name, or null. */
function gregorianDay(form: Form, y: number, m: number, d: number): number | null {
  if (m < 1 || m > 12 || d < 1 || d > 31) return null
  const solar = form.calendar === 'gregory' ? y : form.calendar === 'buddhist' ? y - 543 : null
  if (solar !== null) {
    const at = Date.UTC(solar, m - 1, d, 12)
    // 31/02 is no day (Date.UTC rolls it into March).
    return new Date(at).getUTCMonth() === m - 1 && new Date(at).getUTCDate() === d ? at : null
  }
  // Another calendar (Persian, Islamic): the day found by formatting the few days around its estimate.
  const estimate = form.calendar === 'persian' ? persianEstimate(y, m, d) : form.calendar.startsWith('islamic') ? islamicEstimate(y, m, d) : null
  if (estimate === null || estimate < Date.UTC(1970, 0, 1) || estimate > Date.UTC(2200, 0, 1)) return null
  const key = `${form.locale} ${y}-${m}-${d}`
  if (converted.has(key)) return converted.get(key)!
  let found: number | null = null
  for (let offset = -4; offset <= 4 && found === null; offset++) {
    const at = estimate + offset * dayMs
    const read = readDay(form.format.formatToParts(at))
    if (read && read[0] === y && read[1] === m && read[2] === d) found = at
  }
  if (converted.size > 1000) converted.clear()
  converted.set(key, found)
  return found
}

const dayMs = 86_400_000
/** Noon of a Persian (Solar Hijri) day, within a day or two: its year begins near 21 March of year + 621; months 1–6 have 31 days, 7–11 30. */
const persianEstimate = (y: number, m: number, d: number): number => Date.UTC(y + 621, 2, 21, 12) + ((m <= 6 ? (m - 1) * 31 : 186 + (m - 7) * 30) + d - 1) * dayMs
/** Noon of an Islamic (Hijri) day, within a few days: from 16 July 622, 354.367 days a year, 29.53 a month. */
const islamicEstimate = (y: number, m: number, d: number): number => Date.UTC(622, 6, 16, 12) + Math.round((y - 1) * 354.367 + (m - 1) * 29.5306 + d - 1) * dayMs

/** Days of other calendars already found (a page of posts repeats them). */
const converted = new Map<string, number | null>()

function readDay(parts: Intl.DateTimeFormatPart[]): [number, number, number] | null {
  const value = (type: string) => Number(asciiDigits(parts.find((part) => part.type === type)?.value ?? ''))
  const y = value('year')
  const m = value('month')
  const d = value('day')
  return Number.isInteger(y) && Number.isInteger(m) && Number.isInteger(d) ? [y, m, d] : null
}

/** Marks of the hours after noon and before it, as the listed locales write them with a 12-hour clock. */
let dayPeriods: { am: string[]; pm: string[] } | null = null
function periods(): { am: string[]; pm: string[] } {
  if (dayPeriods) return dayPeriods
  const mark = (locale: string, hour: number) =>
    new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hour12: true, timeZone: 'UTC' })
      .formatToParts(Date.UTC(2026, 2, 5, hour))
      .find((part) => part.type === 'dayPeriod')
      ?.value.toLowerCase()
  const am = new Set(['오전', 'am', 'a.m.'])
  const pm = new Set(['오후', 'pm', 'p.m.'])
  for (const locale of webLocales) {
    const before = mark(locale, 1)
    const after = mark(locale, 13)
    if (before && after && before !== after) {
      am.add(asciiDigits(before))
      pm.add(asciiDigits(after))
    }
  }
  const byLength = (a: string, b: string) => b.length - a.length
  dayPeriods = { am: [...am].filter((m) => !pm.has(m)).sort(byLength), pm: [...pm].filter((m) => !am.has(m)).sort(byLength) }
  return dayPeriods
}

/** The time after a date ("01:53 PM", "오후 01:53", "上午09:05", "13 h 53", "09.05"); a date alone is midnight. */
function readTime(rest: string): { hours: number; minutes: number } | null {
  const text = rest.trim().toLowerCase()
  if (text === '') return { hours: 0, minutes: 0 }
  const match = /(\d{1,2})\s*(?:[:.]|h|시)\s*(\d{2})/.exec(text)
  if (!match) return null
  let hours = Number(match[1])
  const minutes = Number(match[2])
  const around = text.slice(0, match.index) + ' ' + text.slice(match.index + match[0].length)
  const { am, pm } = periods()
  const afternoon = pm.some((mark) => around.includes(mark))
  const morning = !afternoon && am.some((mark) => around.includes(mark))
  if (afternoon || morning) {
    if (hours < 1 || hours > 12) return null
    hours = (hours % 12) + (afternoon ? 12 : 0)
  }
  return hours > 23 || minutes > 59 ? null : { hours, minutes }
}

/**
 * Every time a web app date may mean, as this computer's local time (the writer's zone is not
 * written): one, or several where forms collide ("5/3/2026" is 3 May in en-US, 5 March in es-ES).
 */
export function localeDateCandidates(value: string): number[] {
  const text = asciiDigits(value)
  const found = new Set<number>()
  for (const form of localeForms()) {
    const match = form.pattern.exec(text)
    if (!match) continue
    const numbers: Partial<Record<'year' | 'month' | 'day', number>> = {}
    let n = 1
    for (const part of form.parts) if ('field' in part) numbers[part.field] = Number(match[n++])
    const day = gregorianDay(form, numbers.year!, numbers.month!, numbers.day!)
    const time = readTime(text.slice(match[0].length))
    if (day === null || !time) continue
    const date = new Date(day)
    const local = new Date(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate(), time.hours, time.minutes)
    // A day that does not exist (31/02) comes back as another: not this form's.
    const real = local.getDate() === date.getUTCDate() && local.getMonth() === date.getUTCMonth()
    if (real && local.getFullYear() >= 1970 && local.getFullYear() <= 9999) found.add(local.getTime())
  }
  return [...found]
}
