/** Dates as docs/specification.md §9 shows them: the ko-KR date plus HH:mm, e.g. "2026. 11. 22. 14:05". */
const dateFormat = new Intl.DateTimeFormat('ko-KR', { year: 'numeric', month: 'numeric', day: 'numeric' })
const timeFormat = new Intl.DateTimeFormat('ko-KR', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })

export function formatDateTime(epochMs: number): string {
  const date = new Date(epochMs)
  return `${dateFormat.format(date)} ${timeFormat.format(date)}`
}

const minute = 60_000
const hour = 60 * minute

interface CalendarDay {
  year: number
  month: number
  day: number
  hour: number
  minute: number
}

const partsFormats = new Map<string, Intl.DateTimeFormat>()

/** The wall-clock date and time of an instant in a time zone (the system's when none is given). */
function calendar(epochMs: number, timeZone: string | undefined): CalendarDay {
  const key = timeZone ?? ''
  let format = partsFormats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23'
    })
    partsFormats.set(key, format)
  }
  const parts = Object.fromEntries(format.formatToParts(epochMs).map((part) => [part.type, part.value]))
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute)
  }
}

/** Days between two calendar dates, counted on the calendar (no DST or leap-second drift). */
function daysBetween(a: CalendarDay, b: CalendarDay): number {
  return Math.round((Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / (24 * hour))
}

const pad = (n: number) => String(n).padStart(2, '0')

/**
 * When something happened, as Korean feeds say it (docs/specification.md §8.2, relative dates): 방금 전 · 5분 전 ·
 * 3시간 전 (the same day) · 어제 14:05 · 11월 3일 (this year) · 2024년 11월 3일. A time a little
 * ahead of `now` (another computer's clock) reads 방금 전.
 */
export function formatRelative(epochMs: number, nowMs: number, timeZone?: string): string {
  const elapsed = nowMs - epochMs
  if (elapsed < minute) return '방금 전'
  if (elapsed < hour) return `${Math.floor(elapsed / minute)}분 전`
  const then = calendar(epochMs, timeZone)
  const now = calendar(nowMs, timeZone)
  const days = daysBetween(then, now)
  if (days === 0) return `${Math.floor(elapsed / hour)}시간 전`
  if (days === 1) return `어제 ${pad(then.hour)}:${pad(then.minute)}`
  if (then.year === now.year) return `${then.month}월 ${then.day}일`
  return `${then.year}년 ${then.month}월 ${then.day}일`
}

const weekdays = ['일', '월', '화', '수', '목', '금', '토']

/**
 * The full date and time for a tooltip, e.g. "2026년 11월 22일 (일) 14:05". Built from parts,
 * not Intl's ko-KR full style, whose 오전/오후 depends on the runtime's locale data.
 */
export function formatFullDateTime(epochMs: number, timeZone?: string): string {
  const at = calendar(epochMs, timeZone)
  const weekday = weekdays[new Date(Date.UTC(at.year, at.month - 1, at.day)).getUTCDay()]
  return `${at.year}년 ${at.month}월 ${at.day}일 (${weekday}) ${pad(at.hour)}:${pad(at.minute)}`
}
