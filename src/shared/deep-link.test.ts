import { describe, expect, it } from 'vitest'
import { isPostId, linkFromRoute, postLink, routeFromLink } from './deep-link'

describe('post links', () => {
  it('round-trip a post id through magpie://detail/{id}', () => {
    for (const id of ['abc', 'Xk29dLmQp0aZ7rT1bC3e', '3f0c2b1e-9d7a-4c55-8e21-0b6a3c9d7e11', '글-1', 'a'.repeat(100)]) {
      const link = postLink(id)
      expect(link.startsWith('magpie://detail/')).toBe(true)
      expect(routeFromLink(link), id).toBe(`/detail/${id}`)
    }
    expect(postLink('abc')).toBe('magpie://detail/abc')
  })

  it('refuses a lone surrogate, which a link cannot encode but a second launch\'s argv can carry', () => {
    expect(isPostId('a\uD800b')).toBe(false)
    expect(isPostId('a\uDC00')).toBe(false)
    expect(isPostId('😀글')).toBe(true)
  })

  it('carries where a comment notification opens the post: its comments, or one comment, both ways', () => {
    expect(routeFromLink('magpie://detail/abc?comments')).toBe('/detail/abc?comments')
    expect(routeFromLink('magpie://detail/abc?comment=c1')).toBe('/detail/abc?comment=c1')
    expect(routeFromLink(`magpie://detail/abc?comment=${encodeURIComponent('댓글-1')}`)).toBe(`/detail/abc?comment=${encodeURIComponent('댓글-1')}`)
    for (const route of ['/detail/abc', '/detail/abc?comments', '/detail/abc?comment=c1', `/detail/abc?comment=${encodeURIComponent('댓글-1')}`]) {
      expect(routeFromLink(linkFromRoute(route)), route).toBe(route)
    }
    for (const bad of ['magpie://detail/abc?comment=', 'magpie://detail/abc?comment=a%0Ab', 'magpie://detail/abc?comment=a&x=1', 'magpie://detail/abc?x=1', 'magpie://detail/abc?comment=..']) {
      expect(routeFromLink(bad), bad).toBeNull()
    }
    expect(linkFromRoute('/detail/abc?comment=%E2%80%AEx')).toBeNull()
  })

  it('accepts the trailing slash some launchers add, and the scheme in capitals', () => {
    expect(routeFromLink('magpie://detail/abc/')).toBe('/detail/abc')
    expect(routeFromLink('MAGPIE://detail/abc')).toBe('/detail/abc')
  })

  it.each([
    ['another scheme', 'https://detail/abc'],
    ['a web page', 'https://evil.example/detail/abc'],
    ['a file', 'file:///detail/abc'],
    ['another place in the app', 'magpie://myalert'],
    ['another host', 'magpie://settings/abc'],
    ['a dot segment', 'magpie://detail/..'],
    ['a backslash', 'magpie://detail/a\\b'],
    ['no id', 'magpie://detail/'],
    ['no id at all', 'magpie://detail'],
    ['two segments', 'magpie://detail/abc/def'],
    ['a path climbing out', 'magpie://detail/../myalert'],
    ['an encoded slash', 'magpie://detail/a%2Fb'],
    ['an encoded question mark', 'magpie://detail/a%3Fb'],
    ['an encoded hash', 'magpie://detail/a%23b'],
    ['a control character', 'magpie://detail/a%0Ab'],
    ['a C1 control (NEL)', 'magpie://detail/a%C2%85b'],
    ['a right-to-left override', 'magpie://detail/a%E2%80%AEb'],
    ['a zero-width space', 'magpie://detail/a%E2%80%8Bb'],
    ['a byte order mark', 'magpie://detail/%EF%BB%BFabc'],
    ['a space', 'magpie://detail/a%20b'],
    ['a bad escape', 'magpie://detail/%E0%A4%A'],
    ['a query', 'magpie://detail/abc?next=https://evil.example'],
    ['a hash', 'magpie://detail/abc#x'],
    ['credentials', 'magpie://user:pw@detail/abc'],
    ['a port', 'magpie://detail:80/abc'],
    ['an id over 100 characters', `magpie://detail/${'a'.repeat(101)}`],
    ['a javascript URL', 'javascript:alert(1)'],
    ['not a URL', 'detail/abc'],
    ['empty', '']
  ])('ignores %s', (_name, link) => {
    expect(routeFromLink(link)).toBeNull()
  })

  it('ignores what is not text, and absurdly long text', () => {
    for (const value of [undefined, null, 42, {}, ['magpie://detail/abc']]) expect(routeFromLink(value)).toBeNull()
    expect(routeFromLink(`magpie://detail/abc${'/'.repeat(500)}`)).toBeNull()
  })

  it('uses the IPC contract’s id length rule, as one route segment', () => {
    expect(isPostId('a')).toBe(true)
    expect(isPostId('a'.repeat(100))).toBe(true)
    expect(isPostId('')).toBe(false)
    expect(isPostId('a'.repeat(101))).toBe(false)
    for (const bad of ['a/b', 'a?b', 'a#b', 'a%b', 'a\\b', 'a b', 'a\u0000b']) expect(isPostId(bad), bad).toBe(false)
  })

  it('turns a notification’s post route into its link, and nothing else', () => {
    expect(linkFromRoute('/detail/abc')).toBe('magpie://detail/abc')
    expect(linkFromRoute('/myalert')).toBeNull()
    expect(linkFromRoute('/detail/a/b')).toBeNull()
    expect(linkFromRoute('/detail/')).toBeNull()
  })
})
