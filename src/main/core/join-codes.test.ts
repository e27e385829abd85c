import { describe, expect, it } from 'vitest'
import { invitationLink } from '@shared/invitation-link'
import { checkNewInvitation, type InvitationDoc } from '@shared/join-codes'
import { kkachiCommunity as config } from '../../../tests/support/community-config'
import { codeFromText, hashOfJoinCode, invitationState, newJoinCode, redeemRefusal } from './join-codes'

const now = Date.UTC(2026, 10, 29, 9)
const open: InvitationDoc = { createdBy: 'mod', at: now - 1000, expiresAt: now + 1000, maxUses: 2, uses: 1, revoked: false, note: '' }

describe('join codes', () => {
  it('are 192 random bits, URL-safe, never repeated; the community keeps their SHA-256', () => {
    const codes = new Set(Array.from({ length: 1000 }, newJoinCode))
    expect(codes.size).toBe(1000)
    for (const code of codes) {
      expect(code).toMatch(/^[A-Za-z0-9_-]{32}$/)
      expect(Buffer.from(code, 'base64url')).toHaveLength(24)
    }
    expect(hashOfJoinCode('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')
  })

  it('tell an invitation\'s state in the rules\' order: revoked, used up, expired, open', () => {
    expect(invitationState(open, now)).toBe('open')
    expect(invitationState({ ...open, expiresAt: now }, now)).toBe('expired')
    expect(invitationState({ ...open, uses: 2, expiresAt: now }, now)).toBe('usedUp')
    expect(invitationState({ ...open, uses: 2, revoked: true }, now)).toBe('revoked')
  })

  it('refuse a member, a code no invitation has, and a closed invitation, each in its words', () => {
    expect(redeemRefusal(open, false, now)).toBeNull()
    expect(redeemRefusal(open, true, now)).toBe('joinCodeAlreadyMember')
    expect(redeemRefusal(null, false, now)).toBe('joinCodeUnknown')
    expect(redeemRefusal({ ...open, expiresAt: now - 1 }, false, now)).toBe('joinCodeExpired')
    expect(redeemRefusal({ ...open, uses: 2 }, false, now)).toBe('joinCodeUsedUp')
    expect(redeemRefusal({ ...open, revoked: true }, false, now)).toBe('joinCodeRevoked')
  })

  it('find the code in a paste: the code, or this community\'s whole link', () => {
    const code = newJoinCode()
    expect(codeFromText(` ${code} `, config.projectId)).toEqual({ code })
    expect(codeFromText(invitationLink(config, code), config.projectId)).toEqual({ code })
    expect(codeFromText(invitationLink(config, code), 'another-club')).toEqual({ error: 'joinCodeOtherCommunity' })
    expect(codeFromText(invitationLink(config), config.projectId)).toEqual({ error: 'joinCodeMalformed' })
    expect(codeFromText(`${invitationLink(config, code)}&name=x`, config.projectId)).toEqual({ error: 'invitationUnknownParam' })
    expect(codeFromText('', config.projectId)).toEqual({ error: 'joinCodeRequired' })
    expect(codeFromText(code.slice(1), config.projectId)).toEqual({ error: 'joinCodeMalformed' })
    expect(codeFromText(`https://evil.example/?code=${code}`, config.projectId)).toEqual({ error: 'joinCodeMalformed' })
  })

  it('check a moderator\'s choices: 1, 7 or 30 days, 1..100 uses, a short plain note', () => {
    expect(checkNewInvitation({ days: 7, maxUses: 100, note: '사촌들' })).toBeNull()
    expect(checkNewInvitation({ days: 1, maxUses: 1 })).toBeNull()
    expect(checkNewInvitation({ days: 3, maxUses: 1 })).toEqual({ problem: 'invitationExpiryInvalid', field: 'days' })
    expect(checkNewInvitation({ days: 30, maxUses: Number.NaN })).toEqual({ problem: 'invitationMaxUsesInvalid', field: 'maxUses' })
    expect(checkNewInvitation({ days: 30, maxUses: 1, note: 'a'.repeat(101) })).toEqual({ problem: 'invitationNoteTooLong', field: 'note' })
    expect(checkNewInvitation({ days: 30, maxUses: 1, note: `  ${'a'.repeat(100)}  ` })).toBeNull()
    expect(checkNewInvitation({ days: 30, maxUses: 1, note: '메모\u200b' })).toEqual({ problem: 'invitationNoteHidden', field: 'note' })
  })
})
