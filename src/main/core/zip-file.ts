import archiver from 'archiver'
import { createWriteStream } from 'node:fs'
import { rename, rm } from 'node:fs/promises'
import type { Readable } from 'node:stream'
import { finished } from 'node:stream/promises'

/** Appends one entry and resolves once the archive took it in; store: no compression (photos are compressed already). */
export type AddZipEntry = (source: Readable | Buffer | string, name: string, store: boolean) => Promise<void>

/**
 * Writes a ZIP to `path`: first as `path.part`, renamed when complete, so a failure or a quit
 * midway never leaves a broken ZIP under the chosen name. `fill` adds the entries one at a time
 * (each add waits for the one before); every entry carries `date`.
 */
export async function writeZipFile(path: string, date: Date, fill: (add: AddZipEntry) => Promise<void>): Promise<void> {
  const part = `${path}.part`
  const archive = archiver('zip', { zlib: { level: 6 } })
  const output = createWriteStream(part)
  const failed = new Promise<never>((_, reject) => {
    archive.on('error', reject)
    output.on('error', reject)
  })
  failed.catch(() => {})
  archive.pipe(output)
  const add: AddZipEntry = async (source, name, store) => {
    const entered = new Promise<void>((resolve) => archive.once('entry', () => resolve()))
    archive.append(source, { name, date, store })
    await Promise.race([entered, failed])
  }
  try {
    await Promise.race([fill(add), failed])
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
