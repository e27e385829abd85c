import { setTimeout as sleep } from 'node:timers/promises'
import { isBusy } from './faults'

export interface WriteQueueOptions {
  /**
   * Longest a write waits, in total from its call, for another connection (another app copy)
   * to release SQLite's write lock; then it fails with the last SQLITE_BUSY error.
   */
  maxWaitMs: number
  /** Pauses between attempts double from the first to the last (ms). */
  firstPauseMs?: number
  lastPauseMs?: number
}

/**
 * Runs write transactions one after another without ever waiting for a lock on the event
 * loop (docs/decisions/013-lock-waits.md). An attempt is synchronous and fails at once with
 * SQLITE_BUSY while another connection holds the write lock (main's busy_timeout is a few
 * milliseconds); the whole attempt is then tried again after a pause, so reads, events and
 * timers go on meanwhile. Writes of this process keep their order: a later call waits behind
 * an earlier one that is still waiting, so a like and the unlike after it never swap.
 *
 * When nothing is waiting the attempt runs at once, inside the call: an uncontended write is
 * as synchronous as before, and its promise is already settled.
 */
export function createWriteQueue(options: WriteQueueOptions) {
  const firstPause = options.firstPauseMs ?? 2
  const lastPause = options.lastPauseMs ?? 50
  let tail: Promise<unknown> = Promise.resolve()
  let waiting = 0

  /** Attempts until one is not refused for the lock or the wait is over; `refused` is a first attempt's SQLITE_BUSY. */
  async function retry<T>(attempt: () => T, startedAt: number, refused?: unknown): Promise<T> {
    let pause = firstPause
    let lastBusy = refused
    if (lastBusy === undefined) {
      try {
        return attempt()
      } catch (error) {
        if (!isBusy(error)) throw error
        lastBusy = error
      }
    }
    for (;;) {
      const left = startedAt + options.maxWaitMs - performance.now()
      if (left <= 0) throw lastBusy
      await sleep(Math.max(0, Math.min(pause, left)))
      pause = Math.min(pause * 2, lastPause)
      try {
        return attempt()
      } catch (error) {
        if (!isBusy(error)) throw error
        lastBusy = error
      }
    }
  }

  function enqueue<T>(job: () => Promise<T>): Promise<T> {
    waiting++
    const result = tail.then(job)
    tail = result.then(
      () => waiting--,
      () => waiting--
    )
    return result
  }

  return {
    /** Runs `attempt` (one whole transaction) now if nothing is waiting, else in turn; retried while the lock is held elsewhere. */
    run<T>(attempt: () => T): Promise<T> {
      const startedAt = performance.now()
      if (waiting === 0) {
        try {
          return Promise.resolve(attempt())
        } catch (error) {
          if (!isBusy(error)) return Promise.reject(error)
          return enqueue(() => retry(attempt, startedAt, error))
        }
      }
      return enqueue(() => retry(attempt, startedAt))
    },
    /** Writes not yet done (waiting for the lock or behind one that is). */
    pending(): number {
      return waiting
    }
  }
}

export type WriteQueue = ReturnType<typeof createWriteQueue>
