import { createHash } from 'node:crypto'
import { createServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** The version the local feed offers: above any Magpie release, so every copy finds it new. */
export const feedVersion = '99.0.0'

/** The artifact electron-updater looks for in each channel file (its updaters' findFile calls). */
const artifacts = {
  'latest.yml': `Magpie-Setup-${feedVersion}.exe`,
  'latest-mac.yml': `Magpie-${feedVersion}-mac.zip`,
  'latest-linux.yml': `Magpie-${feedVersion}.AppImage`,
  'latest-linux-arm64.yml': `Magpie-${feedVersion}-arm64.AppImage`
} as const

export interface UpdateFeed {
  url: string
  /** Each path the app asked for, in order (query strings such as electron-updater's noCache left off). */
  requests: string[]
  close(): Promise<void>
}

/**
 * A generic-provider update feed on 127.0.0.1, as electron-builder publishes one: a channel file
 * per OS naming one artifact with its sha512 and size, and the artifact itself (a few bytes that
 * are no installer: the smoke run never lets it install, see steps.ts).
 */
export async function serveUpdateFeed(): Promise<UpdateFeed> {
  const artifact = Buffer.from(`magpie smoke-run artifact ${feedVersion}\n`)
  const sha512 = createHash('sha512').update(artifact).digest('base64')
  const channel = (file: string) =>
    [
      `version: ${feedVersion}`,
      'files:',
      `  - url: ${file}`,
      `    sha512: ${sha512}`,
      `    size: ${artifact.length}`,
      `path: ${file}`,
      `sha512: ${sha512}`,
      "releaseDate: '2026-01-01T00:00:00.000Z'",
      'releaseNotes: 스모크 테스트용 가짜 새 버전이에요',
      ''
    ].join('\n')
  const requests: string[] = []
  const send = (res: ServerResponse, status: number, type: string, body: string | Buffer) => {
    res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body) })
    res.end(body)
  }
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname.replace(/^\//, '')
    requests.push(path)
    if (path in artifacts) return send(res, 200, 'text/yaml; charset=utf-8', channel(artifacts[path as keyof typeof artifacts]))
    if ((Object.values(artifacts) as string[]).includes(path)) return send(res, 200, 'application/octet-stream', artifact)
    send(res, 404, 'text/plain', 'not found')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve()))
  }
}

/** The version a channel file offers (the one line the double's updater needs from it). */
export function channelVersion(yaml: string): string | null {
  return /^version:\s*(\S+)\s*$/m.exec(yaml)?.[1] ?? null
}
