import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { app, BrowserWindow, callsTo, electronRecording, fakeEvent, resetElectron } from '../../../tests/support/electron-double'
import { askBeforeQuit, quitAfterClose } from './quit'

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

describe('askBeforeQuit (decision 039)', () => {
  /** What Electron emits from here on, in order. */
  const heard: string[] = []
  beforeEach(() => {
    heard.length = 0
    for (const name of ['before-quit', 'will-quit', 'quit']) app.on(name, () => heard.push(name))
  })

  it('asks the page, cancels the quit, and quits once the page agrees', () => {
    const window = new BrowserWindow()
    const ask = vi.fn(() => true)
    const quitting = vi.fn()
    const guard = askBeforeQuit(app, { ask, quitting })
    app.quit()
    expect(ask).toHaveBeenCalledTimes(1)
    expect(heard).toEqual(['before-quit'])
    expect(window.isDestroyed()).toBe(false)
    expect(quitting).not.toHaveBeenCalled()
    expect(guard.waiting()).toBe(true)

    guard.agreed()
    // Electron emits before-quit again for the new app.quit(); this time it goes through.
    expect(heard).toEqual(['before-quit', 'before-quit', 'will-quit', 'quit'])
    expect(ask).toHaveBeenCalledTimes(1)
    expect(quitting).toHaveBeenCalledTimes(1)
    expect(window.isDestroyed()).toBe(true)
    expect(electronRecording.app.quit.shutdown).toBe(true)
  })

  it('계속 쓰기 (no answer) leaves the app running, and the next quit asks again', () => {
    const ask = vi.fn(() => true)
    askBeforeQuit(app, { ask, quitting: () => {} })
    app.quit()
    app.quit()
    expect(ask).toHaveBeenCalledTimes(2)
    expect(electronRecording.app.quit).toEqual({ quitting: false, shutdown: false })
  })

  it('quits at once when there is no page to ask', () => {
    const quitting = vi.fn()
    askBeforeQuit(app, { ask: () => false, quitting })
    app.quit()
    expect(heard).toEqual(['before-quit', 'will-quit', 'quit'])
    expect(quitting).toHaveBeenCalledTimes(1)
  })

  it('an answer nobody asked for quits nothing (the page is untrusted)', () => {
    const guard = askBeforeQuit(app, { ask: () => true, quitting: () => {} })
    guard.agreed()
    expect(callsTo('app.quit')).toEqual([])
    expect(heard).toEqual([])
  })

  it('an update\'s restart or the session\'s end quits unasked', () => {
    const ask = vi.fn(() => true)
    const guard = askBeforeQuit(app, { ask, quitting: () => {} })
    guard.allow()
    app.quit()
    expect(ask).not.toHaveBeenCalled()
    expect(electronRecording.app.quit.shutdown).toBe(true)
  })

  it('with quitAfterClose, the store closes once, after the page agreed', async () => {
    const close = vi.fn()
    const guard = askBeforeQuit(app, { ask: () => true, quitting: () => {} })
    quitAfterClose(app, close)
    app.quit()
    expect(close).not.toHaveBeenCalled()
    guard.agreed()
    await vi.waitFor(() => expect(electronRecording.app.quit.shutdown).toBe(true))
    expect(close).toHaveBeenCalledTimes(1)
    // before-quit (asked), before-quit (agreed), will-quit held while closing, then before-quit and will-quit again.
    expect(heard).toEqual(['before-quit', 'before-quit', 'will-quit', 'before-quit', 'will-quit', 'quit'])
  })
})
