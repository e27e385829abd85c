import type { MessageKey } from './messages'

/**
 * Invitations with a join code (docs/decisions/047-invitation-codes.md): what a moderator may
 * choose, checked alike by the form and by main (which checks again: the renderer is untrusted).
 */

/** The expiries a moderator picks from, in days (the rules allow at most 31). */
export const invitationDays = [1, 7, 30] as const
export type InvitationDays = (typeof invitationDays)[number]

export const invitationUsesMax = 100
/** In UTF-16 units, as the rules' size() counts. */
export const invitationNoteMax = 100
/** The most invitations the moderators' list shows, newest first. */
export const invitationsListMax = 100

export interface NewInvitation {
  days: number
  maxUses: number
  note?: string
}

/** Controls, bidi overrides, zero-width marks and the like: nothing a note needs. */
const hidden = /[\p{C}\u115f\u1160\u3164\uffa0]/u

/** The first thing wrong with a new invitation's choices, or null. */
export function checkNewInvitation(input: NewInvitation): { problem: MessageKey; field: 'days' | 'maxUses' | 'note' } | null {
  if (!(invitationDays as readonly number[]).includes(input.days)) return { problem: 'invitationExpiryInvalid', field: 'days' }
  if (!Number.isSafeInteger(input.maxUses) || input.maxUses < 1 || input.maxUses > invitationUsesMax) return { problem: 'invitationMaxUsesInvalid', field: 'maxUses' }
  const note = (input.note ?? '').trim()
  if (note.length > invitationNoteMax) return { problem: 'invitationNoteTooLong', field: 'note' }
  if (hidden.test(note)) return { problem: 'invitationNoteHidden', field: 'note' }
  return null
}

/** invitations/{hash} as main reads it (src/main/firebase/invitations-port.ts); times in ms. */
export interface InvitationDoc {
  createdBy: string
  /** When it was made, in ms (the server's time). */
  at: number
  expiresAt: number
  maxUses: number
  uses: number
  revoked: boolean
  /** '' when there is none. */
  note: string
}

export type InvitationState = 'open' | 'expired' | 'usedUp' | 'revoked'

/** One invitation as moderators see it: never its code, which is kept nowhere. `id` is the code's hash. */
export interface InvitationCodeView {
  id: string
  note: string
  createdAt: number
  expiresAt: number
  uses: number
  maxUses: number
  state: InvitationState
}

/** What a moderator gets back once, when the invitation is made: the link with its code. */
export interface CreatedInvitation {
  link: string
  invitation: InvitationCodeView
}
