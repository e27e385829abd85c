import { doc, getDocFromServer, runTransaction, serverTimestamp, type CollectionReference, type Firestore } from 'firebase/firestore'
import { guarded } from '../firebase-errors'
import { FirebasePortError, type DocsPort } from '../ports'

const isKey = (key: unknown): key is string => typeof key === 'string' && /^[0-9a-f]{64}$/.test(key)

function requireKey(key: string): string {
  if (!isKey(key)) throw new FirebasePortError('unknown', 'not a nickname key')
  return key
}

/**
 * nicknames/{key}: which uid holds a name (and every look-alike of it) in this community. The
 * key is a hash of the name's look-alike key, so the documents hold no name and no email.
 */
export function createNamesPort(db: Firestore, names: CollectionReference): Pick<DocsPort, 'nicknameHolder' | 'claimNickname' | 'releaseNickname'> {
  return {
    nicknameHolder: (key) =>
      guarded('firestore', async () => {
        const snapshot = await getDocFromServer(doc(names, requireKey(key)))
        const uid: unknown = snapshot.get('uid')
        return typeof uid === 'string' ? uid : null
      }),
    claimNickname: (key, uid) =>
      guarded('firestore', () =>
        runTransaction(db, async (transaction) => {
          const ref = doc(names, requireKey(key))
          const held: unknown = (await transaction.get(ref)).get('uid')
          if (typeof held === 'string') return held === uid
          transaction.set(ref, { uid, at: serverTimestamp() })
          return true
        })
      ),
    releaseNickname: (key, uid) =>
      guarded('firestore', () =>
        runTransaction(db, async (transaction) => {
          const ref = doc(names, requireKey(key))
          if ((await transaction.get(ref)).get('uid') === uid) transaction.delete(ref)
        })
      )
  }
}
