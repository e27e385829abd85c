import { describe, expect, it, vi } from 'vitest'
import { invitationLink } from '@shared/invitation-link'
import { kkachiCommunity } from '../../../tests/support/community-config'
import { createInvitations } from '../core/invitations'
import { createLinkRouter, registerProtocolClient, routeFromArgv } from './deep-links'

describe('routeFromArgv', () => {
  it('finds the link on a packaged app’s command line (Windows and Linux hand it over as an argument)', () => {
    expect(routeFromArgv(['C:\\Program Files\\Magpie\\Magpie.exe', 'magpie://detail/abc'])).toBe('/detail/abc')
    expect(routeFromArgv(['/opt/Magpie/magpie', '--no-sandbox', 'magpie://detail/abc/'])).toBe('/detail/abc')
  })

  it('finds it in development, after Electron and the app folder, and among Chromium’s switches', () => {
    expect(
      routeFromArgv(['/x/electron', '/x/magpie', '--allow-file-access-from-files', '--original-process-start-time=1', 'magpie://detail/p1'])
    ).toBe('/detail/p1')
  })

  it('gives null without a link, or for a link that is not a post', () => {
    expect(routeFromArgv(['/opt/Magpie/magpie'])).toBeNull()
    expect(routeFromArgv(['/opt/Magpie/magpie', 'magpie://detail/../../etc'])).toBeNull()
    expect(routeFromArgv(['/opt/Magpie/magpie', 'https://evil.example/'])).toBeNull()
    expect(routeFromArgv([])).toBeNull()
  })

  it('hands an invitation on the command line to main’s invitations, which hold it and give /join', () => {
    const invitations = createInvitations()
    expect(routeFromArgv(['/opt/Magpie/magpie', invitationLink(kkachiCommunity)], invitations.routeFor)).toBe('/join')
    expect(invitations.view()).toEqual({ state: 'ask', projectId: kkachiCommunity.projectId })
    expect(routeFromArgv(['/opt/Magpie/magpie', 'magpie://detail/abc'], invitations.routeFor)).toBe('/detail/abc')
  })
})

describe('registerProtocolClient', () => {
  it('packaged, registers the app itself for magpie://; in development, nothing', () => {
    const app = { setAsDefaultProtocolClient: vi.fn(() => true) }
    expect(registerProtocolClient(app, false)).toBe(false)
    expect(app.setAsDefaultProtocolClient).not.toHaveBeenCalled()
    expect(registerProtocolClient(app, true)).toBe(true)
    expect(app.setAsDefaultProtocolClient).toHaveBeenCalledExactlyOnceWith('magpie')
  })
})

describe('createLinkRouter', () => {
  it('holds a link that came before the window, and shows it once the window is there', () => {
    const router = createLinkRouter()
    const show = vi.fn()
    router.open('/detail/a')
    router.open('/detail/b')
    expect(show).not.toHaveBeenCalled()
    router.ready(show)
    // The latest link is the one the user clicked last.
    expect(show).toHaveBeenCalledExactlyOnceWith('/detail/b')
    router.open('/detail/c')
    expect(show).toHaveBeenLastCalledWith('/detail/c')
  })

  it('a request without a route before the window still brings it forward, keeping a held route', () => {
    const router = createLinkRouter()
    const show = vi.fn()
    router.open('/detail/a')
    router.open(null)
    router.ready(show)
    expect(show).toHaveBeenCalledExactlyOnceWith('/detail/a')

    const plain = createLinkRouter()
    const showPlain = vi.fn()
    plain.open(null)
    plain.ready(showPlain)
    expect(showPlain).toHaveBeenCalledExactlyOnceWith(null)
  })

  it('shows nothing extra when no link came', () => {
    const router = createLinkRouter()
    const show = vi.fn()
    router.ready(show)
    expect(show).not.toHaveBeenCalled()
  })
})
