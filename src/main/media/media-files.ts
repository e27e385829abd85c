import { randomBytes } from 'node:crypto'
import { lstat, mkdir, open, readdir, realpath, rename, rm } from 'node:fs/promises'
import path from 'node:path'
import type { ImageVariantFile } from '../store/images-store'

export const mediaContentType = 'image/webp'

/** The only names this module creates, serves or deletes: 128 random bits, so a name is never guessable or reused. */
const fileNamePattern = /^[0-9a-f]{32}\.webp$/

const isMediaFileName = (name: string): boolean => fileNamePattern.test(name)

/** Ours to delete: a media file, or the temp file of an interrupted write of one. */
const isOwnFile = (name: string): boolean => isMediaFileName(name) || (name.endsWith('.tmp') && isMediaFileName(name.slice(0, -4)))

/** Writes each variant under a fresh random name; on failure the ones already written are removed. */
export async function saveVariants(imagesDir: string, variants: { width: number; data: Buffer }[]): Promise<ImageVariantFile[]> {
  await mkdir(imagesDir, { recursive: true })
  const saved: ImageVariantFile[] = []
  try {
    for (const variant of variants) {
      const file = `${randomBytes(16).toString('hex')}.webp`
      await writeAtomically(path.join(imagesDir, file), variant.data)
      saved.push({ width: variant.width, file })
    }
  } catch (error) {
    await removeImageFiles(imagesDir, saved.map((v) => v.file))
    throw error
  }
  return saved
}

/** Temp file, fsync, rename: a reader or a crash never sees a half-written image under its final name. */
async function writeAtomically(target: string, data: Buffer): Promise<void> {
  const temp = `${target}.tmp`
  try {
    const handle = await open(temp, 'wx', 0o644)
    try {
      await handle.writeFile(data)
      await handle.sync()
    } finally {
      await handle.close()
    }
    await rename(temp, target)
  } catch (error) {
    await rm(temp, { force: true })
    throw error
  }
}

/**
 * Deletes image files after the rows that named them are gone: best effort, since the
 * data change already happened (a file the OS keeps busy is logged and left for the
 * orphan sweep). Names not of our pattern are never touched (they can only come from tampered data).
 */
export async function removeImageFiles(imagesDir: string, files: string[]): Promise<void> {
  const results = await Promise.allSettled(files.filter(isOwnFile).map((file) => rm(path.join(imagesDir, file), { force: true })))
  for (const result of results) if (result.status === 'rejected') console.warn('[media] could not remove an image file', result.reason)
}

/**
 * Files in the images folder that no row names, older than `olderThan` (ms since epoch):
 * left by a crash between writing files and committing their row, or by a failed delete.
 * Includes stale `.tmp` files of interrupted writes.
 */
export async function orphanImageFiles(imagesDir: string, referenced: ReadonlySet<string>, olderThan: number): Promise<string[]> {
  const names = await readdir(imagesDir).catch(() => [] as string[])
  const orphans: string[] = []
  for (const name of names) {
    if (!isOwnFile(name) || referenced.has(name)) continue
    const info = await lstat(path.join(imagesDir, name)).catch(() => null)
    if (info?.isFile() && info.mtimeMs < olderThan) orphans.push(name)
  }
  return orphans
}


/**
 * Maps the path of a media-protocol request to a file to serve, or null. Only a flat name of our pattern is
 * accepted, which rules out separators, dots, encoded traversal and null bytes; the file must be a regular file
 * (not a symlink) whose real path lies directly in the real images folder.
 */
export async function resolveMediaFile(imagesDir: string, requestPath: string): Promise<string | null> {
  let name: string
  try {
    name = decodeURIComponent(requestPath.startsWith('/') ? requestPath.slice(1) : requestPath)
  } catch {
    return null
  }
  if (!isMediaFileName(name)) return null
  try {
    const candidate = path.join(imagesDir, name)
    if (!(await lstat(candidate)).isFile()) return null
    const [realDir, realFile] = await Promise.all([realpath(imagesDir), realpath(candidate)])
    return path.dirname(realFile) === realDir ? realFile : null
  } catch {
    return null
  }
}
