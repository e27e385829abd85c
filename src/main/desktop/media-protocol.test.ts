import { beforeEach, describe, expect, it, vi } from 'vitest'
import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { saveVariants } from '../media/media-files'
import { electronRecording, net, requestScheme, resetElectron, type ProtocolHandler } from '../../../tests/support/electron-double'
import { handleMediaProtocol, mediaScheme, mediaUrl } from './media-protocol'

beforeEach(() => {
  vi.restoreAllMocks()
  resetElectron()
})

describe('mediaUrl', () => {
  it('builds URLs under the images host', () => {
    expect(mediaScheme).toBe('magpie-media')
    expect(mediaUrl('abc.webp')).toBe('magpie-media://images/abc.webp')
  })
})

describe('handleMediaProtocol', () => {
  const bytes = Buffer.from('RIFF....WEBPVP8 fake image bytes')
  const otherName = `${'a'.repeat(32)}.webp`

  async function serve() {
    const dataDir = await mkdtemp(join(tmpdir(), 'magpie-protocol-'))
    const imagesDir = join(dataDir, 'images')
    const [saved] = await saveVariants(imagesDir, [{ width: 640, data: bytes }])
    // Things next to and inside the images folder that must never be served.
    await writeFile(join(dataDir, 'secret'), 'the database')
    await writeFile(join(dataDir, otherName), 'outside the images folder, with a valid name')
    await writeFile(join(imagesDir, 'notes.txt'), 'not one of ours')
    await symlink(join(dataDir, otherName), join(imagesDir, `${'b'.repeat(32)}.webp`))
    handleMediaProtocol(imagesDir)
    const handler = electronRecording.protocol.handlers.get('magpie-media') as ProtocolHandler
    expect(handler).toBeTypeOf('function')
    const get = (url: string, method = 'GET') => Promise.resolve(handler(new Request(url, { method })))
    return { file: saved!.file, get, imagesDir }
  }

  it('a photo removed between its check and its read (its post deleted meanwhile) is a 404, never ERR_UNEXPECTED', async () => {
    const { file, imagesDir } = await serve()
    const read = net.fetch.bind(net)
    vi.spyOn(net, 'fetch').mockImplementation(async (input, init) => {
      await rm(join(imagesDir, file))
      return read(input, init)
    })
    const response = await requestScheme(mediaUrl(file))
    expect(response).toBeInstanceOf(Response)
    expect((response as Response).status).toBe(404)
  })

  it('serves a saved variant as WebP with nosniff and a long cache', async () => {
    const { file, get } = await serve()
    const response = await get(mediaUrl(file))
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/webp')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('cache-control')).toContain('immutable')
    expect(Buffer.from(await response.arrayBuffer())).toEqual(bytes)
  })

  it('asks for the folder at each request, so a backend switch serves the other folder', async () => {
    const first = join(await mkdtemp(join(tmpdir(), 'magpie-protocol-')), 'images')
    const second = join(await mkdtemp(join(tmpdir(), 'magpie-protocol-')), 'images')
    const [saved] = await saveVariants(first, [{ width: 640, data: bytes }])
    let current = first
    handleMediaProtocol(() => current)
    const handler = electronRecording.protocol.handlers.get('magpie-media') as ProtocolHandler
    expect((await handler(new Request(mediaUrl(saved!.file)))).status).toBe(200)
    current = second
    expect((await handler(new Request(mediaUrl(saved!.file)))).status).toBe(404)
  })

  it.each([
    ['a parent-folder path', 'magpie-media://images/../secret'],
    ['a parent-folder path to a valid name', `magpie-media://images/../${otherName}`],
    ['an encoded parent-folder path', 'magpie-media://images/%2e%2e/secret'],
    ['an encoded separator', `magpie-media://images/..%2f${otherName}`],
    ['an encoded dot-dot-slash', `magpie-media://images/%2E%2E%2F${otherName}`],
    ['a backslash', `magpie-media://images/..%5c${otherName}`],
    ['a name not of our pattern', 'magpie-media://images/notes.txt'],
    ['a missing file of our pattern', `magpie-media://images/${'c'.repeat(32)}.webp`],
    ['a symlink out of the folder', `magpie-media://images/${'b'.repeat(32)}.webp`],
    ['a nested path', `magpie-media://images/sub/${otherName}`],
    ['an empty path', 'magpie-media://images/'],
    ['a null byte', `magpie-media://images/${'a'.repeat(32)}.webp%00`]
  ])('answers 404 for %s', async (_name, url) => {
    const { get } = await serve()
    const response = await get(url)
    expect(response.status).toBe(404)
    expect(response.headers.get('content-type')).not.toBe('image/webp')
  })

  it('answers 404 for a saved file asked for on another host', async () => {
    const { file, get } = await serve()
    for (const host of ['other', 'images.evil', 'localhost']) {
      expect((await get(`magpie-media://${host}/${file}`)).status, host).toBe(404)
    }
  })

  it('answers 404 for any method but GET', async () => {
    const { file, get } = await serve()
    for (const method of ['POST', 'PUT', 'DELETE', 'HEAD', 'OPTIONS']) {
      expect((await get(mediaUrl(file), method)).status, method).toBe(404)
    }
    expect((await get(mediaUrl(file), 'GET')).status).toBe(200)
  })

  it('handles only its own scheme', async () => {
    await serve()
    expect([...electronRecording.protocol.handlers.keys()]).toEqual(['magpie-media'])
  })
})
