import { afterEach, expect, it, vi } from 'vitest'
import { emulatorCommunity } from '../../../../tests/support/emulators/project'
import { routeNetwork } from '../network'
import { connectFirebase } from './index'

/**
 * connectFirebase asks for its Firestore's and Realtime Database's proxy before any SDK socket
 * opens, and again at each reconnect (after sleep, on a new network), so the websocket
 * reconnects through the new answer (decision 035). Nothing listens at these addresses: only
 * what the SDKs are told is checked.
 */

const NAMES = ['grpc_proxy', 'no_grpc_proxy', 'HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy'] as const
const saved = Object.fromEntries(NAMES.map((name) => [name, process.env[name]]))
const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  for (const name of NAMES) {
    if (saved[name] === undefined) delete process.env[name]
    else process.env[name] = saved[name]
  }
})

it('routes gRPC and the websocket at connect, and again at reconnect after the answer changed', async () => {
  let databaseAnswer = 'PROXY office.corp:3128;DIRECT'
  const routed = routeNetwork({
    resolveProxy: async (url) => (url === 'http://127.0.0.1:9/' ? databaseAnswer : 'PROXY grpc.corp:8080'),
    systemCertificates: () => []
  })
  cleanups.push(() => routed.close())
  const ports = await connectFirebase(emulatorCommunity, { firestore: '127.0.0.1:7', database: '127.0.0.1:9' })
  cleanups.push(() => ports.close())
  expect(process.env.grpc_proxy).toBe('http://grpc.corp:8080')
  // The emulator's database is ws://, which the SDK proxies by HTTP_PROXY / http_proxy.
  expect(process.env.http_proxy).toBe('http://office.corp:3128')

  databaseAnswer = 'DIRECT'
  ports.connectivity.reconnect()
  await vi.waitFor(() => expect(process.env.http_proxy).toBeUndefined())
  expect(process.env.HTTP_PROXY).toBeUndefined()
})
