import { describe, expect, it } from 'vitest'
import { formatFullDateTime, formatRelative } from './format'

const seoul = 'Asia/Seoul'
/** An instant given as Seoul wall-clock time (UTC+9, no daylight saving). */
const kst = (year: number, month: number, day: number, hour = 0, minute = 0, second = 0) =>
  Date.UTC(year, month - 1, day, hour - 9, minute, second)

describe('formatRelative', () => {
  const now = kst(2026, 11, 24, 15, 30)

  it('says 방금 전 under a minute, and for a clock slightly ahead', () => {
    expect(formatRelative(now, now, seoul)).toBe('방금 전')
    expect(formatRelative(now - 59_999, now, seoul)).toBe('방금 전')
    expect(formatRelative(now + 5_000, now, seoul)).toBe('방금 전')
  })

  it('counts whole minutes under an hour', () => {
    expect(formatRelative(now - 60_000, now, seoul)).toBe('1분 전')
    expect(formatRelative(now - 5 * 60_000 - 59_000, now, seoul)).toBe('5분 전')
    expect(formatRelative(now - 59 * 60_000 - 59_999, now, seoul)).toBe('59분 전')
  })

  it('counts whole hours while it is still the same day', () => {
    expect(formatRelative(now - 60 * 60_000, now, seoul)).toBe('1시간 전')
    expect(formatRelative(kst(2026, 11, 24, 12, 29), now, seoul)).toBe('3시간 전')
    expect(formatRelative(kst(2026, 11, 24, 0, 0), now, seoul)).toBe('15시간 전')
  })

  it('says 어제 with the time once midnight has passed', () => {
    expect(formatRelative(kst(2026, 11, 23, 23, 59), now, seoul)).toBe('어제 23:59')
    expect(formatRelative(kst(2026, 11, 23, 14, 5), now, seoul)).toBe('어제 14:05')
    expect(formatRelative(kst(2026, 11, 23, 0, 0), now, seoul)).toBe('어제 00:00')
    // Just after midnight: minutes first, then 어제 once an hour has gone.
    const earlyNow = kst(2026, 11, 24, 0, 20)
    expect(formatRelative(kst(2026, 11, 23, 23, 50), earlyNow, seoul)).toBe('30분 전')
    expect(formatRelative(kst(2026, 11, 23, 23, 10), earlyNow, seoul)).toBe('어제 23:10')
  })

  it('gives the month and day this year, and the year before that', () => {
    expect(formatRelative(kst(2026, 11, 22, 23, 59), now, seoul)).toBe('11월 22일')
    expect(formatRelative(kst(2026, 1, 1, 0, 0), now, seoul)).toBe('1월 1일')
    expect(formatRelative(kst(2025, 12, 31, 23, 59), now, seoul)).toBe('2025년 12월 31일')
    expect(formatRelative(kst(2024, 11, 3, 9, 0), now, seoul)).toBe('2024년 11월 3일')
  })

  it('crosses the new year: yesterday is 어제, the day before carries its year', () => {
    const newYear = kst(2027, 1, 1, 10, 0)
    expect(formatRelative(kst(2026, 12, 31, 21, 15), newYear, seoul)).toBe('어제 21:15')
    expect(formatRelative(kst(2026, 12, 30, 21, 15), newYear, seoul)).toBe('2026년 12월 30일')
    expect(formatRelative(kst(2027, 1, 1, 0, 5), newYear, seoul)).toBe('9시간 전')
  })

  it('reads days on the Seoul calendar, not UTC', () => {
    // 08:30 KST on the 24th is still the 23rd in UTC; 23:00 KST on the 23rd is the same UTC day.
    const morning = kst(2026, 11, 24, 8, 30)
    expect(formatRelative(kst(2026, 11, 23, 23, 0), morning, seoul)).toBe('어제 23:00')
    expect(formatRelative(kst(2026, 11, 24, 1, 0), morning, seoul)).toBe('7시간 전')
    // The same instants in UTC: both on the 23rd, so hours, not 어제.
    expect(formatRelative(kst(2026, 11, 23, 23, 0), morning, 'UTC')).toBe('9시간 전')
  })
})

describe('formatFullDateTime', () => {
  it('gives the date, weekday and 24-hour time in the zone', () => {
    expect(formatFullDateTime(kst(2026, 11, 22, 14, 5), seoul)).toBe('2026년 11월 22일 (일) 14:05')
    expect(formatFullDateTime(kst(2027, 1, 1, 0, 0), seoul)).toBe('2027년 1월 1일 (금) 00:00')
    expect(formatFullDateTime(kst(2027, 1, 1, 0, 0), 'UTC')).toBe('2026년 12월 31일 (목) 15:00')
  })
})
