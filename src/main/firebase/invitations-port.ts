/**
 * Invitations with a join code in a community (docs/decisions/047-invitation-codes.md):
 * invitations/{hash}, hash being the SHA-256 (hex) of the code, and the redeemer's members/{uid}.
 * Who may do what is the shipped rules' (firebase/firestore.rules): moderators make, list and
 * revoke; whoever holds the code reads one by its hash and redeems it in one transaction.
 */
import type { InvitationDoc } from '@shared/join-codes'

export type { InvitationDoc }

/** What main decides, inside the transaction, from what it read: 'join' writes the membership and the use. */
export type RedeemDecision = 'join' | 'refuse'

export interface InvitationsPort {
  /** Makes invitations/{hash} with the server's time, no uses, not revoked. */
  create(hash: string, invitation: { createdBy: string; expiresAt: number; maxUses: number; note: string }): Promise<void>
  /** The newest n invitations (moderators only). One of another shape is left out. */
  list(n: number): Promise<{ id: string; data: InvitationDoc }[]>
  /** Marks it revoked; false when there is no such invitation. */
  revoke(hash: string): Promise<boolean>
  /**
   * One transaction: reads invitations/{hash} (null when there is none) and whether uid is a member,
   * asks `decide`, and on 'join' writes members/{uid} (via 'invitation') beside the invitation's uses + 1.
   */
  redeem(hash: string, uid: string, decide: (invitation: InvitationDoc | null, member: boolean) => RedeemDecision): Promise<RedeemDecision>
}

export const isInvitationHash = (id: unknown): id is string => typeof id === 'string' && /^[0-9a-f]{64}$/.test(id)
