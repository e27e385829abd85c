/**
 * Community mode on a company network (decision 035): the SDK adapter reaches the Auth,
 * Firestore and Storage emulators and the Realtime Database test server only through a local
 * CONNECT proxy. Each is named by a host only the proxy resolves (*.magpie.invalid, RFC 6761: no
 * DNS answers it), so a connection that skipped the proxy fails: Auth and Storage over the
 * global fetch (ProxyRouter), Firestore over gRPC (grpc_proxy) and the Realtime Database over
 * its websocket (http_proxy), both set by routeSdkSockets; the proxy's answer comes from a
 * NetworkPort the way Electron's session.resolveProxy gives it.
 */
import type { RulesTestEnvironment } from '@firebase/rules-unit-testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { routeNetwork } from '../../src/main/firebase/network'
import { webDate } from '../../src/main/firebase/mapping'
import type { FirebasePorts, FirebaseUser } from '../../src/main/firebase/ports'
import { probeFirebase } from '../../src/main/firebase/probe'
import { connectFirebase } from '../../src/main/firebase/sdk-adapter'
import { startConnectProxy, type ConnectProxy } from '../support/connect-proxy'
import { startDatabaseServer } from '../support/emulators/database-emulator'
import type { EmulatorProcess } from '../support/emulators/process'
import { emulatorCommunity, emulatorHost, splitHost } from '../support/emulators/project'
import { rulesEnvironment } from '../support/emulators/rules'
import { authEmulatorHost } from '../support/emulators/sdk'

const PROXY_ENV = ['grpc_proxy', 'no_grpc_proxy', 'HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy'] as const

describe('the SDK adapter behind a company proxy', () => {
  let env: RulesTestEnvironment
  let corp: ConnectProxy
  let databaseServer: EmulatorProcess
  let routed: { close(): Promise<void> }
  let ports: FirebasePorts
  let hosts: { firestore: string; auth: string; storage: string; database: string }
  let user: FirebaseUser
  const asked: string[] = []
  const savedEnv = Object.fromEntries(PROXY_ENV.map((name) => [name, process.env[name]]))

  /** The emulators under names only the proxy knows, on their real ports. */
  const hidden = (service: string, hostPort: string) => `${service}.magpie.invalid:${splitHost(hostPort).port}`

  beforeAll(async () => {
    env = await rulesEnvironment('firestore')
    databaseServer = await startDatabaseServer({ timeoutMs: 60_000 })
    const real = { firestore: emulatorHost('firestore'), auth: await authEmulatorHost(), storage: emulatorHost('storage'), database: databaseServer.host }
    corp = await startConnectProxy({
      'firestore.magpie.invalid': splitHost(real.firestore).host,
      'auth.magpie.invalid': splitHost(real.auth).host,
      'storage.magpie.invalid': splitHost(real.storage).host,
      'database.magpie.invalid': splitHost(real.database).host
    })
    routed = routeNetwork({
      async resolveProxy(url) {
        asked.push(url)
        // As a PAC would answer: the company's hosts through the proxy, the rest direct.
        return new URL(url).hostname.endsWith('.magpie.invalid') ? `${corp.pac};DIRECT` : 'DIRECT'
      },
      systemCertificates: () => []
    })
    hosts = {
      firestore: hidden('firestore', real.firestore),
      auth: hidden('auth', real.auth),
      storage: hidden('storage', real.storage),
      database: hidden('database', real.database)
    }
    ports = await connectFirebase(emulatorCommunity, hosts)
    user = await ports.auth.signUp(`proxy-${Date.now().toString(36)}@magpie.test`, 'magpie-pass-1')
  })
  afterAll(async () => {
    await ports?.close()
    await routed?.close()
    await corp?.close()
    await databaseServer?.stop()
    await env?.cleanup()
    for (const name of PROXY_ENV) {
      if (savedEnv[name] === undefined) delete process.env[name]
      else process.env[name] = savedEnv[name]
    }
  })

  const tunnelsTo = (service: string) => corp.tunnels.filter((target) => target.startsWith(`${service}.magpie.invalid:`))

  it('checks a config in 설정 through the proxy (the probe: Auth and Firestore)', async () => {
    // Both hosts resolve only through the proxy, so an answer at all proves the way; Auth's request may
    // reuse a kept-alive tunnel, while the probe's own Firestore channel opens one of its own.
    const before = tunnelsTo('firestore').length
    // As left by a project whose Firestore was DIRECT: the probe must ask for its own.
    delete process.env.grpc_proxy
    process.env.no_grpc_proxy = 'firestore.magpie.invalid'
    await expect(probeFirebase(emulatorCommunity, { firestore: hosts.firestore, auth: hosts.auth })).resolves.toBeUndefined()
    expect(tunnelsTo('firestore').length).toBeGreaterThan(before)
  })

  it('signs up through the proxy (Auth over fetch)', () => {
    expect(user.uid).not.toBe('')
    expect(tunnelsTo('auth').length).toBeGreaterThan(0)
  })

  it('writes and reads a post through the proxy (Firestore over gRPC)', async () => {
    const id = await ports.docs.addPost({
      postedBy: user.email,
      posted_uid: user.uid,
      nickname: '프록시',
      profileImg: '',
      postImg: 'https://firebasestorage.googleapis.com/v0/b/demo-magpie/o/postImg%2F1700000000000?alt=media',
      postTxt: '회사 네트워크에서',
      postDate: webDate(Date.now()),
      likedBy: [],
      layout: 'Top',
      createdAt: 0
    })
    expect((await ports.docs.getPost(id))?.data.postTxt).toBe('회사 네트워크에서')
    expect(tunnelsTo('firestore').length).toBeGreaterThan(0)
    expect(asked).toContain(`http://${hidden('firestore', emulatorHost('firestore'))}/`)
  })

  it('uploads and downloads a photo through the proxy (Storage over fetch)', async () => {
    const png = Uint8Array.from(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64'))
    const url = await ports.files.upload(`postImg/${Date.now()}`, png, 'image/png')
    expect(new URL(url).hostname).toBe('storage.magpie.invalid')
    expect(Buffer.from(await ports.files.download(url, 1024))).toEqual(Buffer.from(png))
    expect(tunnelsTo('storage').length).toBeGreaterThan(0)
  })

  it('hears the Realtime Database through the proxy (its websocket)', async () => {
    // A value comes only from the server: the SDK keeps no data for a path it never heard.
    const alerts = await new Promise<unknown>((resolve, reject) => {
      const stop = ports.alerts.watch(
        user.uid,
        (value) => {
          stop()
          resolve(value)
        },
        reject
      )
    })
    expect(alerts).toBeNull()
    expect(tunnelsTo('database').length).toBeGreaterThan(0)
  })
})
