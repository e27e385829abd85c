import { routeFromLink } from '@shared/deep-link'
import { invitationProblem, isInvitationLink, parseInvitationLink, type InvitationResult } from '@shared/invitation-link'
import type { FirebaseWebConfig, InvitationView, SettingsView } from '@shared/types'
import { AppError } from '../errors'

/** Where the page shows an invitation and asks before connecting. */
export const invitationRoute = '/join'

/**
 * Community invitations (docs/decisions/023-invitation-links.md). A magpie://join link is
 * read and checked here, in main, the moment the OS hands it over; the page only learns the
 * community's projectId (or why the link was refused) and answers 연결 or 취소. The config
 * never goes to the page and never comes back from it.
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

    view(): InvitationView {
      if (!held) return { state: 'none' }
      return held.ok ? { state: 'ask', projectId: held.config.projectId } : { state: 'refused', message: invitationProblem(held) }
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
      if (held === invitation) held = null
      return view
    },

    dismiss(): InvitationView {
      held = null
      return { state: 'none' }
    }
  }
}

export type Invitations = ReturnType<typeof createInvitations>
