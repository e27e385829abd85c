import { build } from 'esbuild'
import { createReadStream } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { randomBytes } from 'node:crypto'
import { extname, join, normalize, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { WebSocketServer, type WebSocket } from 'ws'
import type { EventName } from '@shared/ipc/channels'
import type { EventPayloads } from '@shared/ipc/contract'
import type { FirebaseWebConfig } from '@shared/types'
import { createMagpie, type Magpie } from '../main/app/create-magpie'
import type { EmulatorHosts } from '../main/backend/firebase/ports'
import { mediaContentType, resolveMediaFile } from '../main/media/media-files'
import type { ScryptParams } from '../main/services/password'
import { createRecordingDesktop } from '../main/testing/recording-desktop'
import { decodeWire, encodeWire } from './wire'

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)))

export interface HarnessOptions {
  dataDir: string
  profileDir: string
  port?: number
  token?: string
  rendererDir?: string
  scrypt?: ScryptParams
  /** The community to start on (MAGPIE_FIREBASE_CONFIG or the saved one), as in the app. */
  community?: FirebaseWebConfig | null
  managedCommunity?: boolean
  emulators?: EmulatorHosts
}

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.woff2': 'font/woff2',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon'
}

/** The real preload, bundled for the browser with `electron` swapped for the WebSocket shim. */
async function bundlePreload(): Promise<string> {
  const result = await build({
    entryPoints: [join(root, 'src/preload/index.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    alias: { electron: join(root, 'src/harness/electron-shim.ts'), '@shared': join(root, 'src/shared') }
  })
  return result.outputFiles[0]!.text
}

/**
 * The browser harness: Magpie's real main code in Node, IPC over a WebSocket on
 * 127.0.0.1 guarded by a per-run token, the built renderer and the real preload served
 * over HTTP, and the recording desktop double readable at /__harness/desktop.
 */
export async function startHarness(options: HarnessOptions) {
  const token = options.token ?? randomBytes(18).toString('base64url')
  const rendererDir = options.rendererDir ?? join(root, 'out/renderer')
  const sockets = new Set<WebSocket>()
  const emit = <E extends EventName>(event: E, payload: EventPayloads[E]) => {
    const frame = encodeWire({ event, payload })
    for (const socket of sockets) socket.send(frame)
  }
  const desktop = createRecordingDesktop((route) => emit('app:navigate', { route }))
  const preload = await bundlePreload()
  let origin = ''

  const magpie: Magpie = await createMagpie({
    dataDir: options.dataDir,
    profileDir: options.profileDir,
    desktop: desktop.port,
    emit,
    mediaUrl: (file) => `/media/${file}`,
    scrypt: options.scrypt,
    community: options.community,
    managedCommunity: options.managedCommunity,
    emulators: options.emulators
  })

  async function serveFile(res: ServerResponse, file: string): Promise<void> {
    const info = await stat(file).catch(() => null)
    if (!info?.isFile()) return notFound(res)
    res.writeHead(200, { 'content-type': contentTypes[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-cache' })
    createReadStream(file).pipe(res)
  }

  function notFound(res: ServerResponse): void {
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found')
  }

  const authorised = (url: URL) => url.searchParams.get('token') === token

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', origin)
    const path = decodeURIComponent(url.pathname)
    if (path === '/' || path === '/index.html') {
      const html = await readFile(join(rendererDir, 'index.html'), 'utf8')
      // The preload runs before the page's own scripts, as in Electron.
      const page = html.replace('<head>', '<head>\n    <script src="/preload.js"></script>')
      res.writeHead(200, { 'content-type': contentTypes['.html']!, 'cache-control': 'no-store' }).end(page)
      return
    }
    if (path === '/preload.js') {
      res.writeHead(200, { 'content-type': contentTypes['.js']!, 'cache-control': 'no-store' }).end(preload)
      return
    }
    if (url.pathname.startsWith('/media/')) {
      // Asked at each request: the folder changes when the settings switch backends.
      const file = await resolveMediaFile(magpie.imagesDir, url.pathname.slice('/media/'.length))
      if (!file) return notFound(res)
      res.writeHead(200, { 'content-type': mediaContentType, 'cache-control': 'max-age=31536000, immutable' })
      createReadStream(file).pipe(res)
      return
    }
    if (path.startsWith('/__harness/')) {
      if (!authorised(url)) return void res.writeHead(403).end()
      if (path === '/__harness/desktop' && req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(desktop.recording))
        return
      }
      if (path === '/__harness/desktop/click' && req.method === 'POST') {
        const route = desktop.click(Number(url.searchParams.get('index')))
        res.writeHead(route ? 200 : 404, { 'content-type': 'application/json' }).end(JSON.stringify({ route }))
        return
      }
      if (path === '/__harness/desktop/focus' && req.method === 'POST') {
        desktop.setFocused(url.searchParams.get('focused') === 'true')
        res.writeHead(204).end()
        return
      }
      return notFound(res)
    }
    const file = normalize(join(rendererDir, path))
    if (!file.startsWith(rendererDir + sep)) return notFound(res)
    return serveFile(res, file)
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      console.error('[harness]', error)
      if (!res.headersSent) res.writeHead(500).end()
    })
  })
  const wss = new WebSocketServer({ noServer: true, maxPayload: 32 * 1024 * 1024 })
  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', origin)
    // Only our own page, holding this run's token, may call main.
    if (url.pathname !== '/ipc' || !authorised(url) || req.headers.origin !== origin) {
      socket.write('HTTP/1.1 403 Forbidden\r\n\r\n')
      socket.destroy()
      return
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      sockets.add(ws)
      ws.on('close', () => sockets.delete(ws))
      ws.on('message', (data) => {
        let frame: { id?: unknown; channel?: unknown; input?: unknown }
        try {
          frame = decodeWire(String(data)) as typeof frame
        } catch {
          return
        }
        if (typeof frame.id !== 'number') return
        const id = frame.id
        void magpie.dispatch(frame.channel, frame.input).then((result) => ws.send(encodeWire({ id, result })))
      })
    })
  })

  await new Promise<void>((resolveListen) => server.listen(options.port ?? 0, '127.0.0.1', resolveListen))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  origin = `http://127.0.0.1:${port}`

  return {
    url: `${origin}/?token=${token}`,
    origin,
    token,
    magpie,
    desktop,
    async close(): Promise<void> {
      // Terminate rather than close: a page that is gone never answers the close handshake.
      for (const socket of sockets) socket.terminate()
      wss.close()
      const closed = new Promise<void>((done) => server.close(() => done()))
      server.closeAllConnections()
      await closed
      await magpie.close()
    }
  }
}
