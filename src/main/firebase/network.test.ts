import { createServer as createHttpServer, type Server } from 'node:http'
import { createServer as createHttpsServer } from 'node:https'
import type { AddressInfo } from 'node:net'
import { fetch as undiciFetch } from 'undici'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startConnectProxy, startSocks5Proxy, type ConnectProxy } from '../../../tests/support/connect-proxy'
import { makeTestCa, type TestCa } from '../../../tests/support/test-ca'
import { ProxyRouter, routeNetwork, routeSdkSockets, trustedCertificates } from './network'
import { firstSpoken, parseProxyList } from './proxy-list'

/**
 * Firebase's connections on a company network (decision 035): Chromium's proxy decision, per
 * origin, through a CONNECT proxy the servers can only be reached through (names only the proxy
 * resolves), and a company CA trusted only when it is in the trust set main was given.
 */

const cleanups: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function serve(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())))
  return (server.address() as AddressInfo).port
}

const hello = (name: string) => createHttpServer((_request, response) => response.end(name))

async function proxy(names: Record<string, string>): Promise<ConnectProxy> {
  const started = await startConnectProxy(names)
  cleanups.push(() => started.close())
  return started
}

function router(resolve: (url: string) => Promise<string>, trusted: readonly string[] = trustedCertificates([])): ProxyRouter {
  const made = new ProxyRouter(resolve, () => trusted)
  cleanups.push(() => made.close())
  return made
}

describe('the PAC result Chromium gives (net::ProxyList::ToPacString)', () => {
  it('reads its entries in order, with their default ports', () => {
    // Electron's own spec: 'PROXY myproxy:80', 'DIRECT' (spec/api-session-spec.ts:769,817).
    expect(parseProxyList('PROXY myproxy:80')).toEqual([{ kind: 'http', host: 'myproxy', port: 80 }])
    expect(parseProxyList('PROXY a.corp:3128;HTTPS b.corp;SOCKS5 [::1]:1081;DIRECT')).toEqual([
      { kind: 'http', host: 'a.corp', port: 3128 },
      { kind: 'https', host: 'b.corp', port: 443 },
      { kind: 'socks5', host: '[::1]', port: 1081 },
      { kind: 'direct' }
    ])
  })

  it('goes direct on a failed lookup or nothing usable, as Chromium does', () => {
    expect(parseProxyList('')).toEqual([{ kind: 'direct' }])
    expect(parseProxyList('PROXY ;BOGUS x:1;PROXY a:99999')).toEqual([{ kind: 'direct' }])
  })

  it('takes the first entry the client speaks, else goes direct', () => {
    const speaksHttp = new Set(['http'] as const)
    expect(firstSpoken(parseProxyList('SOCKS5 s:1080;PROXY p:8080;DIRECT'), speaksHttp)).toEqual({ kind: 'http', host: 'p', port: 8080 })
    expect(firstSpoken(parseProxyList('SOCKS5 s:1080;DIRECT;PROXY p:8080'), speaksHttp)).toEqual({ kind: 'direct' })
    expect(firstSpoken(parseProxyList('SOCKS s:1080'), speaksHttp)).toEqual({ kind: 'direct' })
  })
})

describe('ProxyRouter', () => {
  it('reaches a server only the proxy can find, through a CONNECT tunnel', async () => {
    const port = await serve(hello('feed'))
    const corp = await proxy({ 'firestore.magpie.invalid': '127.0.0.1' })
    const asked: string[] = []
    const routed = router(async (url) => {
      asked.push(url)
      return `${corp.pac};DIRECT`
    })
    const response = await undiciFetch(`http://firestore.magpie.invalid:${port}/v1/posts?page=2`, { dispatcher: routed })
    expect(await response.text()).toBe('feed')
    expect(corp.tunnels).toEqual([`firestore.magpie.invalid:${port}`])
    // The lookup names the origin only: the path (and any token in it) stays out of PAC scripts.
    expect(asked).toEqual([`http://firestore.magpie.invalid:${port}/`])
  })

  it('without the proxy the same server cannot be reached: the test above needed it', async () => {
    const port = await serve(hello('feed'))
    await proxy({ 'firestore.magpie.invalid': '127.0.0.1' })
    const routed = router(async () => 'DIRECT')
    await expect(undiciFetch(`http://firestore.magpie.invalid:${port}/`, { dispatcher: routed })).rejects.toThrow()
  })

  it('decides per origin: each host goes where the PAC sends it, and DIRECT stays direct', async () => {
    const authPort = await serve(hello('auth'))
    const storagePort = await serve(hello('storage'))
    const directPort = await serve(hello('direct'))
    const first = await proxy({ 'auth.magpie.invalid': '127.0.0.1' })
    const second = await proxy({ 'storage.magpie.invalid': '127.0.0.1' })
    const routed = router(async (url) => {
      const host = new URL(url).hostname
      return host === 'auth.magpie.invalid' ? first.pac : host === 'storage.magpie.invalid' ? `${second.pac};${first.pac}` : 'DIRECT'
    })
    const text = async (url: string) => (await undiciFetch(url, { dispatcher: routed })).text()
    expect(await text(`http://auth.magpie.invalid:${authPort}/`)).toBe('auth')
    expect(await text(`http://storage.magpie.invalid:${storagePort}/`)).toBe('storage')
    expect(await text(`http://127.0.0.1:${directPort}/`)).toBe('direct')
    expect(first.tunnels).toEqual([`auth.magpie.invalid:${authPort}`])
    expect(second.tunnels).toEqual([`storage.magpie.invalid:${storagePort}`])
  })

  it('asks again for every request, so a changed network (or PAC) takes effect at once', async () => {
    const port = await serve(hello('feed'))
    const corp = await proxy({})
    let answer = 'DIRECT'
    const routed = router(async () => answer)
    await undiciFetch(`http://127.0.0.1:${port}/`, { dispatcher: routed })
    expect(corp.tunnels).toEqual([])
    answer = corp.pac
    await undiciFetch(`http://127.0.0.1:${port}/`, { dispatcher: routed })
    expect(corp.tunnels).toEqual([`127.0.0.1:${port}`])
  })

  it('goes direct when the lookup itself fails', async () => {
    const port = await serve(hello('feed'))
    const routed = router(() => Promise.reject(new Error('network service gone')))
    expect(await (await undiciFetch(`http://127.0.0.1:${port}/`, { dispatcher: routed })).text()).toBe('feed')
  })
})

describe('trusting a company CA', () => {
  let ca: TestCa
  beforeAll(() => {
    ca = makeTestCa(['secure.magpie.invalid', 'localhost'])
  })

  async function secureServer(): Promise<number> {
    return serve(createHttpsServer({ cert: ca.serverCertPem, key: ca.serverKeyPem }, (_request, response) => response.end('trusted')))
  }

  it('a server signed by the CA is trusted when the CA is in the OS store main was given, through the proxy', async () => {
    const port = await secureServer()
    const corp = await proxy({ 'secure.magpie.invalid': '127.0.0.1' })
    const routed = router(async () => corp.pac, trustedCertificates([ca.caPem]))
    const response = await undiciFetch(`https://secure.magpie.invalid:${port}/`, { dispatcher: routed })
    expect(await response.text()).toBe('trusted')
    expect(corp.tunnels).toEqual([`secure.magpie.invalid:${port}`])
  })

  it('an HTTPS proxy (TLS to the proxy itself) and a SOCKS5 proxy carry requests too', async () => {
    const port = await serve(hello('photo'))
    const httpsProxy = await startConnectProxy({ 'storage.magpie.invalid': '127.0.0.1' }, { cert: ca.serverCertPem, key: ca.serverKeyPem })
    cleanups.push(() => httpsProxy.close())
    const socks = await startSocks5Proxy({ 'auth.magpie.invalid': '127.0.0.1', 'secure.magpie.invalid': '127.0.0.1' })
    cleanups.push(() => socks.close())
    const routed = router(async (url) => (new URL(url).hostname.startsWith('storage') ? httpsProxy.pac : `${socks.pac};DIRECT`), trustedCertificates([ca.caPem]))
    expect(await (await undiciFetch(`http://auth.magpie.invalid:${port}/`, { dispatcher: routed })).text()).toBe('photo')
    expect(await (await undiciFetch(`http://storage.magpie.invalid:${port}/`, { dispatcher: routed })).text()).toBe('photo')
    expect(await (await undiciFetch(`http://auth.magpie.invalid:${port}/`, { dispatcher: routed })).text()).toBe('photo')
    // TLS to the server inside the SOCKS tunnel, trusting the company CA.
    const securePort = await secureServer()
    expect(await (await undiciFetch(`https://secure.magpie.invalid:${securePort}/`, { dispatcher: routed })).text()).toBe('trusted')
    expect(httpsProxy.tunnels).toEqual([`storage.magpie.invalid:${port}`])
    expect(socks.tunnels).toEqual([`auth.magpie.invalid:${port}`, `secure.magpie.invalid:${securePort}`])
  })

  it('and refused when it is not: Node’s own roots alone do not know it', async () => {
    const port = await secureServer()
    const corp = await proxy({ 'secure.magpie.invalid': '127.0.0.1' })
    const routed = router(async () => corp.pac, trustedCertificates([]))
    const failure = await undiciFetch(`https://secure.magpie.invalid:${port}/`, { dispatcher: routed }).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(Error)
    expect(String((failure as Error & { cause?: { code?: string } }).cause?.code)).toMatch(/UNABLE_TO_VERIFY_LEAF_SIGNATURE|SELF_SIGNED|UNABLE_TO_GET_ISSUER/)
  })

  it('keeps Node’s roots beside the OS’s, each once', () => {
    const withCa = trustedCertificates([ca.caPem, `${ca.caPem}\n`])
    const plain = trustedCertificates([])
    expect(withCa.length).toBe(plain.length + 1)
    expect(withCa).toContain(ca.caPem.trim())
  })
})

describe('routeNetwork', () => {
  it('sends the global fetch (Auth, Storage, downloads) through the OS’s proxy until closed', async () => {
    const port = await serve(hello('auth'))
    const corp = await proxy({ 'auth.magpie.invalid': '127.0.0.1' })
    const routed = routeNetwork({ resolveProxy: async () => corp.pac, systemCertificates: () => [] })
    try {
      expect(await (await fetch(`http://auth.magpie.invalid:${port}/`)).text()).toBe('auth')
    } finally {
      await routed.close()
    }
    expect(corp.tunnels).toEqual([`auth.magpie.invalid:${port}`])
    await expect(fetch(`http://auth.magpie.invalid:${port}/`)).rejects.toThrow()
  })

  it('still connects with Node’s roots when the OS store cannot be read', async () => {
    const port = await serve(hello('auth'))
    const routed = routeNetwork({
      resolveProxy: async () => 'DIRECT',
      systemCertificates: () => {
        throw new Error('keychain locked')
      }
    })
    cleanups.push(() => routed.close())
    expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe('auth')
  })

  it('tells gRPC and the websocket the proxy of their own hosts, and DIRECT overrides the environment', async () => {
    const saved = { ...process.env }
    cleanups.push(() => {
      for (const name of ['grpc_proxy', 'no_grpc_proxy', 'HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy']) {
        if (saved[name] === undefined) delete process.env[name]
        else process.env[name] = saved[name]
      }
    })
    const answers: Record<string, string> = {
      'https://firestore.googleapis.com/': 'HTTPS secure.corp:443;PROXY grpc.corp:3128',
      'https://demo.firebaseio.com/': 'PROXY rtdb.corp:8080;DIRECT'
    }
    const routed = routeNetwork({ resolveProxy: async (url) => answers[url] ?? 'DIRECT', systemCertificates: () => [] })
    cleanups.push(() => routed.close())
    process.env.https_proxy = 'http://stale.env:1'
    await routeSdkSockets({ firestore: 'https://firestore.googleapis.com/', database: 'https://demo.firebaseio.com/' })
    // grpc-js speaks only http:// proxies (http_proxy.js:63-66): the HTTPS entry is passed over.
    expect(process.env.grpc_proxy).toBe('http://grpc.corp:3128')
    expect(process.env.no_grpc_proxy).toBeUndefined()
    expect([process.env.HTTPS_PROXY, process.env.https_proxy]).toEqual(['http://rtdb.corp:8080', 'http://rtdb.corp:8080'])

    answers['https://firestore.googleapis.com/'] = 'DIRECT'
    answers['https://demo.firebaseio.com/'] = 'DIRECT'
    await routeSdkSockets({ firestore: 'https://firestore.googleapis.com/', database: 'https://demo.firebaseio.com/' })
    expect(process.env.grpc_proxy).toBeUndefined()
    expect(process.env.no_grpc_proxy).toBe('firestore.googleapis.com')
    expect([process.env.HTTPS_PROXY, process.env.https_proxy]).toEqual([undefined, undefined])
  })
})
