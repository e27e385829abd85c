import { createSecureContext, rootCertificates, type SecureContext } from 'node:tls'
import * as tls from 'node:tls'
import { Agent, Dispatcher, ProxyAgent, getGlobalDispatcher, setGlobalDispatcher } from 'undici'
import type { NetworkPort } from '../desktop-port'
import { firstSpoken, parseProxyList, proxyUrl, type ProxyEntry } from './proxy-list'

/**
 * Firebase's connections from main, routed the way the OS's browser routes them
 * (docs/decisions/035-system-proxy-and-certificates.md). The SDKs open them three ways in Node:
 * - Auth and Storage (and downloadCapped) call the global fetch, whose undici dispatcher is
 *   replaced here by ProxyRouter: every request asks the NetworkPort for its origin's proxy.
 * - Firestore speaks gRPC (@grpc/grpc-js), which takes its proxy from `grpc_proxy` and
 *   `no_grpc_proxy` when it makes its channel (grpc-js build/src/http_proxy.js:35-137).
 * - The Realtime Database's websocket (faye-websocket) takes HTTPS_PROXY / HTTP_PROXY each time
 *   it connects (@firebase/database index.node.esm.js:1024-1031).
 * The last two are set by routeSdkSockets before each connection to a project.
 */

/** Node's own roots and the OS's, once each: the trust set of every connection main makes. */
export function trustedCertificates(system: readonly string[]): string[] {
  return [...new Set([...rootCertificates, ...system].map((pem) => pem.trim()))]
}

const fetchSpeaks = new Set<ProxyEntry['kind']>(['http', 'https', 'socks5'])

/** An undici dispatcher that asks for each request's proxy, then hands it to that proxy's agent. */
export class ProxyRouter extends Dispatcher {
  private readonly agents = new Map<string, Dispatcher>()
  private tlsOptions: { secureContext: SecureContext } | null = null
  private closed = false

  constructor(
    private readonly resolveProxy: (url: string) => Promise<string>,
    /** Read at the first connection, not at start: the OS's store takes a moment to read, and only a community needs it. */
    private readonly trusted: () => readonly string[]
  ) {
    super()
  }

  /** One context for every connection: parsing a few hundred roots per handshake would cost each one. */
  tls(): { secureContext: SecureContext } {
    this.tlsOptions ??= { secureContext: createSecureContext({ ca: [...this.trusted()] }) }
    return this.tlsOptions
  }

  /** Chromium's entries for a URL; a failed lookup (an empty answer, or none) goes direct, as Chromium's does. */
  async entries(url: string): Promise<ProxyEntry[]> {
    const pac = await this.resolveProxy(url).catch((error: unknown) => {
      console.warn('[network] resolving the proxy failed', error)
      return ''
    })
    return parseProxyList(pac)
  }

  private agentFor(entry: ProxyEntry): Dispatcher {
    const key = entry.kind === 'direct' ? 'direct' : proxyUrl(entry)
    let agent = this.agents.get(key)
    if (!agent) {
      agent =
        entry.kind === 'direct'
          ? new Agent({ connect: this.tls() })
          : // proxyTls only for an HTTPS proxy: undici's SOCKS5 agent takes its presence to mean TLS to the proxy.
            new ProxyAgent({ uri: key, requestTls: this.tls(), ...(entry.kind === 'https' ? { proxyTls: this.tls() } : {}) })
      this.agents.set(key, agent)
    }
    return agent
  }

  override dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
    Promise.resolve()
      // PAC scripts decide by scheme, host and port (Chromium strips an https URL's path itself): the origin says all three.
      .then(() => this.entries(`${new URL(String(options.origin)).origin}/`))
      .then((entries) => {
        if (this.closed) throw new Error('network: the router was closed')
        return this.agentFor(firstSpoken(entries, fetchSpeaks)).dispatch(options, handler)
      })
      .catch((error: unknown) => handler.onError?.(error instanceof Error ? error : new Error(String(error))))
    return true
  }

  override async close(): Promise<void> {
    this.closed = true
    await Promise.all([...this.agents.values()].map((agent) => agent.close()))
    this.agents.clear()
  }

  override async destroy(): Promise<void> {
    this.closed = true
    await Promise.all([...this.agents.values()].map((agent) => agent.destroy()))
    this.agents.clear()
  }
}

let router: ProxyRouter | null = null

/**
 * From now on main's connections follow the NetworkPort: the global fetch through ProxyRouter,
 * Firebase's own sockets through routeSdkSockets, and every TLS connection trusting the OS's
 * store besides Node's roots. Called once, before the first community connects; close() puts
 * Node's defaults back (tests).
 */
export function routeNetwork(network: NetworkPort): { close(): Promise<void> } {
  let trusted: string[] | null = null
  const trust = (): string[] => {
    if (trusted) return trusted
    let system: readonly string[] = []
    try {
      system = network.systemCertificates()
    } catch (error) {
      // Node's roots alone still reach Google's servers; only a company's own CA is missing then.
      console.warn('[network] reading the OS certificate store failed', error)
    }
    trusted = trustedCertificates(system)
    // gRPC and the websocket make their own TLS contexts from Node's default CA list; Node 22.19+
    // (Electron 42 ships Node 24) lets main set it, older Node (the harness) keeps its roots.
    const defaults = tls as { setDefaultCACertificates?: (certs: string[]) => void }
    defaults.setDefaultCACertificates?.(trusted)
    return trusted
  }
  const previous = getGlobalDispatcher()
  const installed = new ProxyRouter((url) => network.resolveProxy(url), trust)
  router = installed
  setGlobalDispatcher(installed)
  return {
    async close() {
      if (router === installed) router = null
      setGlobalDispatcher(previous)
      await installed.close()
    }
  }
}

/** Where a project's Firestore and Realtime Database are, as URLs to ask the proxy for. */
export interface SdkEndpoints {
  /** https://firestore.googleapis.com/, or the emulator's http://host:port/. */
  firestore: string
  /** The databaseURL (wss), or the emulator's http://host:port/ (ws); null: none configured. */
  database: string | null
}

const socketSpeaks = new Set<ProxyEntry['kind']>(['http'])

function setEnv(names: readonly string[], value: string | null): void {
  for (const name of names) {
    if (value === null) delete process.env[name]
    else process.env[name] = value
  }
}

/**
 * Sets the proxy gRPC and the Realtime Database's websocket will use for this project's hosts:
 * Chromium's answer replaces whatever the environment said, DIRECT included (grpc-js would
 * otherwise fall back to https_proxy). Both speak only plain HTTP proxies (CONNECT).
 * Nothing changes until routeNetwork was called (Node's own networking, e.g. the tests').
 */
export async function routeSdkSockets(endpoints: SdkEndpoints): Promise<void> {
  const current = router
  if (!current) return
  // Reads the trust set now, so it is Node's default before gRPC or the websocket make a TLS context.
  current.tls()
  const firestore = new URL(endpoints.firestore)
  const grpcRoute = firstSpoken(await current.entries(firestore.href), socketSpeaks)
  if (grpcRoute.kind === 'direct') {
    setEnv(['grpc_proxy'], null)
    setEnv(['no_grpc_proxy'], firestore.hostname.replace(/^\[|\]$/g, ''))
  } else {
    setEnv(['grpc_proxy'], proxyUrl(grpcRoute))
    setEnv(['no_grpc_proxy'], null)
  }
  if (endpoints.database === null) return
  const database = new URL(endpoints.database)
  const databaseRoute = firstSpoken(await current.entries(database.href), socketSpeaks)
  const names = database.protocol === 'https:' ? ['HTTPS_PROXY', 'https_proxy'] : ['HTTP_PROXY', 'http_proxy']
  setEnv(names, databaseRoute.kind === 'direct' ? null : proxyUrl(databaseRoute))
}
