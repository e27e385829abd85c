import { AppError } from '../errors'

const freeAttempts = 5
const maxDelayMs = 60_000
/** Accounts nobody has tried for this long are forgotten, so guessing at many emails cannot grow memory without end. */
const forgetAfterMs = 60 * 60 * 1000
const pruneAbove = 1000
/** Failed tries of any accounts one app copy takes in a minute: guessing one password at many emails is slowed too. */
export const failuresPerMinute = 20
const minuteMs = 60_000

/**
 * Slows down guessing one account's password: after 5 wrong tries in a row, each
 * further try must wait 1 s, 2 s, 4 s … up to a minute after the last one, and a success
 * clears it. A try refused meanwhile is not counted, so the wait never grows past a minute
 * (docs/SECURITY.md says what a guesser who keeps trying costs the owner). Across all
 * accounts, at most `failuresPerMinute` tries that were not successes are taken a minute.
 */
export function createLoginThrottle(now: () => number) {
  const failures = new Map<string, { count: number; last: number }>()
  /** When the tries of the last minute were counted, any account's, oldest first. */
  let recent: number[] = []
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
      const at = now()
      recent = recent.filter((time) => at - time < minuteMs)
      if (recent.length >= failuresPerMinute) throw new AppError('tooManyRequests')
      recent.push(at)
      failures.set(key(email), { count: (entry?.count ?? 0) + 1, last: at })
      if (failures.size > pruneAbove) {
        for (const [k, e] of failures) if (now() - e.last > forgetAfterMs) failures.delete(k)
      }
    },
    succeeded(email: string): void {
      failures.delete(key(email))
      // Counted as failed until now: not one.
      recent.pop()
    }
  }
}
