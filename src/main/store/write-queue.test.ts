import { describe, expect, it } from 'vitest'
import { createWriteQueue } from './write-queue'

const busy = () => Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' })

/** An attempt refused for the lock `times` times, then returning `value`; records each try. */
function lockedFor<T>(times: number, value: T, log: string[], name: string) {
  let left = times
  return () => {
    log.push(name)
    if (left-- > 0) throw busy()
    return value
  }
}

describe('the write queue', () => {
  it('runs an uncontended write inside the call', async () => {
    const queue = createWriteQueue({ maxWaitMs: 1000 })
    const log: string[] = []
    const result = queue.run(lockedFor(0, 1, log, 'a'))
    expect(log).toEqual(['a'])
    expect(queue.pending()).toBe(0)
    expect(await result).toBe(1)
  })

  it('tries a refused write again and keeps later writes behind it, in call order', async () => {
    const queue = createWriteQueue({ maxWaitMs: 1000, firstPauseMs: 1, lastPauseMs: 2 })
    const log: string[] = []
    const first = queue.run(lockedFor(3, 'like', log, 'like'))
    const second = queue.run(lockedFor(0, 'unlike', log, 'unlike'))
    expect(queue.pending()).toBe(2)
    expect(await Promise.all([first, second])).toEqual(['like', 'unlike'])
    expect(log).toEqual(['like', 'like', 'like', 'like', 'unlike'])
    expect(queue.pending()).toBe(0)
  })

  it('passes other errors on at once, without trying again', async () => {
    const queue = createWriteQueue({ maxWaitMs: 1000 })
    let tries = 0
    const refused = new Error('no')
    await expect(
      queue.run(() => {
        tries++
        throw refused
      })
    ).rejects.toBe(refused)
    expect(tries).toBe(1)
  })

  it('gives up with the last busy error once the wait is over, and the next write still runs', async () => {
    const queue = createWriteQueue({ maxWaitMs: 30, firstPauseMs: 1, lastPauseMs: 5 })
    const log: string[] = []
    const never = queue.run(lockedFor(Infinity, 'never', log, 'held'))
    const after = queue.run(lockedFor(0, 'after', log, 'after'))
    await expect(never).rejects.toMatchObject({ code: 'SQLITE_BUSY' })
    expect(await after).toBe('after')
    expect(log.filter((name) => name === 'held').length).toBeGreaterThan(1)
  })
})
