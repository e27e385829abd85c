import { beforeEach, describe, expect, it, vi } from 'vitest'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { WebContents } from 'electron'
import { FakeWebContents, fakeEvent, resetElectron } from '../../../tests/support/electron-double'
import { keepZoom } from './zoom'

beforeEach(() => resetElectron())
const temp = () => mkdtempSync(join(tmpdir(), 'magpie-shell-'))
/** A webContents showing the app's page: zoom is a no-op before a page is live. */
function loaded(): FakeWebContents {
  const contents = new FakeWebContents()
  contents.mainFrame.url = 'app://magpie/index.html'
  return contents
}

describe('zoom per copy', () => {
  it('steps in, out and back, keeps the level in the profile, and puts it back on every load', async () => {
    const file = join(temp(), 'zoom.json')
    const contents = loaded()
    const zoom = keepZoom(contents as unknown as WebContents, file)
    zoom('in')
    zoom('in')
    zoom('out')
    expect(contents.zoomLevel).toBe(0.5)
    await vi.waitFor(() => expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ level: 0.5 }))
    // Ctrl+wheel.
    contents.emit('zoom-changed', fakeEvent(), 'in')
    expect(contents.zoomLevel).toBe(1)
    await vi.waitFor(() => expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ level: 1 }))

    const next = loaded()
    keepZoom(next as unknown as WebContents, file)
    next.emit('did-finish-load')
    expect(next.zoomLevel).toBe(1)
  })

  it('stays within ±3 and ignores a damaged file', () => {
    const file = join(temp(), 'zoom.json')
    writeFileSync(file, '{"level": "huge"}')
    const contents = loaded()
    const zoom = keepZoom(contents as unknown as WebContents, file)
    contents.emit('did-finish-load')
    expect(contents.zoomLevel).toBe(0)
    for (let i = 0; i < 20; i++) zoom('in')
    expect(contents.zoomLevel).toBe(3)
    zoom('reset')
    expect(contents.zoomLevel).toBe(0)
  })
})
