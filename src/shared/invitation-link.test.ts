import { describe, expect, it } from 'vitest'
import { kkachiCommunity as config } from '../../tests/support/community-config'
import { routeFromLink } from './deep-link'
import { invitationLink, invitationLinkMax, invitationProblem, isInvitationLink, isJoinCode, parseInvitationLink } from './invitation-link'
import { format, messages } from './messages'

const link = invitationLink(config)
const query = link.slice('magpie://join?'.length)

describe('invitation links', () => {
  it('carries the six fields and reads back to the same config', () => {
    expect(link.startsWith('magpie://join?apiKey=AIza')).toBe(true)
    expect(link.length).toBeLessThan(invitationLinkMax / 4)
    expect(parseInvitationLink(link)).toEqual({ ok: true, config })
    // Any order, the emulator's http database, the scheme and host in capitals, a launcher's trailing slash.
    const reordered = `MAGPIE://JOIN/?${query.split('&').reverse().join('&')}`
    expect(parseInvitationLink(reordered)).toEqual({ ok: true, config })
    const emulated = { ...config, databaseURL: 'http://127.0.0.1:9000?ns=demo-magpie' }
    expect(parseInvitationLink(invitationLink(emulated))).toEqual({ ok: true, config: emulated })
  })

  it('is told apart from a post link, which still opens its post', () => {
    expect(isInvitationLink(link)).toBe(true)
    expect(isInvitationLink('magpie://detail/p1')).toBe(false)
    expect(isInvitationLink(42)).toBe(false)
    expect(routeFromLink(link)).toBeNull()
  })

  it('refuses parameters other than the six, duplicated ones and missing ones', () => {
    expect(parseInvitationLink(`${link}&name=${encodeURIComponent('공식 커뮤니티')}`)).toEqual({ ok: false, error: 'invitationUnknownParam' })
    expect(parseInvitationLink(`${link}&measurementId=G-1`)).toEqual({ ok: false, error: 'invitationUnknownParam' })
    expect(parseInvitationLink(`${link}&__proto__=x`)).toEqual({ ok: false, error: 'invitationUnknownParam' })
    expect(parseInvitationLink(link.replace('apiKey=', 'APIKEY='))).toEqual({ ok: false, error: 'invitationUnknownParam' })
    expect(parseInvitationLink(`${link}&projectId=evil-project`)).toEqual({ ok: false, error: 'invitationDuplicateParam' })
    expect(parseInvitationLink(`${link}&projectId=${config.projectId}`)).toEqual({ ok: false, error: 'invitationDuplicateParam' })
    const withoutAppId = link.replace(/&appId=[^&]*/, '')
    expect(parseInvitationLink(withoutAppId)).toEqual({ ok: false, error: 'configFieldRequired', field: 'appId' })
    expect(invitationProblem({ error: 'configFieldRequired', field: 'appId' })).toBe(format.invitationMissing(messages.configLabelAppId))
  })

  it('refuses a value its field’s rule refuses, naming the field and the rule', () => {
    const bad = invitationLink({ ...config, apiKey: 'AIzaFAKEFAKE' })
    const result = parseInvitationLink(bad)
    expect(result).toEqual({ ok: false, error: 'configApiKeyLength', field: 'apiKey' })
    expect(invitationProblem(result as { error: 'configApiKeyLength'; field: 'apiKey' })).toBe(
      format.invitationBadField(messages.configLabelApiKey, messages.configApiKeyLength)
    )
    // A database outside Firebase: the collector a hostile link would point at.
    expect(parseInvitationLink(invitationLink({ ...config, databaseURL: 'https://collector.evil.example' }))).toEqual({
      ok: false,
      error: 'configDatabaseUrlInvalid',
      field: 'databaseURL'
    })
    expect(parseInvitationLink(link.replace(/projectId=[^&]*/, 'projectId='))).toEqual({ ok: false, error: 'configFieldRequired', field: 'projectId' })
  })

  it('refuses control characters, white space and invisible marks, raw or percent-encoded', () => {
    for (const hostile of [
      `${link}\n`,
      link.replace('projectId=', 'projectId=\u0000'),
      link.replace('&', ' &'),
      link.replace('projectId=', 'projectId=\u202e'),
      link.replace('projectId=', 'projectId=\u200b'),
      link.replace('projectId=', 'projectId=\u0085')
    ]) {
      expect(parseInvitationLink(hostile), JSON.stringify(hostile)).toEqual({ ok: false, error: 'invitationMalformed' })
    }
    // Encoded, they reach the field rules, which refuse them.
    for (const encoded of ['%0A', '%00', '%E2%80%AE', '%E2%80%8B', '%C2%85']) {
      const result = parseInvitationLink(link.replace(`projectId=${config.projectId}`, `projectId=${config.projectId}${encoded}`))
      expect(result.ok, encoded).toBe(false)
    }
    expect(parseInvitationLink(link.replace(`projectId=${config.projectId}`, `projectId=${config.projectId}%20`))).toEqual({ ok: false, error: 'invitationMalformed' })
  })

  it('refuses oversize links and values, broken encoding and other shapes', () => {
    expect(parseInvitationLink(`${link}&x=${'a'.repeat(invitationLinkMax)}`)).toEqual({ ok: false, error: 'invitationTooLong' })
    expect(parseInvitationLink('magpie://join?' + 'a'.repeat(10_000_000))).toEqual({ ok: false, error: 'invitationTooLong' })
    const huge = parseInvitationLink(link.replace(`appId=${encodeURIComponent(config.appId)}`, `appId=1:1:web:${'a'.repeat(1500)}`))
    expect(huge).toEqual({ ok: false, error: 'configAppIdInvalid', field: 'appId' })
    for (const malformed of [
      'magpie://join',
      'magpie://join?',
      `magpie://join?${query}&`,
      `magpie://join?&${query}`,
      `magpie://join?${query}#x`,
      `magpie://join/extra?${query}`,
      `magpie://joinx?${query}`,
      `https://join?${query}`,
      link.replace('projectId=', 'projectId=%E0%A4%A'),
      link.replace(/&appId=[^&]*/, '&appId')
    ]) {
      expect(parseInvitationLink(malformed), malformed).toEqual({ ok: false, error: 'invitationMalformed' })
    }
    expect(parseInvitationLink(undefined)).toEqual({ ok: false, error: 'invitationMalformed' })
    expect(parseInvitationLink({ toString: () => link })).toEqual({ ok: false, error: 'invitationMalformed' })
  })

  describe('with a join code (docs/decisions/047-invitation-codes.md)', () => {
    const code = 'Q2hhbmdlTWUtMTIzNDU2Nzg5MGFiY2Rl'

    it('carries the code beside the six fields, and an old link without one still reads as before', () => {
      expect(isJoinCode(code)).toBe(true)
      const withCode = invitationLink(config, code)
      expect(withCode).toBe(`${link}&code=${code}`)
      expect(parseInvitationLink(withCode)).toEqual({ ok: true, config, code })
      // Anywhere among the fields.
      expect(parseInvitationLink(`magpie://join?code=${code}&${query}`)).toEqual({ ok: true, config, code })
      const plain = parseInvitationLink(link)
      expect(plain).toEqual({ ok: true, config })
      expect('code' in plain).toBe(false)
    })

    it('refuses a code main could not have made, a code given twice, and an empty one', () => {
      for (const bad of [
        code.slice(1),
        `${code}A`,
        `${code.slice(0, 31)}=`,
        `${code.slice(0, 31)}%2B`,
        `${code.slice(0, 31)}.`,
        `${code.slice(0, 30)}%0A`,
        '%E2%80%AE'.padEnd(32, 'a'),
        'a'.repeat(500)
      ]) {
        expect(parseInvitationLink(`${link}&code=${bad}`), bad).toEqual({ ok: false, error: 'joinCodeMalformed' })
      }
      expect(parseInvitationLink(`${link}&code=`)).toEqual({ ok: false, error: 'joinCodeMalformed' })
      expect(parseInvitationLink(`${link}&code=${code}&code=${code}`)).toEqual({ ok: false, error: 'invitationDuplicateParam' })
      expect(parseInvitationLink(`${link}&CODE=${code}`)).toEqual({ ok: false, error: 'invitationUnknownParam' })
      expect(messages.joinCodeMalformed).toMatch(/요$/)
    })

    it('checks the fields before the code: a bad field is named even when the code is fine', () => {
      expect(parseInvitationLink(invitationLink({ ...config, apiKey: 'AIzaFAKEFAKE' }, code))).toEqual({ ok: false, error: 'configApiKeyLength', field: 'apiKey' })
      expect(isJoinCode(42)).toBe(false)
    })
  })
})
