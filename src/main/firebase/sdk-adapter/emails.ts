import { collection, doc, getDocFromServer, runTransaction, serverTimestamp, type Firestore } from 'firebase/firestore'
import { guarded } from '../firebase-errors'
import { FirebasePortError, type DocsPort } from '../ports'

const isKey = (key: unknown): key is string => typeof key === 'string' && /^[0-9a-f]{64}$/.test(key)

function requireKey(key: string): string {
  if (!isKey(key)) throw new FirebasePortError('unknown', 'not an email key')
  return key
}

function requireUid(uid: string): string {
  if (!uid || uid.length > 128 || uid.includes('/')) throw new FirebasePortError('not-found', 'not a uid')
  return uid
}

/**
 * emails/{key}: the uid an email belongs to for the life of the community (decision 043). The key
 * is the SHA-256 of the lower-cased email (the rules' emailKey()), so the documents hold no email.
 * And users/{owner}/blockedUids/{uid}: a block's uid, beside the email's entry.
 */
export function createEmailsPort(db: Firestore): Pick<DocsPort, 'emailHolder' | 'claimEmail' | 'setBlockedUid'> {
  const emails = collection(db, 'emails')
  const holderOf = (value: unknown): string | null => (typeof value === 'string' && value.length > 0 ? value : null)
  return {
    emailHolder: (key) => guarded('firestore', async () => holderOf((await getDocFromServer(doc(emails, requireKey(key)))).get('uid'))),
    claimEmail: (key, uid) =>
      guarded('firestore', () =>
        runTransaction(db, async (transaction) => {
          const ref = doc(emails, requireKey(key))
          const held = holderOf((await transaction.get(ref)).get('uid'))
          if (held !== null) return held
          transaction.set(ref, { uid, at: serverTimestamp() })
          return uid
        })
      ),
    setBlockedUid: (owner, blockedUid, key) =>
      guarded('firestore', async () => {
        const ref = doc(db, 'users', requireUid(owner), 'blockedUids', requireUid(blockedUid))
        // A transaction, as every write of the adapter: it reaches the server now or fails (never queued offline).
        await runTransaction(
          db,
          async (transaction) => {
            const there = (await transaction.get(ref)).exists()
            if (key !== null && !there) transaction.set(ref, { key: requireKey(key), at: serverTimestamp() })
            else if (key === null && there) transaction.delete(ref)
          },
          { maxAttempts: 3 }
        )
      })
  }
}
