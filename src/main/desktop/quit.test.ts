import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { app, callsTo, fakeEvent, resetElectron } from '../../../tests/support/electron-double'
import { quitAfterClose } from './quit'

const willQuit = () => {
  const event = fakeEvent()
  app.emit('will-quit', event)
  return event
}

beforeEach(() => resetElectron())
afterEach(() => vi.useRealTimers())

describe('quitAfterClose', () => {
  it('holds the quit until close() has finished, then quits for real', async () => {
    let finish!: () => void
    const close = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)))
    quitAfterClose(app, close)
    expect(willQuit().defaultPrevented).toBe(true)
    await vi.waitFor(() => expect(close).toHaveBeenCalledTimes(1))
    // A second quit request while closing is held too, without closing twice.
    expect(willQuit().defaultPrevented).toBe(true)
    await Promise.resolve()
    expect(callsTo('app.quit')).toEqual([])
    finish()
    await vi.waitFor(() => expect(callsTo('app.quit')).toHaveLength(1))
    // The quit that follows is let through.
    expect(willQuit().defaultPrevented).toBe(false)
    expect(close).toHaveBeenCalledTimes(1)
  })

  it('quits even when close() fails, logging why', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    quitAfterClose(app, () => Promise.reject(new Error('disk gone')))
    willQuit()
    await vi.waitFor(() => expect(callsTo('app.quit')).toHaveLength(1))
    expect(error).toHaveBeenCalledWith('closing Magpie failed', expect.any(Error))
    error.mockRestore()
  })

  it('gives up on a close() that never ends after the timeout, so quitting cannot hang', async () => {
    vi.useFakeTimers()
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    quitAfterClose(app, () => new Promise<void>(() => {}), 5000)
    willQuit()
    await vi.advanceTimersByTimeAsync(4999)
    expect(callsTo('app.quit')).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(callsTo('app.quit')).toHaveLength(1)
    expect(error).toHaveBeenCalledWith(expect.stringContaining('did not close within 5000 ms'))
    error.mockRestore()
  })
})
