import { beforeEach, describe, expect, it } from 'vitest'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { becomeReady, electronRecording, requestScheme, resetElectron } from '../../../tests/support/electron-double'
import { appPageUrl, handleAppProtocol, registerSchemes, rendererFile } from './app-protocol'

beforeEach(() => resetElectron())

describe('registerSchemes', () => {
  it('registers the page’s and the photos’ schemes in one call, standard and secure, with no CSP bypass', () => {
    registerSchemes()
    const schemes = electronRecording.protocol.privilegedSchemes
    expect(schemes.map((s) => s.scheme)).toEqual(['app', 'magpie-media'])
    for (const scheme of schemes) {
      expect(scheme.privileges).toMatchObject({ standard: true, secure: true })
      expect(scheme.privileges).not.toHaveProperty('bypassCSP', true)
      expect(scheme.privileges).not.toHaveProperty('allowServiceWorkers', true)
    }
  })

  it('cannot run after ready, as in Electron', () => {
    becomeReady()
    expect(() => registerSchemes()).toThrow(/before app is ready/)
  })
})

describe('the page’s scheme', () => {
  const dir = mkdtempSync(join(tmpdir(), 'magpie-renderer-'))
  mkdirSync(join(dir, 'assets'))
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>까치</title>')
  writeFileSync(join(dir, 'assets', 'app.js'), 'console.log(1)')
  writeFileSync(join(dir, 'secret.db'), 'x')

  it('serves the built page and its assets with their types', async () => {
    handleAppProtocol(dir)
    const handler = electronRecording.protocol.handlers.get('app')!
    const page = await handler(new Request(appPageUrl))
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(await page.text()).toContain('까치')
    const script = await handler(new Request('app://magpie/assets/app.js'))
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(script.headers.get('x-content-type-options')).toBe('nosniff')
  })

  it('a shipped type missing from the build is a 404, never a failed load (ERR_UNEXPECTED) with a stack in the log', async () => {
    handleAppProtocol(dir)
    const response = await requestScheme('app://magpie/assets/missing.js')
    expect(response).toBeInstanceOf(Response)
    expect((response as Response).status).toBe(404)
    expect(await requestScheme('app://magpie/secret.db')).toMatchObject({ status: 404 })
  })

  it('refuses other hosts, ways out of the folder, other methods and file types it never ships', () => {
    for (const url of [
      'app://other/index.html',
      'app://magpie/%2e%2e/%2e%2e/etc/passwd',
      'app://magpie/..%2fsecret.db',
      'app://magpie/secret.db',
      'app://magpie/assets/%00.js',
      'magpie-media://magpie/index.html',
      'not a url'
    ]) {
      expect(rendererFile(dir, url), url).toBeNull()
    }
    expect(rendererFile(dir, appPageUrl, 'POST')).toBeNull()
    expect(rendererFile(dir, 'app://magpie/')).toBe(join(dir, 'index.html'))
  })
})
