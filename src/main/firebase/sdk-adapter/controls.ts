import { collection, doc, getDocsFromServer, runTransaction, serverTimestamp, type Firestore } from 'firebase/firestore'
import { guarded } from '../firebase-errors'
import { FirebasePortError, type ControlEntry, type ControlList, type DocsPort } from '../ports'

const lists: ControlList[] = ['blocked', 'muted']
const isKey = (key: unknown): key is string => typeof key === 'string' && /^[0-9a-f]{64}$/.test(key)

/**
 * users/{uid}/blocked and users/{uid}/muted (docs/decisions/025-block-and-mute.md): whom a member
 * blocked or muted, by the hash of their email the shipped rules compute, readable and writable
 * by that member alone. An entry carries the person's uid when the registry knew it (decision 048).
 */
export function createControlsPort(db: Firestore): Pick<DocsPort, 'controls' | 'setControl'> {
  const listOf = (uid: string, list: ControlList) => {
    if (!uid || uid.includes('/')) throw new FirebasePortError('not-found', 'not a uid')
    return collection(db, 'users', uid, list)
  }
  return {
    controls: (uid) =>
      guarded('firestore', async () => {
        const found: ControlEntry[] = []
        for (const list of lists) {
          for (const snapshot of (await getDocsFromServer(listOf(uid, list))).docs) {
            if (!isKey(snapshot.id)) continue
            const nickname: unknown = snapshot.get('nickname')
            const profileImg: unknown = snapshot.get('profileImg')
            const personUid: unknown = snapshot.get('uid')
            found.push({
              list,
              key: snapshot.id,
              nickname: typeof nickname === 'string' ? nickname : '',
              profileImg: typeof profileImg === 'string' ? profileImg : '',
              uid: typeof personUid === 'string' && personUid.length > 0 && personUid.length <= 128 ? personUid : null
            })
          }
        }
        return found
      }),
    setControl: (uid, list, key, entry) =>
      guarded('firestore', async () => {
        if (!isKey(key)) throw new FirebasePortError('unknown', 'not a person key')
        const ref = doc(listOf(uid, list), key)
        // A transaction, as every write of the adapter: it reaches the server now or fails (never queued offline).
        await runTransaction(
          db,
          async (transaction) => {
            if (entry) transaction.set(ref, { nickname: entry.nickname, profileImg: entry.profileImg, ...(entry.uid ? { uid: entry.uid } : {}), at: serverTimestamp() })
            else transaction.delete(ref)
          },
          { maxAttempts: 3 }
        )
      })
  }
}
