import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Page } from '@playwright/test'

/**
 * The yardstick for first paint: a page with one line of text and no scripts or styles of its
 * own, served over HTTP from this computer as the harness serves the app. Its inline script
 * times its first frame the way the feed's probe times the first card (the end of the frame
 * after the content is in the DOM), so the two figures are alike.
 */
const html = `<!doctype html><html lang="ko"><meta charset="utf-8"><title>빈 페이지</title><body><p>까치</p><script>
requestAnimationFrame(() => {
  const channel = new MessageChannel()
  channel.port1.onmessage = () => { window.__painted = performance.now() }
  channel.port2.postMessage(null)
})
</script></body></html>`

export interface BlankPage {
  url: string
  close(): Promise<void>
}

export async function serveBlankPage(): Promise<BlankPage> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
    response.end(html)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())))
  }
}

/** The blank page's first frame, in ms after navigation start. */
export async function blankFirstPaint(page: Page, url: string): Promise<number> {
  await page.goto(url)
  await page.waitForFunction(() => (window as unknown as { __painted?: number }).__painted !== undefined)
  return page.evaluate(() => (window as unknown as { __painted: number }).__painted)
}
