import { FirebasePortError, type FirebaseUser } from '../../../src/main/firebase/ports'
import { isInvitationHash, type InvitationDoc, type InvitationsPort } from '../../../src/main/firebase/invitations-port'

const day = 24 * 60 * 60 * 1000

/** members/{uid} as the rules let an invitation write it (docs/decisions/047-invitation-codes.md). */
export interface FakeMember {
  uid: string
  at: number
  via: 'import' | 'approval' | 'invitation'
  invitation?: string
}

/**
 * The fake project's invitations/{hash} and members/{uid}, with what firebase/firestore.rules
 * allow: moderators (the claim) make, list and revoke; anyone signed in reads one by its hash;
 * a redeemer writes their own membership and uses + 1 together, only while the invitation is
 * open by the server's clock and only if they are not a member yet.
 */
export function createFakeInvitations(now: () => number, isModerator: (user: FirebaseUser | null) => boolean) {
  const invitations = new Map<string, InvitationDoc>()
  const members = new Map<string, FakeMember>()
  const denied = (): never => {
    throw new FirebasePortError('permission-denied')
  }
  const open = (doc: InvitationDoc) => !doc.revoked && now() < doc.expiresAt && doc.uses < doc.maxUses

  function port(user: () => FirebaseUser | null, gate: (operation: string) => void, rules: boolean): InvitationsPort {
    const moderatorOnly = () => {
      if (rules && !isModerator(user())) denied()
    }
    return {
      async create(hash, invitation) {
        gate('invitations.create')
        moderatorOnly()
        const me = user()
        if (rules) {
          const fine =
            isInvitationHash(hash) &&
            invitation.createdBy === me?.uid &&
            invitation.expiresAt > now() &&
            invitation.expiresAt <= now() + 31 * day &&
            Number.isInteger(invitation.maxUses) &&
            invitation.maxUses >= 1 &&
            invitation.maxUses <= 100 &&
            invitation.note.length <= 100
          if (!fine || invitations.has(hash)) denied()
        }
        invitations.set(hash, { ...invitation, at: now(), uses: 0, revoked: false })
      },
      async list(n) {
        gate('invitations.list')
        moderatorOnly()
        return [...invitations]
          .sort(([, a], [, b]) => b.at - a.at)
          .slice(0, n)
          .map(([id, data]) => ({ id, data: { ...data } }))
      },
      async revoke(hash) {
        gate('invitations.revoke')
        moderatorOnly()
        const found = invitations.get(hash)
        if (!found) return false
        found.revoked = true
        return true
      },
      async redeem(hash, uid, decide) {
        gate('invitations.redeem')
        const me = user()
        if (rules && (!me || !isInvitationHash(hash))) denied()
        if (rules && me?.uid !== uid) denied()
        const found = invitations.get(hash) ?? null
        const decision = decide(found ? { ...found } : null, members.has(uid))
        if (decision !== 'join' || !found) return decision
        if (rules && (members.has(uid) || !open(found))) denied()
        members.set(uid, { uid, at: now(), via: 'invitation', invitation: hash })
        found.uses++
        return decision
      }
    }
  }

  return {
    port,
    /** As the server holds them, for assertions and set-up (what the console or the Admin SDK writes). */
    data: {
      invitations: () => Object.fromEntries([...invitations].map(([id, doc]) => [id, { ...doc }])),
      members: () => Object.fromEntries([...members].map(([id, doc]) => [id, { ...doc }])),
      setInvitation(hash: string, doc: InvitationDoc): void {
        invitations.set(hash, { ...doc })
      },
      setMember(member: FakeMember): void {
        members.set(member.uid, { ...member })
      }
    }
  }
}
