import { net, protocol } from 'electron'
import { pathToFileURL } from 'node:url'
import { mediaContentType, resolveMediaFile } from '../media/media-files'

/** Registered with the page's scheme (app-protocol.ts): images load like any https resource, under our CSP. */
export const mediaScheme = 'magpie-media'

export const mediaUrl = (file: string) => `${mediaScheme}://images/${file}`

/**
 * Read-only: serves only files of the images folder, by their exact generated names. The
 * folder may be asked for at each request: it changes when the settings switch backends.
 */
export function handleMediaProtocol(imagesDir: string | (() => string)): void {
  const folder = typeof imagesDir === 'string' ? () => imagesDir : imagesDir
  protocol.handle(mediaScheme, async (request) => {
    const url = new URL(request.url)
    const file = url.host === 'images' && request.method === 'GET' ? await resolveMediaFile(folder(), url.pathname.slice(1)) : null
    if (!file) return new Response('not found', { status: 404 })
    // Removed since it was resolved (a post deleted meanwhile): net.fetch rejects; a 404, not ERR_UNEXPECTED.
    const response = await net.fetch(pathToFileURL(file).toString()).catch(() => null)
    if (!response?.ok) return new Response('not found', { status: 404 })
    return new Response(response.body, {
      headers: { 'content-type': mediaContentType, 'cache-control': 'max-age=31536000, immutable', 'x-content-type-options': 'nosniff' }
    })
  })
}
