import { createHash, randomBytes } from 'node:crypto'
import { isInvitationLink, isJoinCode, parseInvitationLink } from '@shared/invitation-link'
import type { CreatedInvitation, InvitationCodeView, InvitationDoc, InvitationState, NewInvitation } from '@shared/join-codes'
import type { MessageKey } from '@shared/messages'

/**
 * Join codes (docs/decisions/047-invitation-codes.md): made here from the OS's random source,
 * 24 bytes (192 bits) as base64url, shown once in the moderator's link and never kept; the
 * community keeps only their SHA-256. The code never goes to a log.
 */
export const newJoinCode = (): string => randomBytes(24).toString('base64url')

export const hashOfJoinCode = (code: string): string => createHash('sha256').update(code, 'utf8').digest('hex')

export const dayMs = 24 * 60 * 60 * 1000

export function invitationState(doc: InvitationDoc, now: number): InvitationState {
  if (doc.revoked) return 'revoked'
  if (doc.uses >= doc.maxUses) return 'usedUp'
  if (now >= doc.expiresAt) return 'expired'
  return 'open'
}

export const invitationView = (id: string, doc: InvitationDoc, now: number): InvitationCodeView => ({
  id,
  note: doc.note,
  createdAt: doc.at,
  expiresAt: doc.expiresAt,
  uses: doc.uses,
  maxUses: doc.maxUses,
  state: invitationState(doc, now)
})

const refusals: Record<Exclude<InvitationState, 'open'>, MessageKey> = {
  revoked: 'joinCodeRevoked',
  usedUp: 'joinCodeUsedUp',
  expired: 'joinCodeExpired'
}

/** Why this person cannot join by this invitation now, or null: the rules' conditions, in main's words. */
export function redeemRefusal(doc: InvitationDoc | null, member: boolean, now: number): MessageKey | null {
  if (member) return 'joinCodeAlreadyMember'
  if (!doc) return 'joinCodeUnknown'
  const state = invitationState(doc, now)
  return state === 'open' ? null : refusals[state]
}

/**
 * The code in what a person pasted: the code itself, or the whole invitation link, which must
 * name this community. Surrounding white space is forgiven (a paste often carries some).
 */
export function codeFromText(text: string, projectId: string): { code: string } | { error: MessageKey } {
  const pasted = text.trim()
  if (pasted === '') return { error: 'joinCodeRequired' }
  if (isJoinCode(pasted)) return { code: pasted }
  if (!isInvitationLink(pasted)) return { error: 'joinCodeMalformed' }
  const link = parseInvitationLink(pasted)
  if (!link.ok) return { error: link.error }
  if (link.code === undefined) return { error: 'joinCodeMalformed' }
  if (link.config.projectId !== projectId) return { error: 'joinCodeOtherCommunity' }
  return { code: link.code }
}

/** What the IPC handlers call (Services['joinCodes']): moderators' invitations, and redeeming one. */
export interface JoinCodesService {
  /** Moderators only: a new invitation and its link with the code, returned this once. */
  create(userId: string, input: NewInvitation): Promise<CreatedInvitation>
  /** Moderators only: the newest invitations, never their codes. */
  list(userId: string): Promise<InvitationCodeView[]>
  /** Moderators only: revoked for good; the list after it. */
  revoke(userId: string, id: string): Promise<InvitationCodeView[]>
  /** The caller becomes a member by a code (or a pasted invitation link of this community). */
  redeem(userId: string, text: string): Promise<{ joined: true }>
}
