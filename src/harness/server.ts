import { build } from 'esbuild'
import { createReadStream } from 'node:fs'
import { pipeline } from 'node:stream'
import { readFile, stat } from 'node:fs/promises'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { randomBytes } from 'node:crypto'
import { basename, extname, join, normalize, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { WebSocketServer, type WebSocket } from 'ws'
import type { EventName } from '@shared/ipc/channels'
import type { EventPayloads } from '@shared/ipc/contract'
import type { FirebaseWebConfig } from '@shared/types'
import { createMagpie, type Magpie } from '../main/app/create-magpie'
import type { EmulatorHosts } from '../main/firebase/ports'
import { mediaContentType, resolveMediaFile } from '../main/media/media-files'
import type { ScryptParams } from '../main/core/password'
import { createRecordingDesktop } from './recording-desktop'
import { createHarnessShell, type ScriptedUpdaterEvent } from './harness-shell'
import { defaultConnectionLimits, maxFrameBytes, serveConnection, type Connection, type ConnectionLimits } from './connection'
import { encodeWire } from './wire'

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
  /** Per-client bounds (tests lower them); the defaults suit the app's own page. */
  connectionLimits?: Partial<ConnectionLimits>
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
/** A test's small JSON body, or null when it is not JSON or over 64 KiB. */
async function readBody(req: IncomingMessage): Promise<unknown> {
  let text = ''
  for await (const chunk of req) {
    text += String(chunk)
    if (text.length > 65_536) return null
  }
  try {
    return JSON.parse(text) as unknown
  } catch {
    return null
  }
}

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
  const limits: ConnectionLimits = { ...defaultConnectionLimits, ...options.connectionLimits }
  const sockets = new Map<WebSocket, Connection>()
  const emit = <E extends EventName>(event: E, payload: EventPayloads[E]) => {
    const frame = encodeWire({ event, payload })
    for (const connection of sockets.values()) connection.send(frame)
  }
  const log = (line: string) => console.error(`[harness] ${line}`)
  // A saved file goes to the profile's downloads folder, and the page is handed its URL: the browser downloads it.
  const desktop = createRecordingDesktop((route) => emit('app:navigate', { route }), {
    downloadsDir: join(options.profileDir, 'downloads'),
    downloadUrl: (file) => `/__harness/download?file=${encodeURIComponent(file)}&token=${token}`
  })
  const shell = createHarnessShell(options.profileDir, (event, payload) => emit(event, payload))
  const preload = await bundlePreload()
  let origin = ''
  let allowedHosts = new Set<string>()

  const magpie: Magpie = await createMagpie({
    dataDir: options.dataDir,
    profileDir: options.profileDir,
    desktop: desktop.port,
    shell: shell.port,
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
    stream(res, file)
  }

  /** A file that vanishes or fails mid-read ends this response only. */
  function stream(res: ServerResponse, file: string): void {
    pipeline(createReadStream(file), res, (error) => {
      if (error && error.code !== 'ERR_STREAM_PREMATURE_CLOSE') log(`could not serve a file: ${error.message}`)
    })
  }

  function plain(res: ServerResponse, status: number, text: string): void {
    res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' }).end(text)
  }

  function notFound(res: ServerResponse): void {
    plain(res, 404, 'not found')
  }

  const authorised = (url: URL) => url.searchParams.get('token') === token

  /**
   * Only requests addressed to this harness by name: a page on another name that resolves to
   * 127.0.0.1 (DNS rebinding) must not read the page, the preload or the photos.
   */
  const allowedHost = (req: IncomingMessage) => req.headers.host !== undefined && allowedHosts.has(req.headers.host)

  /** The request's URL and its decoded path, or null when either cannot be read. */
  function parseTarget(req: IncomingMessage): { url: URL; path: string } | null {
    try {
      const url = new URL(req.url ?? '/', origin)
      return { url, path: decodeURIComponent(url.pathname) }
    } catch {
      return null
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!allowedHost(req)) return plain(res, 421, 'unknown host')
    const target = parseTarget(req)
    if (!target) return plain(res, 400, 'bad request')
    const { url, path } = target
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
      stream(res, file)
      return
    }
    if (path.startsWith('/__harness/')) {
      if (!authorised(url)) return void res.writeHead(403).end()
      if (path === '/__harness/desktop' && req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(desktop.recording))
        return
      }
      if (path === '/__harness/download' && req.method === 'GET') {
        const file = desktop.savedFile(url.searchParams.get('file') ?? '')
        if (!file) return notFound(res)
        res.writeHead(200, {
          'content-type': 'application/zip',
          'content-disposition': `attachment; filename="${basename(file).replace(/[^\w.-]/g, '_')}"`,
          'cache-control': 'no-store'
        })
        stream(res, file)
        return
      }
      if (path === '/__harness/desktop/click' && req.method === 'POST') {
        const route = desktop.click(Number(url.searchParams.get('index')))
        res.writeHead(route ? 200 : 404, { 'content-type': 'application/json' }).end(JSON.stringify({ route }))
        return
      }
      // A magpie:// link as the OS hands it over (open-url, a second launch): main reads it, the page goes to its route.
      if (path === '/__harness/link' && req.method === 'POST') {
        const route = magpie.invitations.routeFor(url.searchParams.get('url'))
        if (route) emit('app:navigate', { route })
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ route }))
        return
      }
      if (path === '/__harness/desktop/focus' && req.method === 'POST') {
        desktop.setFocused(url.searchParams.get('focused') === 'true')
        res.writeHead(204).end()
        return
      }
      if (path === '/__harness/shell' && req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ...shell.recording, view: shell.port.view() }))
        return
      }
      if (path === '/__harness/shell/updater' && req.method === 'POST') {
        const body = await readBody(req)
        if (body === null) return plain(res, 400, 'bad request')
        shell.fire(body as ScriptedUpdaterEvent)
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
      // The full error goes to the console; the answer never carries a stack trace.
      console.error('[harness]', error)
      if (!res.headersSent) plain(res, 500, 'internal error')
      else res.destroy()
    })
  })
  const wss = new WebSocketServer({ noServer: true, maxPayload: maxFrameBytes })
  server.on('upgrade', (req, socket, head) => {
    socket.on('error', () => socket.destroy())
    const target = parseTarget(req)
    // Only our own page, holding this run's token, may call main.
    const ours =
      allowedHost(req) && target !== null && target.url.pathname === '/ipc' && authorised(target.url) && req.headers.origin === `http://${req.headers.host}`
    if (!ours) {
      socket.end('HTTP/1.1 403 Forbidden\r\nconnection: close\r\ncontent-length: 0\r\n\r\n')
      return
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      sockets.set(ws, serveConnection(ws, magpie.dispatch, limits, log))
      ws.on('close', () => sockets.delete(ws))
    })
  })

  await new Promise<void>((resolveListen) => server.listen(options.port ?? 0, '127.0.0.1', resolveListen))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  origin = `http://127.0.0.1:${port}`
  allowedHosts = new Set([`127.0.0.1:${port}`, `localhost:${port}`])

  return {
    url: `${origin}/?token=${token}`,
    origin,
    token,
    magpie,
    desktop,
    shell,
    async close(): Promise<void> {
      // Terminate rather than close: a page that is gone never answers the close handshake.
      for (const socket of sockets.keys()) socket.terminate()
      wss.close()
      const closed = new Promise<void>((done) => server.close(() => done()))
      server.closeAllConnections()
      await closed
      shell.stop()
      await magpie.close()
    }
  }
}
