import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fetch as undiciFetch } from 'undici'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startConnectProxy } from '../../../tests/support/connect-proxy'
import { becomeReady, callsTo, electronRecording, resetElectron } from '../../../tests/support/electron-double'
import { ProxyRouter, trustedCertificates } from '../firebase/network'
import { electronNetwork } from './network'

beforeEach(() => {
  resetElectron()
  electronRecording.config.autoReady = false
})

const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

describe('electronNetwork', () => {
  it('is made once the app is ready: defaultSession throws before (electron_api_session.cc:1891-1909)', () => {
    expect(() => electronNetwork()).toThrow(TypeError)
    becomeReady()
    expect(() => electronNetwork()).not.toThrow()
  })

  it('answers with the default session’s decision, in Chromium’s PAC result format', async () => {
    becomeReady()
    electronRecording.config.pacScript = (_url, host) => (host.endsWith('.googleapis.com') ? 'PROXY corp.example:3128; DIRECT' : 'DIRECT')
    const network = electronNetwork()
    expect(await network.resolveProxy('https://firestore.googleapis.com/')).toBe('PROXY corp.example:3128;DIRECT')
    expect(await network.resolveProxy('https://demo.firebaseio.com/')).toBe('DIRECT')
    expect(callsTo('session.resolveProxy').map((call) => call.args[0])).toEqual(['https://firestore.googleapis.com/', 'https://demo.firebaseio.com/'])
  })

  it('routes Firebase’s requests where the OS’s PAC script says, and loopback stays direct', async () => {
    becomeReady()
    const server = createServer((_request, response) => response.end('auth'))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())))
    const port = (server.address() as AddressInfo).port
    const corp = await startConnectProxy({ 'identitytoolkit.magpie.invalid': '127.0.0.1' })
    cleanups.push(() => corp.close())
    electronRecording.config.pacScript = () => `${corp.pac}; DIRECT`
    const network = electronNetwork()
    const router = new ProxyRouter((url) => network.resolveProxy(url), () => trustedCertificates([]))
    cleanups.push(() => router.close())

    expect(await (await undiciFetch(`http://identitytoolkit.magpie.invalid:${port}/`, { dispatcher: router })).text()).toBe('auth')
    expect(await (await undiciFetch(`http://127.0.0.1:${port}/`, { dispatcher: router })).text()).toBe('auth')
    expect(corp.tunnels).toEqual([`identitytoolkit.magpie.invalid:${port}`])
  })

  it('a failed lookup answers an empty string (resolve_proxy_helper.cc:84-86), which goes direct', async () => {
    becomeReady()
    electronRecording.config.proxyLookupFails = true
    expect(await electronNetwork().resolveProxy('https://firestore.googleapis.com/')).toBe('')
  })
})
