import { describe, expect, it } from 'vitest'
import { alertReach, defaultNotificationSettings as on, inQuietHours, localMinutes } from './alert-delivery'

/** A moment at this local wall-clock time, whatever the machine's time zone. */
const at = (hours: number, minutes = 0) => new Date(2026, 2, 14, hours, minutes).getTime()

describe('quiet hours', () => {
  it('span midnight: from the start up to (not including) the end, in the computer\'s local time', () => {
    const night = { start: 23 * 60, end: 8 * 60 }
    expect([22 * 60 + 59, 23 * 60, 0, 7 * 60 + 59, 8 * 60, 12 * 60].map((m) => inQuietHours(night, m))).toEqual([false, true, true, true, false, false])
    expect(localMinutes(at(23, 30))).toBe(23 * 60 + 30)
  })

  it('within one day, on the half hour; none when off or when start and end are one time', () => {
    const lunch = { start: 12 * 60 + 30, end: 13 * 60 + 30 }
    expect([12 * 60 + 29, 12 * 60 + 30, 13 * 60 + 29, 13 * 60 + 30].map((m) => inQuietHours(lunch, m))).toEqual([false, true, true, false])
    expect(inQuietHours(null, 0)).toBe(false)
    expect(inQuietHours({ start: 60, end: 60 }, 60)).toBe(false)
  })
})

describe('how far an alert reaches', () => {
  const like = { type: 'like' as const, postMuted: false }
  const comment = { type: 'comment' as const, postMuted: false }

  it('everything on: pops up', () => {
    expect([alertReach(on, like, at(12)), alertReach(on, comment, at(12))]).toEqual(['popup', 'popup'])
  })

  it('a kind turned off, or a muted post: listed only, whatever the time', () => {
    expect(alertReach({ ...on, likes: false }, like, at(12))).toBe('list')
    expect(alertReach({ ...on, likes: false }, comment, at(12))).toBe('popup')
    expect(alertReach({ ...on, comments: false }, comment, at(12))).toBe('list')
    expect(alertReach(on, { ...comment, postMuted: true }, at(12))).toBe('list')
  })

  it('pop-ups off, or quiet hours: counted on the badge, not popped up', () => {
    expect(alertReach({ ...on, popups: false }, like, at(12))).toBe('badge')
    const night = { ...on, quietHours: { start: 23 * 60, end: 8 * 60 } }
    expect([at(23, 30), at(3), at(8), at(22, 30)].map((t) => alertReach(night, comment, t))).toEqual(['badge', 'badge', 'popup', 'popup'])
  })
})
