import { net, protocol } from 'electron'
import { extname, resolve, sep } from 'node:path'
import { pathToFileURL } from 'node:url'
import { mediaScheme } from './media-protocol'

/**
 * The page is served from app://magpie/ rather than file://, so it has an origin of its own
 * and the file: protocol needs no extra privileges (the GrantFileProtocolExtraPrivileges fuse
 * is off; docs/decisions/017-desktop-shell-2.md).
 */
export const appScheme = 'app'
export const appHost = 'magpie'
export const appPageUrl = `${appScheme}://${appHost}/index.html`

/**
 * Every custom scheme, in one call before ready: Electron keeps only the last call's list, so
 * two calls would undo the first (lib/browser/api/protocol.ts; protocol.registerSchemesAsPrivileged).
 * Neither scheme may bypass the CSP or run service workers.
 */
export function registerSchemes(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: appScheme, privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } },
    { scheme: mediaScheme, privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true } }
  ])
}

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ico': 'image/x-icon'
}

/** The file a request names inside the renderer's folder, or null: another host, a way out, a type we never ship. */
export function rendererFile(rendererDir: string, requestUrl: string, method = 'GET'): string | null {
  if (method !== 'GET') return null
  let url: URL
  try {
    url = new URL(requestUrl)
  } catch {
    return null
  }
  if (url.protocol !== `${appScheme}:` || url.host !== appHost) return null
  let path: string
  try {
    path = decodeURIComponent(url.pathname)
  } catch {
    return null
  }
  const root = resolve(rendererDir)
  const file = resolve(root, `.${path === '/' ? '/index.html' : path}`)
  if (!file.startsWith(root + sep) || path.includes('\0')) return null
  return contentTypes[extname(file).toLowerCase()] ? file : null
}

/** Read-only: the built renderer's files, nothing else. */
export function handleAppProtocol(rendererDir: string): void {
  protocol.handle(appScheme, async (request) => {
    const file = rendererFile(rendererDir, request.url, request.method)
    if (!file) return new Response('not found', { status: 404 })
    // A file not there makes net.fetch reject (net::ERR_FILE_NOT_FOUND), which Electron would turn
    // into ERR_UNEXPECTED and a logged stack: the page gets a plain 404 instead.
    const response = await net.fetch(pathToFileURL(file).toString()).catch(() => null)
    if (!response?.ok) return new Response('not found', { status: 404 })
    return new Response(response.body, {
      headers: { 'content-type': contentTypes[extname(file).toLowerCase()]!, 'x-content-type-options': 'nosniff' }
    })
  })
}
