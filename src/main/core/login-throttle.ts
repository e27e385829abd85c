import { AppError } from '../errors'

const freeAttempts = 5
const maxDelayMs = 60_000
/** Accounts nobody has tried for this long are forgotten, so guessing at many emails cannot grow memory without end. */
const forgetAfterMs = 60 * 60 * 1000
const pruneAbove = 1000

/**
 * Slows down guessing one account's password: after 5 wrong tries in a row, each
 * further try must wait 1 s, 2 s, 4 s … up to a minute. The wait never grows past a
 * minute, so nobody can lock another person out for long, and a success clears it.
 */
export function createLoginThrottle(now: () => number) {
  const failures = new Map<string, { count: number; last: number }>()
  const key = (email: string) => email.toLowerCase()

  return {
    /**
     * Refuses a try that must still wait; otherwise counts it as failed until succeeded()
     * says otherwise. Counting before the slow password check means guesses sent all at
     * once cannot each pass the check before any of them has failed.
     */
    attempt(email: string): void {
      const entry = failures.get(key(email))
      if (entry && entry.count >= freeAttempts) {
        const wait = Math.min(1000 * 2 ** (entry.count - freeAttempts), maxDelayMs)
        if (now() - entry.last < wait) throw new AppError('tooManyRequests')
      }
      failures.set(key(email), { count: (entry?.count ?? 0) + 1, last: now() })
      if (failures.size > pruneAbove) {
        for (const [k, e] of failures) if (now() - e.last > forgetAfterMs) failures.delete(k)
      }
    },
    succeeded(email: string): void {
      failures.delete(key(email))
    }
  }
}
