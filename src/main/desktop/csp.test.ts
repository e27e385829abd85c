import { describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/** The renderer's Content-Security-Policy, read from the meta tag of its page. */
const html = readFileSync(fileURLToPath(new URL('../../renderer/index.html', import.meta.url)), 'utf8')

function metaPolicies(page: string): string[] {
  const policies: string[] = []
  for (const [tag] of page.matchAll(/<meta\b[^>]*>/gis)) {
    if (!/http-equiv\s*=\s*["']content-security-policy["']/i.test(tag)) continue
    const content = /\bcontent\s*=\s*(["'])(.*?)\1/is.exec(tag)
    if (content) policies.push(content[2]!)
  }
  return policies
}

function parsePolicy(policy: string): Map<string, string[]> {
  const directives = new Map<string, string[]>()
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/)
    if (!name) continue
    // A repeated directive is ignored by browsers; flag it rather than guess.
    expect(directives.has(name.toLowerCase()), `directive ${name} appears twice`).toBe(false)
    directives.set(name.toLowerCase(), sources)
  }
  return directives
}

const policies = metaPolicies(html)
const csp = parsePolicy(policies[0] ?? '')

describe('renderer Content-Security-Policy', () => {
  it('is set once, in a meta tag before any script', () => {
    expect(policies).toHaveLength(1)
    expect(html.search(/http-equiv\s*=\s*["']content-security-policy/i)).toBeLessThan(html.search(/<script\b/i))
  })

  it('loads scripts only from the app itself: no inline, eval or remote code', () => {
    expect(csp.get('script-src')).toEqual(["'self'"])
    expect(csp.has('script-src-elem')).toBe(false)
    expect(csp.has('script-src-attr')).toBe(false)
    expect(csp.has('worker-src')).toBe(false)
  })

  it('denies by default and closes plugins, base, frames and forms', () => {
    expect(csp.get('default-src')).toEqual(["'none'"])
    expect(csp.get('object-src')).toEqual(["'none'"])
    expect(csp.get('base-uri')).toEqual(["'none'"])
    expect(csp.get('frame-src')).toEqual(["'none'"])
    expect(csp.get('form-action')).toEqual(["'none'"])
  })

  it('shows images only from the app, data/blob previews and the media protocol: never the web', () => {
    const img = csp.get('img-src') ?? []
    expect([...img].sort()).toEqual(["'self'", 'blob:', 'data:', 'magpie-media:'].sort())
    expect(img.some((source) => /^(https?:|\*|wss?:)/i.test(source) || source.includes('*'))).toBe(false)
  })

  it('talks only to itself', () => {
    expect(csp.get('connect-src')).toEqual(["'self'"])
  })

  it('never allows unsafe-eval, wildcards or remote hosts anywhere', () => {
    for (const [name, sources] of csp) {
      for (const source of sources) {
        expect(source, name).not.toMatch(/unsafe-eval|wasm-unsafe-eval|unsafe-hashes/i)
        expect(source, name).not.toMatch(/^\*|^https?:|^wss?:|^ftp:/i)
        expect(source.includes('*'), `${name} ${source}`).toBe(false)
      }
      if (name !== 'style-src') expect(sources, name).not.toContain("'unsafe-inline'")
    }
  })
})
