import { describe, expect, it, vi } from 'vitest'
import { invitationLink } from '@shared/invitation-link'
import { messages } from '@shared/messages'
import type { SettingsView } from '@shared/types'
import { kkachiCommunity as config } from '../../../tests/support/community-config'
import { AppError } from '../errors'
import { createInvitations } from './invitations'

const connected: SettingsView = { status: { mode: 'community', projectId: config.projectId, online: true }, config, managed: false }

describe('invitations', () => {
  it('routes a post link to its post and an invitation to /join, holding what main read', () => {
    const invitations = createInvitations()
    expect(invitations.routeFor('magpie://detail/p1')).toBe('/detail/p1')
    expect(invitations.view()).toEqual({ state: 'none' })
    expect(invitations.routeFor(invitationLink(config))).toBe('/join')
    expect(invitations.view()).toEqual({ state: 'ask', projectId: config.projectId })
    expect(invitations.routeFor('https://evil.example/')).toBeNull()
  })

  it('says why a link was refused, in words', () => {
    const invitations = createInvitations()
    invitations.routeFor(`${invitationLink(config)}&name=x`)
    expect(invitations.view()).toEqual({ state: 'refused', message: messages.invitationUnknownParam })
  })

  it('connects with the config it holds, once; a failure keeps it for another try', async () => {
    const invitations = createInvitations()
    await expect(invitations.accept(vi.fn())).rejects.toThrow(new AppError('invitationNone'))
    invitations.routeFor(invitationLink(config))
    const failing = vi.fn(() => Promise.reject(new AppError('connectUnreachable')))
    await expect(invitations.accept(failing)).rejects.toThrow(messages.connectUnreachable)
    expect(invitations.view()).toEqual({ state: 'ask', projectId: config.projectId })
    const connect = vi.fn(() => Promise.resolve(connected))
    expect(await invitations.accept(connect)).toBe(connected)
    expect(connect).toHaveBeenCalledExactlyOnceWith(config)
    expect(invitations.view()).toEqual({ state: 'none' })
  })

  it('a refused link or 취소 leaves nothing to accept', async () => {
    const invitations = createInvitations()
    invitations.routeFor(invitationLink({ ...config, apiKey: 'AIzaFAKEFAKE' }))
    await expect(invitations.accept(vi.fn())).rejects.toThrow(messages.invitationNone)
    invitations.routeFor(invitationLink(config))
    expect(invitations.dismiss()).toEqual({ state: 'none' })
    await expect(invitations.accept(vi.fn())).rejects.toThrow(messages.invitationNone)
  })

  describe('with a join code (decision 047)', () => {
    const code = 'Q2hhbmdlTWUtMTIzNDU2Nzg5MGFiY2Rl'
    const elsewhere = { mode: 'community', projectId: 'another-club', online: true } as const

    it('asks 가입 when its community runs, 연결 otherwise; the code never reaches the page', () => {
      const invitations = createInvitations()
      invitations.routeFor(invitationLink(config, code))
      expect(invitations.view(connected.status)).toEqual({ state: 'join', projectId: config.projectId })
      expect(invitations.view(elsewhere)).toEqual({ state: 'ask', projectId: config.projectId })
      expect(invitations.view({ mode: 'local' })).toEqual({ state: 'ask', projectId: config.projectId })
      expect(JSON.stringify(invitations.view(connected.status))).not.toContain(code)
      // A link without a code to the community that runs is still 연결's (nothing to redeem).
      invitations.routeFor(invitationLink(config))
      expect(invitations.view(connected.status)).toEqual({ state: 'ask', projectId: config.projectId })
    })

    it('is held past 연결, redeemed by 가입 with the code it holds, then let go', async () => {
      const invitations = createInvitations()
      await expect(invitations.join(vi.fn())).rejects.toThrow(messages.invitationNone)
      invitations.routeFor(invitationLink(config, code))
      await invitations.accept(vi.fn(() => Promise.resolve(connected)))
      expect(invitations.view(connected.status)).toEqual({ state: 'join', projectId: config.projectId })
      const offline = vi.fn(() => Promise.reject(new AppError('offlineWrite')))
      await expect(invitations.join(offline)).rejects.toThrow(messages.offlineWrite)
      expect(invitations.view(connected.status)).toEqual({ state: 'join', projectId: config.projectId })
      const redeem = vi.fn(() => Promise.resolve({ joined: true as const }))
      expect(await invitations.join(redeem)).toEqual({ joined: true })
      expect(redeem).toHaveBeenCalledExactlyOnceWith(code)
      expect(invitations.view(connected.status)).toEqual({ state: 'none' })
    })

    it('lets go of a code refused for good, keeps one a sign-in may still redeem', async () => {
      const invitations = createInvitations()
      invitations.routeFor(invitationLink(config, code))
      await expect(invitations.join(() => Promise.reject(new AppError('joinCodeLoginFirst')))).rejects.toThrow(messages.joinCodeLoginFirst)
      expect(invitations.view(connected.status).state).toBe('join')
      await expect(invitations.join(() => Promise.reject(new AppError('joinCodeUsedUp')))).rejects.toThrow(messages.joinCodeUsedUp)
      expect(invitations.view(connected.status)).toEqual({ state: 'none' })
    })
  })
})
