import { guarded } from '../firebase-errors'
import { FirebasePortError, type EmulatorHosts } from '../ports'
import { storageEmulatorOrigin } from './emulators'

const DOWNLOAD_TIMEOUT_MS = 60_000

/** Where images may be downloaded from: the community's own bucket, on Firebase Storage's origins. */
export interface DownloadScope {
  /** The config's storageBucket, exactly as the download URLs name it (`/v0/b/<bucket>/o/…`). */
  bucket: string
  /** Google's, and the emulator's when one is used. */
  origins: ReadonlySet<string>
}

/** The origins whose download URLs are Firebase Storage's: Google's, and the emulator's when one is used. */
export function allowedDownloadOrigins(emulators: EmulatorHosts | undefined): Set<string> {
  const origins = new Set(['https://firebasestorage.googleapis.com'])
  const emulator = storageEmulatorOrigin(emulators)
  if (emulator) origins.add(emulator)
  return origins
}

export function downloadScope(bucket: string, emulators: EmulatorHosts | undefined): DownloadScope {
  return { bucket, origins: allowedDownloadOrigins(emulators) }
}

/** A download URL: `/v0/b/<bucket>/o/<object, one encoded segment>`, nothing after it. */
const downloadPath = /^\/v0\/b\/([^/]+)\/o\/([^/]+)$/

/**
 * The URL to fetch when `url` is a download URL of the community's own bucket, else null
 * (issue 21: a document naming another project's bucket, or any other server, must not make
 * every reader's Magpie fetch from a server its author controls). Checked on the URL as
 * parsed — dot segments resolved, the host lower-cased — which is also exactly what is
 * fetched; the bucket segment is compared as written, so no encoding can pass for it.
 */
export function communityDownloadUrl(url: string, scope: DownloadScope): URL | null {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return null
  }
  if (!scope.origins.has(parsed.origin) || parsed.username !== '' || parsed.password !== '') return null
  const match = downloadPath.exec(parsed.pathname)
  if (!match || scope.bucket === '' || match[1] !== scope.bucket) return null
  return parsed
}

/** Where a refused URL points, for main's log: its origin and bucket, never its path's token or query. */
function describeRefused(url: string): string {
  try {
    const parsed = new URL(url)
    const bucket = /^\/v0\/b\/([^/]+)/.exec(parsed.pathname)?.[1]
    return bucket ? `bucket "${bucket.slice(0, 100)}" at ${parsed.origin}` : parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : `a ${parsed.protocol} URL`
  } catch {
    return 'not a URL'
  }
}

/**
 * Fetches an image URL taken from a document someone else wrote, so: only download URLs of
 * the community's own bucket (communityDownloadUrl; no redirects — a redirect could lead
 * anywhere, the local network included), and never more than maxBytes, checked against the
 * declared length and again while streaming.
 */
export async function downloadCapped(url: string, maxBytes: number, scope: DownloadScope): Promise<Uint8Array> {
  if (!Number.isSafeInteger(maxBytes) || maxBytes < 1) throw new FirebasePortError('unknown', 'download: maxBytes must be a positive integer')
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw new FirebasePortError('not-found', 'download: not a URL')
  }
  if (!communityDownloadUrl(parsed.href, scope)) {
    throw new FirebasePortError('permission-denied', `download: not this community's Storage bucket (${describeRefused(url)})`)
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
