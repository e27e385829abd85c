import { collection, doc, getDocsFromServer, limit, orderBy, query, runTransaction, serverTimestamp, Timestamp, type DocumentData, type Firestore } from 'firebase/firestore'
import { wellFormedText } from '@shared/well-formed'
import { guarded } from '../firebase-errors'
import { FirebasePortError } from '../ports'
import { isInvitationHash, type InvitationDoc, type InvitationsPort } from '../invitations-port'

const MAX_LIST = 500

function requireHash(hash: string): string {
  if (!isInvitationHash(hash)) throw new FirebasePortError('not-found', 'not an invitation hash')
  return hash
}

const millis = (value: unknown): number | null => (value instanceof Timestamp ? Math.floor(value.toMillis()) : null)
const count = (value: unknown): number | null => (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null)

/** A stored invitation as the port shapes it; null when it is not one Magpie (or the rules) could have made. */
function invitationOf(data: DocumentData | undefined): InvitationDoc | null {
  if (!data) return null
  const at = millis(data.at)
  const expiresAt = millis(data.expiresAt)
  const maxUses = count(data.maxUses)
  const uses = count(data.uses)
  if (at === null || expiresAt === null || maxUses === null || uses === null || typeof data.revoked !== 'boolean') return null
  const note = typeof data.note === 'string' ? wellFormedText(data.note) : ''
  return { createdBy: typeof data.createdBy === 'string' ? data.createdBy : '', at, expiresAt, maxUses, uses, revoked: data.revoked, note }
}

/**
 * invitations/{hash} and the redeemer's members/{uid} (docs/decisions/047-invitation-codes.md).
 * Writes are transactions, as everywhere in the adapter: they reach the server now or fail.
 */
export function createInvitationsPort(db: Firestore): InvitationsPort {
  const invitations = collection(db, 'invitations')
  return {
    create: (hash, invitation) =>
      guarded('firestore', () =>
        runTransaction(db, async (transaction) => {
          const fields: DocumentData = {
            createdBy: invitation.createdBy,
            at: serverTimestamp(),
            expiresAt: Timestamp.fromMillis(invitation.expiresAt),
            maxUses: invitation.maxUses,
            uses: 0,
            revoked: false
          }
          if (invitation.note !== '') fields.note = invitation.note
          transaction.set(doc(invitations, requireHash(hash)), fields)
        })
      ),
    list: (n) =>
      guarded('firestore', async () => {
        const found = await getDocsFromServer(query(invitations, orderBy('at', 'desc'), limit(Math.min(Math.max(1, Math.floor(n)), MAX_LIST))))
        return found.docs.flatMap((snapshot) => {
          const data = invitationOf(snapshot.data())
          return data && isInvitationHash(snapshot.id) ? [{ id: snapshot.id, data }] : []
        })
      }),
    revoke: (hash) =>
      guarded('firestore', () =>
        runTransaction(db, async (transaction) => {
          const ref = doc(invitations, requireHash(hash))
          const found = await transaction.get(ref)
          if (!found.exists()) return false
          if (found.get('revoked') !== true) transaction.update(ref, { revoked: true })
          return true
        })
      ),
    redeem: (hash, uid, decide) =>
      guarded('firestore', () => {
        if (!uid || uid.length > 128 || uid.includes('/')) throw new FirebasePortError('not-found', 'not a uid')
        const ref = doc(invitations, requireHash(hash))
        const member = doc(db, 'members', uid)
        // Another redeemer between the read and the write makes Firestore run this again with fresh reads.
        return runTransaction(db, async (transaction) => {
          const found = await transaction.get(ref)
          const already = (await transaction.get(member)).exists()
          const invitation = invitationOf(found.data())
          const decision = decide(invitation, already)
          if (decision === 'join' && invitation) {
            transaction.set(member, { uid, at: serverTimestamp(), via: 'invitation', invitation: hash })
            transaction.update(ref, { uses: invitation.uses + 1 })
          }
          return decision
        })
      })
  }
}
