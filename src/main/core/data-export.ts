import type { ExportedData } from './exported-data'
import type { Emit } from './live-events'
import type { DesktopPort } from '../desktop-port'
import { AppError } from '../errors'
import { exportPage } from './export-page'
import { writeZipFile } from './zip-file'

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())

/** The JSON files: times as ISO 8601 text, one file per kind of data. */
function jsonFiles(data: ExportedData, exportedAt: number): [string, string][] {
  const json = (value: unknown) => JSON.stringify(value, null, 2) + '\n'
  return [
    ['data/account.json', json({ ...data.account, joinedAt: iso(data.account.joinedAt), exportedAt: iso(exportedAt) })],
    ['data/posts.json', json(data.posts.map((p) => ({ ...p, createdAt: iso(p.createdAt), updatedAt: iso(p.updatedAt) })))],
    ['data/comments.json', json(data.comments.map((c) => ({ ...c, createdAt: iso(c.createdAt) })))],
    ['data/likes.json', json(data.likes.map((l) => ({ ...l, likedAt: iso(l.likedAt) })))],
    ['data/saved.json', json(data.saved.map((s) => ({ ...s, savedAt: iso(s.savedAt) })))],
    ['data/alerts.json', json(data.alerts.map((a) => ({ ...a, createdAt: iso(a.createdAt) })))],
    ['data/reports.json', json(data.reports.map((r) => ({ ...r, createdAt: iso(r.createdAt) })))],
    ['data/notices.json', json(data.notices.map((n) => ({ ...n, createdAt: iso(n.createdAt) })))]
  ]
}

/**
 * Writes the archive to `path` (through `path.part`: zip-file.ts). Entries go in one at a time,
 * and `onProgress` hears the share done after each.
 */
export async function writeExport(path: string, data: ExportedData, exportedAt: number, onProgress: (fraction: number) => void): Promise<void> {
  const texts: [string, string][] = [['index.html', exportPage(data, exportedAt)], ...jsonFiles(data, exportedAt)]
  const total = texts.length + data.photos.length
  let done = 0
  await writeZipFile(path, new Date(exportedAt), async (add) => {
    for (const [name, text] of texts) {
      await add(text, name, false)
      onProgress(++done / total)
    }
    for (const photo of data.photos) {
      const source = await photo.open()
      if (source) await add(source, photo.file, true)
      onProgress(++done / total)
    }
  })
}

/** The date in the suggested file name, e.g. magpie-data-2026-11-26.zip (the person's own day). */
function fileName(at: number): string {
  const d = new Date(at)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `magpie-data-${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}.zip`
}

/**
 * 내 데이터 내려받기 for whichever backend runs: the backend gathers (the store, or the server
 * in community mode), the person chooses where it goes, then the archive is written with
 * progress. One at a time per app copy.
 */
export function createDataExport(options: { desktop: Pick<DesktopPort, 'chooseSavePath' | 'saved'>; emit: Emit; now: () => number }) {
  let running = false
  return {
    async run(gather: () => Promise<ExportedData>): Promise<{ saved: boolean; download: string | null }> {
      if (running) throw new AppError('exportRunning')
      running = true
      try {
        const data = await gather()
        const at = options.now()
        const path = await options.desktop.chooseSavePath(fileName(at))
        if (!path) return { saved: false, download: null }
        options.emit('account:exportProgress', { progress: 0 })
        await writeExport(path, data, at, (progress) => options.emit('account:exportProgress', { progress }))
        return { saved: true, download: options.desktop.saved(path) }
      } finally {
        running = false
      }
    }
  }
}

export type DataExport = ReturnType<typeof createDataExport>
