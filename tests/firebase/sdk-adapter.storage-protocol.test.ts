/**
 * The SDK adapter's FilesPort (src/main/firebase/sdk-adapter/) on firebase-tools'
 * Storage emulator without rules (tests/support/emulators/storage-server.mjs): the upload
 * and download protocol as the real SDK speaks it — a multipart upload for a small photo and a
 * resumable one past the SDK's 256 KiB threshold, the download URL with the token the server
 * issued, the size cap, the allowed origins and removal. Every request is allowed there, so
 * storage.rules is proven by rules.test.ts on the full emulator suite (`npm run test:firebase`).
 *
 * In `npm test` on the emulators its run starts (vitest.emulators.config.ts); in
 * `npm run test:firebase` against that suite's Storage emulator (rules loaded: every request
 * here is one the rules allow).
 */
import { createServer, type Server } from 'node:http'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { FirebasePorts, FirebaseUser } from '../../src/main/firebase/ports'
import { emulatorHost, PROJECT_ID } from '../support/emulators/project'
import { failure, signedIn } from '../support/emulators/sdk'

const storage = emulatorHost('storage')
let counter = 0
const fresh = (folder: 'postImg' | 'profileImg'): string => `${folder}/${Date.now()}${String(counter++).padStart(4, '0')}`

// The smallest PNG there is: 1×1, transparent.
const png = Uint8Array.from(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64'))
/** Past the SDK's threshold for resumable uploads (256 KiB). */
const large = (): Uint8Array => {
  const bytes = new Uint8Array(300 * 1024 + 7)
  for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 31 + 7) % 251
  return bytes
}

/** The upload protocols the SDK used, from the requests it sent (X-Goog-Upload-Protocol). */
function protocolsSeen(spy: { mock: { calls: unknown[][] } }): string[] {
  return spy.mock.calls
    .map(([, init]) => new Headers((init as RequestInit | undefined)?.headers).get('x-goog-upload-protocol'))
    .filter((value): value is string => value !== null)
}

describe('FilesPort protocol on the Storage emulator', () => {
  let alice: { ports: FirebasePorts; user: FirebaseUser }
  let bob: { ports: FirebasePorts; user: FirebaseUser }

  beforeAll(async () => {
    alice = await signedIn({ storage }, 'alice')
    bob = await signedIn({ storage }, 'bob')
  })
  afterAll(async () => {
    await alice?.ports.close()
    await bob?.ports.close()
  })
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('uploads a small photo in one request with progress up to 1, and another person downloads the same bytes', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    const path = fresh('postImg')
    const progress: number[] = []
    const url = await alice.ports.files.upload(path, png, 'image/png', (fraction) => progress.push(fraction))
    expect(protocolsSeen(fetchSpy)).toEqual(['multipart'])
    expect(progress.at(-1)).toBe(1)
    expect(progress.every((f, i) => f >= 0 && f <= 1 && (i === 0 || f >= progress[i - 1]!))).toBe(true)
    expect(Buffer.from(await bob.ports.files.download(url, 1024))).toEqual(Buffer.from(png))
  })

  it('uploads a large photo resumably (start, then upload-and-finalize) and downloads it whole', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    const bytes = large()
    const progress: number[] = []
    const url = await alice.ports.files.upload(fresh('postImg'), bytes, 'image/jpeg', (fraction) => progress.push(fraction))
    const protocols = protocolsSeen(fetchSpy)
    expect(protocols[0]).toBe('resumable')
    expect(protocols).not.toContain('multipart')
    expect(progress.at(-1)).toBe(1)
    expect(Buffer.from(await bob.ports.files.download(url, bytes.byteLength))).toEqual(Buffer.from(bytes))
  })

  it('hands back a download URL on the emulator carrying the token the server issued for that file', async () => {
    const path = fresh('profileImg')
    const url = new URL(await alice.ports.files.upload(path, png, 'image/png'))
    expect(url.origin).toBe(`http://${storage}`)
    expect(url.pathname).toBe(`/v0/b/${PROJECT_ID}/o/${encodeURIComponent(path)}`)
    expect(url.searchParams.get('alt')).toBe('media')
    const metadata = (await (await fetch(`http://${storage}/v0/b/${PROJECT_ID}/o/${encodeURIComponent(path)}`)).json()) as { downloadTokens: string }
    expect(metadata.downloadTokens.split(',')).toContain(url.searchParams.get('token'))
  })

  it('refuses a download larger than asked, and a URL that is not this Storage server, without fetching it', async () => {
    const url = await alice.ports.files.upload(fresh('postImg'), png, 'image/png')
    expect((await failure(bob.ports.files.download(url, png.byteLength - 1))).reason).toBe('unknown')
    expect(Buffer.from(await bob.ports.files.download(url, png.byteLength))).toEqual(Buffer.from(png))

    // The same path and token on another server: refused before any request reaches it.
    let requests = 0
    const elsewhere: Server = createServer((_req, res) => {
      requests++
      res.end(Buffer.from(png))
    })
    await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve))
    try {
      const address = elsewhere.address()
      const moved = new URL(url)
      moved.port = String(typeof address === 'object' && address ? address.port : 0)
      expect((await failure(bob.ports.files.download(moved.toString(), 1024))).reason).toBe('permission-denied')
      expect(requests).toBe(0)
    } finally {
      await new Promise<void>((resolve) => elsewhere.close(() => resolve()))
    }
  })

  it('removes a file; removing it twice is fine; a removed file is not found', async () => {
    const path = fresh('profileImg')
    const url = await alice.ports.files.upload(path, png, 'image/png')
    await alice.ports.files.remove(path)
    await alice.ports.files.remove(path)
    expect((await failure(bob.ports.files.download(url, 1024))).reason).toBe('not-found')
  })
})
