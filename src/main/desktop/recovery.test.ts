import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { App, BrowserWindow } from 'electron'
import { messages } from '@shared/messages'
import { app, electronRecording, FakeBrowserWindow, fakeEvent, resetElectron } from '../../../tests/support/electron-double'
import { crashLoop, logChildProcesses, recoverFromCrashes } from './recovery'

beforeEach(() => resetElectron())

function setup() {
  const window = new FakeBrowserWindow()
  const recovered = vi.fn()
  const log = { warn: vi.fn(), error: vi.fn() }
  let t = 0
  recoverFromCrashes(window as unknown as BrowserWindow, { recovered, log, now: () => t })
  return { window, contents: window.webContents, recovered, log, advance: (ms: number) => (t += ms) }
}

describe('a renderer that dies', () => {
  it('is reloaded, and the page is told once it is back', async () => {
    const { contents, recovered, log } = setup()
    const gone = contents.renderProcessGone({ reason: 'oom', exitCode: -1 })
    // Electron emits it from a posted task, not while the process's death is being told.
    expect(contents.reloads).toBe(0)
    await gone
    expect(contents.reloads).toBe(1)
    expect(recovered).not.toHaveBeenCalled()
    contents.emit('did-finish-load')
    contents.emit('did-finish-load')
    expect(recovered).toHaveBeenCalledOnce()
    expect(log.error).toHaveBeenCalledWith('renderer gone', { reason: 'oom', exitCode: -1 })
  })

  it('a clean exit (the window closing) is not a crash', async () => {
    const { contents } = setup()
    await contents.renderProcessGone({ reason: 'clean-exit', exitCode: 0 })
    expect(contents.reloads).toBe(0)
  })

  it('crashing again and again stops being reloaded and says so; later it may be reloaded again', async () => {
    const { contents, advance } = setup()
    for (let i = 0; i < crashLoop.reloads + 1; i++) await contents.renderProcessGone({ reason: 'crashed', exitCode: 1 })
    expect(contents.reloads).toBe(crashLoop.reloads)
    expect(electronRecording.dialog.errorBoxes).toEqual([{ title: messages.appName, content: messages.rendererGone }])
    advance(crashLoop.withinMs + 1)
    await contents.renderProcessGone({ reason: 'crashed', exitCode: 1 })
    expect(contents.reloads).toBe(crashLoop.reloads + 1)
  })
})

describe('a renderer that hangs', () => {
  it('asks to wait or reload; 다시 열기 ends the page, which comes back through the crash reload', async () => {
    electronRecording.messageBoxResponse = 1
    const { contents, window } = setup()
    window.show()
    contents.emit('unresponsive')
    const [box] = electronRecording.messageBoxes
    expect(box!.window).toBe(window)
    expect(box!.options).toMatchObject({ buttons: [messages.unresponsiveWait, messages.unresponsiveReload], cancelId: 0 })
    await vi.waitFor(() => expect(contents.crashedForcefully).toBe(1))
  })

  it('a window hidden in the tray asks in a dialog of its own, not one attached where nobody sees it', () => {
    electronRecording.messageBoxResponse = null
    const { contents, window } = setup()
    expect(window.isVisible()).toBe(false)
    contents.emit('unresponsive')
    expect(electronRecording.messageBoxes).toEqual([expect.objectContaining({ window: null, options: expect.objectContaining({ title: messages.unresponsiveTitle }) })])
  })

  it('기다리기 leaves it alone; a page that answers again closes the question by itself', async () => {
    electronRecording.messageBoxResponse = null
    const { contents } = setup()
    contents.emit('unresponsive')
    contents.emit('unresponsive')
    expect(electronRecording.messageBoxes).toHaveLength(1)
    const { signal } = electronRecording.messageBoxes[0]!.options as { signal: AbortSignal }
    contents.emit('responsive')
    expect(signal.aborted).toBe(true)
    await Promise.resolve()
    expect(contents.crashedForcefully).toBe(0)
  })
})

describe('helper processes', () => {
  it('are logged when they go, unless they exit cleanly', () => {
    const log = { warn: vi.fn(), error: vi.fn() }
    logChildProcesses(app as unknown as App, log)
    app.emit('child-process-gone', fakeEvent(), { type: 'GPU', reason: 'crashed', exitCode: 1 })
    app.emit('child-process-gone', fakeEvent(), { type: 'Utility', reason: 'clean-exit', exitCode: 0 })
    expect(log.warn).toHaveBeenCalledExactlyOnceWith('child process gone', { type: 'GPU', reason: 'crashed', exitCode: 1 })
  })
})
