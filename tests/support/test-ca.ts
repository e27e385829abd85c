import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * A company's own certificate authority, made fresh by the `openssl` CLI for one test run: its
 * certificate (what an IT department installs in the OS's trust store) and a server certificate
 * it signed for `names` (DNS names), with that server's key.
 */
export interface TestCa {
  caPem: string
  serverCertPem: string
  serverKeyPem: string
}

export function makeTestCa(names: readonly string[]): TestCa {
  const dir = mkdtempSync(join(tmpdir(), 'magpie-test-ca-'))
  const file = (name: string) => join(dir, name)
  const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: ['ignore', 'ignore', 'pipe'] })
  try {
    openssl('req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', file('ca.key'), '-out', file('ca.pem'), '-days', '2', '-subj', '/CN=Magpie Test Company CA', '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign')
    openssl('req', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', file('server.key'), '-out', file('server.csr'), '-subj', `/CN=${names[0] ?? 'localhost'}`)
    writeFileSync(file('server.ext'), `subjectAltName=${names.map((name) => `DNS:${name}`).join(',')}\nextendedKeyUsage=serverAuth\n`)
    openssl('x509', '-req', '-in', file('server.csr'), '-CA', file('ca.pem'), '-CAkey', file('ca.key'), '-CAcreateserial', '-out', file('server.pem'), '-days', '2', '-extfile', file('server.ext'))
    return { caPem: readFileSync(file('ca.pem'), 'utf8'), serverCertPem: readFileSync(file('server.pem'), 'utf8'), serverKeyPem: readFileSync(file('server.key'), 'utf8') }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
