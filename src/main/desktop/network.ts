import { session } from 'electron'
import { getCACertificates } from 'node:tls'
import type { NetworkPort } from '../desktop-port'

/**
 * Chromium's network settings for main's own connections (docs/decisions/035-system-proxy-and-certificates.md):
 * the default session's proxy decision — the OS's settings, PAC and WPAD included, or
 * --proxy-server and --proxy-pac-url when Magpie was started with them — and the OS's trust
 * store as Node reads it (Electron 42 ships Node 24.18, DEPS:7; tls.getCACertificates is Node
 * 22.15+). Called once the app is ready (defaultSession throws before).
 */
export function electronNetwork(): NetworkPort {
  const { defaultSession } = session
  return {
    resolveProxy: (url) => defaultSession.resolveProxy(url),
    systemCertificates: () => getCACertificates('system')
  }
}
