import { createServer, type IncomingMessage } from 'node:http'
import { createServer as createTlsServer } from 'node:https'
import { connect, createServer as createNetServer, type AddressInfo, type Socket } from 'node:net'

/**
 * A company network's proxy for the tests: HTTP CONNECT tunnelling only (any other request is
 * refused), on loopback. `names` are host names only this proxy can resolve (name → address):
 * a server behind such a name (e.g. firestore.magpie.invalid; .invalid never resolves,
 * RFC 6761 §6.4) is reachable through the proxy and never directly, so a connection that skipped
 * the proxy fails the test.
 */
export interface ConnectProxy {
  /** What Chromium's resolveProxy names it: "PROXY 127.0.0.1:port" ("HTTPS localhost:port" when it speaks TLS). */
  pac: string
  port: number
  /** Every CONNECT target asked for, in order, as "host:port". */
  tunnels: string[]
  close(): Promise<void>
}

/** `tls`: the proxy itself is reached over TLS (Chromium's HTTPS proxy), with this certificate for localhost. */
export async function startConnectProxy(names: Record<string, string> = {}, tls?: { cert: string; key: string }): Promise<ConnectProxy> {
  const tunnels: string[] = []
  const sockets = new Set<Socket>()
  const refuse = (_request: IncomingMessage, response: import('node:http').ServerResponse) => {
    response.writeHead(405, { connection: 'close' }).end('CONNECT only')
  }
  const server = tls ? createTlsServer(tls, refuse) : createServer(refuse)
  server.on(tls ? 'secureConnection' : 'connection', (socket: Socket) => {
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
    pac: tls ? `HTTPS localhost:${port}` : `PROXY 127.0.0.1:${port}`,
    port,
    tunnels,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      })
  }
}

/**
 * The same kind of proxy speaking SOCKS5 (RFC 1928: no authentication, CONNECT by domain name
 * or IPv4 only), which Chromium names "SOCKS5 127.0.0.1:port".
 */
export async function startSocks5Proxy(names: Record<string, string> = {}): Promise<ConnectProxy> {
  const tunnels: string[] = []
  const sockets = new Set<Socket>()
  const server = createNetServer((client) => {
    sockets.add(client)
    client.on('close', () => sockets.delete(client))
    client.on('error', () => client.destroy())
    let stage: 'greeting' | 'request' = 'greeting'
    let buffered = Buffer.alloc(0)
    const onData = (chunk: Buffer): void => {
      buffered = Buffer.concat([buffered, chunk])
      if (stage === 'greeting') {
        if (buffered.length < 2 || buffered.length < 2 + buffered[1]!) return
        buffered = buffered.subarray(2 + buffered[1]!)
        stage = 'request'
        client.write(Buffer.from([5, 0]))
      }
      if (buffered.length < 5) return
      const type = buffered[3]
      const hostEnd = type === 1 ? 8 : type === 3 ? 5 + buffered[4]! : -1
      if (hostEnd < 0) return void client.end(Buffer.from([5, 8, 0, 1, 0, 0, 0, 0, 0, 0]))
      if (buffered.length < hostEnd + 2) return
      client.off('data', onData)
      const host = type === 1 ? [...buffered.subarray(4, 8)].join('.') : buffered.subarray(5, hostEnd).toString('latin1')
      const port = buffered.readUInt16BE(hostEnd)
      const rest = buffered.subarray(hostEnd + 2)
      tunnels.push(`${host}:${port}`)
      const upstream = connect(port, names[host] ?? host)
      sockets.add(upstream)
      upstream.on('close', () => sockets.delete(upstream))
      upstream.once('connect', () => {
        client.write(Buffer.from([5, 0, 0, 1, 0, 0, 0, 0, 0, 0]))
        if (rest.length > 0) upstream.write(rest)
        upstream.pipe(client)
        client.pipe(upstream)
      })
      upstream.on('error', () => client.end(Buffer.from([5, 4, 0, 1, 0, 0, 0, 0, 0, 0])))
    }
    client.on('data', onData)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    pac: `SOCKS5 127.0.0.1:${port}`,
    port,
    tunnels,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      })
  }
}
