import { guarded } from '../firebase-errors'
import { FirebasePortError, type EmulatorHosts } from '../ports'
import { storageEmulatorOrigin } from './emulators'

const DOWNLOAD_TIMEOUT_MS = 60_000

/** The origins whose download URLs are Firebase Storage's: Google's, and the emulator's when one is used. */
export function allowedDownloadOrigins(emulators: EmulatorHosts | undefined): Set<string> {
  const origins = new Set(['https://firebasestorage.googleapis.com'])
  const emulator = storageEmulatorOrigin(emulators)
  if (emulator) origins.add(emulator)
  return origins
}

/**
 * Fetches an image URL taken from a document someone else wrote, so: only Firebase Storage
 * download URLs (no redirects — a redirect could lead anywhere, the local network included),
 * and never more than maxBytes, checked against the declared length and again while streaming.
 */
export async function downloadCapped(url: string, maxBytes: number, origins: ReadonlySet<string>): Promise<Uint8Array> {
  if (!Number.isSafeInteger(maxBytes) || maxBytes < 1) throw new FirebasePortError('unknown', 'download: maxBytes must be a positive integer')
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw new FirebasePortError('not-found', 'download: not a URL')
  }
  if (!origins.has(parsed.origin) || !parsed.pathname.startsWith('/v0/b/')) {
    throw new FirebasePortError('permission-denied', 'download: not a Firebase Storage URL')
  }
  return guarded('download', async () => {
    const response = await fetch(parsed, { redirect: 'manual', signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS) })
    if (!response.ok) {
      await response.body?.cancel().catch(() => {})
      const status = response.status
      const reason =
        status === 404 ? 'not-found' : status === 401 || status === 403 || (status >= 300 && status < 400) ? 'permission-denied' : status === 429 ? 'too-many-requests' : 'unknown'
      throw new FirebasePortError(reason, `download: HTTP ${response.status}`)
    }
    const declared = Number(response.headers.get('content-length'))
    if (Number.isFinite(declared) && declared > maxBytes) {
      await response.body?.cancel().catch(() => {})
      throw new FirebasePortError('unknown', `download: larger than ${maxBytes} bytes`)
    }
    const chunks: Uint8Array[] = []
    let total = 0
    if (response.body) {
      const reader = response.body.getReader()
      for (;;) {
        const { done, value } = await reader.read()
        if (done) break
        total += value.byteLength
        if (total > maxBytes) {
          await reader.cancel().catch(() => {})
          throw new FirebasePortError('unknown', `download: larger than ${maxBytes} bytes`)
        }
        chunks.push(value)
      }
    }
    return new Uint8Array(Buffer.concat(chunks, total))
  })
}
