import { readFileSync, readdirSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '../../src/renderer/src')

/** Every CSS module of the renderer as written (vitest stubs them when a test imports them). */
function cssModules(dir = root): { path: string; text: string }[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return cssModules(path)
    return entry.name.endsWith('.module.css') ? [{ path: relative(root, path), text: readFileSync(path, 'utf8') }] : []
  })
}

describe('the dialog shell (src/renderer/src/shared/ui/DialogShell)', () => {
  it('is the one frame: no other stylesheet draws a dialog overlay, centres a dialog card or styles its close button', () => {
    const frames = cssModules().filter(({ text }) => /var\(--overlay\)|translate\(-50%, -50%\)|^\.close svg/m.test(text))
    expect(frames.map((file) => file.path)).toEqual(['shared/ui/DialogShell.module.css'])
  })
})
