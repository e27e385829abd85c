import { routeFromLink } from '@shared/deep-link'
import { invitationProblem, isInvitationLink, parseInvitationLink, type InvitationResult } from '@shared/invitation-link'
import type { ConnectionStatus, FirebaseWebConfig, InvitationView, SettingsView } from '@shared/types'
import { AppError } from '../errors'

/** Where the page shows an invitation and asks before connecting. */
export const invitationRoute = '/join'

/**
 * Community invitations (docs/decisions/023-invitation-links.md). A magpie://join link is
 * read and checked here, in main, the moment the OS hands it over; the page only learns the
 * community's projectId (or why the link was refused) and answers 연결 or 취소. The config
 * never goes to the page and never comes back from it. A link with a join code
 * (docs/decisions/047-invitation-codes.md) is held past the connection: once this community
 * runs, the page asks 가입 and main redeems the code it holds, which the page never sees either.
 */
export function createInvitations() {
  let held: InvitationResult | null = null

  return {
    /**
     * The route a magpie:// link opens: a post's, or the invitation page for a join link (held
     * here, the latest replacing any earlier one); null for anything else.
     */
    routeFor(link: unknown): string | null {
      if (!isInvitationLink(link)) return routeFromLink(link)
      held = parseInvitationLink(link)
      return invitationRoute
    },

    /** `status`: the backend running now; a code for the community it is asks 가입 rather than 연결. */
    view(status?: ConnectionStatus): InvitationView {
      if (!held) return { state: 'none' }
      if (!held.ok) return { state: 'refused', message: invitationProblem(held) }
      const here = status?.mode === 'community' && status.projectId === held.config.projectId
      return { state: held.code !== undefined && here ? 'join' : 'ask', projectId: held.config.projectId }
    },

    /**
     * Connects to the held config through `connect` (the settings' own path: checked, tried,
     * saved, switched to). Asked once: it is let go when the connection is made; a failure
     * keeps it so 연결 can be tried again.
     */
    async accept(connect: (config: FirebaseWebConfig) => Promise<SettingsView>): Promise<SettingsView> {
      const invitation = held
      if (!invitation?.ok) throw new AppError('invitationNone')
      const view = await connect(invitation.config)
      // A join code is still to be redeemed, now in its own community.
      if (held === invitation && invitation.code === undefined) held = null
      return view
    },

    /**
     * 가입 on a held code: `redeem` (the running community's joinCodes service, the caller
     * signed in) gets the code. Let go once it is redeemed or refused for good (a wrong, expired,
     * used-up or revoked code, a member already); kept when it could not be tried (offline).
     */
    async join(redeem: (code: string) => Promise<{ joined: true }>): Promise<{ joined: true }> {
      const invitation = held
      if (!invitation?.ok || invitation.code === undefined) throw new AppError('invitationNone')
      try {
        const joined = await redeem(invitation.code)
        if (held === invitation) held = null
        return joined
      } catch (error) {
        if (held === invitation && error instanceof AppError && finalRefusals.has(error.code)) held = null
        throw error
      }
    },

    dismiss(): InvitationView {
      held = null
      return { state: 'none' }
    }
  }
}

/** Refusals another try would only repeat. */
const finalRefusals: ReadonlySet<string> = new Set(['joinCodeUnknown', 'joinCodeExpired', 'joinCodeUsedUp', 'joinCodeRevoked', 'joinCodeAlreadyMember', 'joinCodeOtherCommunity', 'joinCodeCommunityOnly'])

export type Invitations = ReturnType<typeof createInvitations>
