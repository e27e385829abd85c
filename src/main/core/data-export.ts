import archiver from 'archiver'
import { createWriteStream } from 'node:fs'
import { rename, rm } from 'node:fs/promises'
import type { Readable } from 'node:stream'
import type { ExportedData } from './exported-data'
import { finished } from 'node:stream/promises'
import type { Emit } from './live-events'
import type { DesktopPort } from '../desktop-port'
import { AppError } from '../errors'
import { exportPage } from './export-page'

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())

/** The JSON files: times as ISO 8601 text, one file per kind of data. */
function jsonFiles(data: ExportedData, exportedAt: number): [string, string][] {
  const json = (value: unknown) => JSON.stringify(value, null, 2) + '\n'
  return [
    ['data/account.json', json({ ...data.account, joinedAt: iso(data.account.joinedAt), exportedAt: iso(exportedAt) })],
    ['data/posts.json', json(data.posts.map((p) => ({ ...p, createdAt: iso(p.createdAt), updatedAt: iso(p.updatedAt) })))],
    ['data/comments.json', json(data.comments.map((c) => ({ ...c, createdAt: iso(c.createdAt) })))],
    ['data/likes.json', json(data.likes.map((l) => ({ ...l, likedAt: iso(l.likedAt) })))],
    ['data/alerts.json', json(data.alerts.map((a) => ({ ...a, createdAt: iso(a.createdAt) })))],
    ['data/reports.json', json(data.reports.map((r) => ({ ...r, createdAt: iso(r.createdAt) })))],
    ['data/notices.json', json(data.notices.map((n) => ({ ...n, createdAt: iso(n.createdAt) })))]
  ]
}

/**
 * Writes the archive to `path`: first as `path.part`, renamed when complete, so a failure or a
 * quit midway never leaves a broken ZIP under the chosen name. Entries go in one at a time
 * (each waits for the one before), and `onProgress` hears the share done after each.
 */
export async function writeExport(path: string, data: ExportedData, exportedAt: number, onProgress: (fraction: number) => void): Promise<void> {
  const part = `${path}.part`
  const archive = archiver('zip', { zlib: { level: 6 } })
  const output = createWriteStream(part)
  const failed = new Promise<never>((_, reject) => {
    archive.on('error', reject)
    output.on('error', reject)
  })
  failed.catch(() => {})
  archive.pipe(output)
  const texts: [string, string][] = [['index.html', exportPage(data, exportedAt)], ...jsonFiles(data, exportedAt)]
  const total = texts.length + data.photos.length
  let done = 0
  const add = async (source: Readable | Buffer | string, name: string, store: boolean) => {
    const entered = new Promise<void>((resolve) => archive.once('entry', () => resolve()))
    archive.append(source, { name, date: new Date(exportedAt), store })
    await Promise.race([entered, failed])
    onProgress(++done / total)
  }
  try {
    for (const [name, text] of texts) await add(text, name, false)
    for (const photo of data.photos) {
      const source = await Promise.race([photo.open(), failed])
      if (source) await add(source, photo.file, true)
      else onProgress(++done / total)
    }
    await Promise.race([archive.finalize(), failed])
    await Promise.race([finished(output), failed])
    await rename(part, path)
  } catch (error) {
    archive.abort()
    output.destroy()
    await rm(part, { force: true }).catch(() => {})
    throw error
  }
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
