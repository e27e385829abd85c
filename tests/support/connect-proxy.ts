import { createServer, type IncomingMessage } from 'node:http'
import { connect, type AddressInfo, type Socket } from 'node:net'

/**
 * A company network's proxy for the tests: HTTP CONNECT tunnelling only (any other request is
 * refused), on loopback. `names` are host names only this proxy can resolve (name → address):
 * a server behind such a name (e.g. firestore.magpie.invalid; .invalid never resolves,
 * RFC 6761 §6.4) is reachable through the proxy and never directly, so a connection that skipped
 * the proxy fails the test.
 */
export interface ConnectProxy {
  /** What Chromium's resolveProxy names it: "PROXY 127.0.0.1:port". */
  pac: string
  port: number
  /** Every CONNECT target asked for, in order, as "host:port". */
  tunnels: string[]
  close(): Promise<void>
}

export async function startConnectProxy(names: Record<string, string> = {}): Promise<ConnectProxy> {
  const tunnels: string[] = []
  const sockets = new Set<Socket>()
  const server = createServer((_request, response) => {
    response.writeHead(405, { connection: 'close' }).end('CONNECT only')
  })
  server.on('connection', (socket: Socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  server.on('connect', (request: IncomingMessage, client: Socket, head: Buffer) => {
    const target = request.url ?? ''
    tunnels.push(target)
    const match = /^(\[[^\]]+\]|[^:]+):(\d+)$/.exec(target)
    if (!match?.[1] || !match[2]) {
      client.end('HTTP/1.1 400 Bad Request\r\n\r\n')
      return
    }
    const host = match[1].replace(/^\[|\]$/g, '')
    const upstream = connect(Number(match[2]), names[host] ?? host)
    sockets.add(upstream)
    upstream.on('close', () => sockets.delete(upstream))
    upstream.once('connect', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n')
      if (head.length > 0) upstream.write(head)
      upstream.pipe(client)
      client.pipe(upstream)
    })
    upstream.on('error', () => client.end('HTTP/1.1 502 Bad Gateway\r\n\r\n'))
    client.on('error', () => upstream.destroy())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    pac: `PROXY 127.0.0.1:${port}`,
    port,
    tunnels,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      })
  }
}
