import type { WebContents } from 'electron'
import { readFileSync } from 'node:fs'
import { writeFileAtomic } from '../config/settings-file'

/** Chromium's zoom levels: each step is 20 % of size; ±3 is about 58 % to 173 %. */
const step = 0.5
const limit = 3

function readLevel(file: string): number {
  try {
    const { level } = JSON.parse(readFileSync(file, 'utf8')) as { level?: unknown }
    return typeof level === 'number' && Number.isFinite(level) ? Math.max(-limit, Math.min(limit, level)) : 0
  } catch {
    return 0
  }
}

/**
 * The zoom level (the menu's Ctrl +/−/0, Ctrl+wheel) is kept per copy in its profile folder and
 * put back on every page load, a reload after a crash included.
 */
export function keepZoom(contents: WebContents, file: string): (direction: 'in' | 'out' | 'reset') => void {
  let level = readLevel(file)
  // One write at a time, in order: the file always ends at the latest level.
  let saving: Promise<void> = Promise.resolve()
  contents.on('did-finish-load', () => contents.setZoomLevel(level))
  const zoom = (direction: 'in' | 'out' | 'reset') => {
    const next = direction === 'reset' ? 0 : Math.max(-limit, Math.min(limit, level + (direction === 'in' ? step : -step)))
    if (next === level && direction !== 'reset') return
    level = next
    contents.setZoomLevel(level)
    const text = JSON.stringify({ level }) + '\n'
    saving = saving.then(() => writeFileAtomic(file, text)).catch((error: unknown) => console.warn('zoom', error))
  }
  contents.on('zoom-changed', (_event, direction) => zoom(direction))
  return zoom
}
