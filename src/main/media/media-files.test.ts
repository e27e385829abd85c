import { describe, it, expect } from 'vitest'
import { mkdir, mkdtemp, readdir, readFile, realpath, stat, symlink, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { mediaContentType, removeImageFiles, resolveMediaFile, saveVariants } from './media-files'

const namePattern = /^[0-9a-f]{32}\.webp$/

const tempDir = (): Promise<string> => mkdtemp(path.join(os.tmpdir(), 'magpie-media-'))

async function savedOne(): Promise<{ dir: string; file: string }> {
  const dir = await tempDir()
  const [saved] = await saveVariants(dir, [{ width: 320, data: Buffer.from('webp bytes') }])
  return { dir, file: saved!.file }
}

describe('saveVariants', () => {
  it('writes each variant under a random name of our pattern, creating the folder', async () => {
    const dir = path.join(await tempDir(), 'images', 'nested')
    const saved = await saveVariants(dir, [
      { width: 320, data: Buffer.from('small') },
      { width: 640, data: Buffer.from('large') }
    ])
    expect(saved.map((v) => v.width)).toEqual([320, 640])
    expect(saved.every((v) => namePattern.test(v.file))).toBe(true)
    expect(new Set(saved.map((v) => v.file)).size).toBe(2)
    expect(await readFile(path.join(dir, saved[0]!.file), 'utf8')).toBe('small')
    expect(await readFile(path.join(dir, saved[1]!.file), 'utf8')).toBe('large')
    // No temp files are left behind.
    expect((await readdir(dir)).sort()).toEqual(saved.map((v) => v.file).sort())
    const { mode } = await stat(path.join(dir, saved[0]!.file))
    expect(mode & 0o777).toBe(0o644 & ~process.umask())
  })

  it('serves WebP', () => {
    expect(mediaContentType).toBe('image/webp')
  })
})

describe('removeImageFiles', () => {
  it('removes our files, ignores missing ones and never touches other names', async () => {
    const { dir, file } = await savedOne()
    await writeFile(path.join(dir, 'keep.txt'), 'not ours')
    await removeImageFiles(dir, [file, `${'0'.repeat(32)}.webp`, 'keep.txt', '../keep.txt'])
    expect(await readdir(dir)).toEqual(['keep.txt'])
  })
})

describe('resolveMediaFile', () => {
  it('returns the real path of a saved file, with or without a leading slash or percent-encoding', async () => {
    const { dir, file } = await savedOne()
    const expected = path.join(await realpath(dir), file)
    expect(await resolveMediaFile(dir, `/${file}`)).toBe(expected)
    expect(await resolveMediaFile(dir, file)).toBe(expected)
    expect(await resolveMediaFile(dir, `/${encodeURIComponent(file).replace('.', '%2E')}`)).toBe(expected)
  })

  it('follows a symlinked images folder itself (e.g. /tmp on macOS)', async () => {
    const { dir, file } = await savedOne()
    const link = path.join(await tempDir(), 'images-link')
    await symlink(dir, link)
    expect(await resolveMediaFile(link, `/${file}`)).toBe(path.join(await realpath(dir), file))
  })

  it('refuses traversal, absolute paths, null bytes and foreign names', async () => {
    const { dir, file } = await savedOne()
    const parent = path.dirname(dir)
    await writeFile(path.join(parent, 'x'), 'outside')
    const attempts = [
      '../x',
      '/../x',
      `/..%2f${path.basename(dir)}%2f${file}`,
      '%2e%2e%2fx',
      '%2E%2E/x',
      '..%5cx',
      '..\\x',
      `..\\${path.basename(dir)}\\${file}`,
      `./${file}`,
      `%2e%2f${file}`,
      path.join(dir, file),
      `//${file}`,
      '/etc/passwd',
      `${file}\0`,
      `${file}%00`,
      `%00${file}`,
      `${file}%00.png`,
      `${file.slice(0, 32)}.png`,
      file.toUpperCase(),
      `${file}/`,
      '%E0%A4%A',
      ''
    ]
    for (const attempt of attempts) {
      expect(await resolveMediaFile(dir, attempt), attempt).toBeNull()
    }
  })

  it('refuses a well-named file that does not exist', async () => {
    const dir = await tempDir()
    expect(await resolveMediaFile(dir, `/${'a'.repeat(32)}.webp`)).toBeNull()
    expect(await resolveMediaFile(path.join(dir, 'missing'), `/${'a'.repeat(32)}.webp`)).toBeNull()
  })

  it('refuses a well-named symlink, pointing outside the folder or even inside it', async () => {
    const { dir, file } = await savedOne()
    const outside = path.join(await tempDir(), 'secret.txt')
    await writeFile(outside, 'secret')
    const toOutside = `${'b'.repeat(32)}.webp`
    const toSibling = `${'d'.repeat(32)}.webp`
    await symlink(outside, path.join(dir, toOutside))
    await symlink(path.join(dir, file), path.join(dir, toSibling))
    expect(await resolveMediaFile(dir, `/${toOutside}`)).toBeNull()
    expect(await resolveMediaFile(dir, `/${toSibling}`)).toBeNull()
  })

  it('refuses a well-named directory', async () => {
    const dir = await tempDir()
    const name = `${'c'.repeat(32)}.webp`
    await mkdir(path.join(dir, name))
    expect(await resolveMediaFile(dir, `/${name}`)).toBeNull()
  })
})
