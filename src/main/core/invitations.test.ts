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
})
