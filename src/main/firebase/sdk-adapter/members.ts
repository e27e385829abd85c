import {
  collection,
  doc,
  getDocFromServer,
  limit,
  onSnapshot,
  orderBy,
  query,
  runTransaction,
  serverTimestamp,
  Timestamp,
  type Transaction,
  type DocumentSnapshot,
  type Firestore
} from 'firebase/firestore'
import { guarded, toPortError } from '../firebase-errors'
import { FirebasePortError, type JoinRequestDoc, type MembersPort } from '../ports'

const isUid = (uid: unknown): uid is string => typeof uid === 'string' && uid.length > 0 && uid.length <= 128 && !uid.includes('/')

function requireUid(uid: string): string {
  if (!isUid(uid)) throw new FirebasePortError('not-found', 'not a uid')
  return uid
}

/** Another client's document is not trusted: fields of another type read as empty, a missing time as 0. */
function readRequest(snapshot: DocumentSnapshot): JoinRequestDoc {
  const text = (key: string) => {
    const value: unknown = snapshot.get(key)
    return typeof value === 'string' ? value : ''
  }
  const at: unknown = snapshot.get('at')
  return { uid: snapshot.id, nickname: text('nickname'), message: text('message'), at: at instanceof Timestamp ? Math.floor(at.toMillis()) : 0 }
}

/** members/{uid}, joinRequests/{uid} and settings/community.access (docs/decisions/045-members-only.md). */
export function createMembersPort(db: Firestore): MembersPort {
  const members = collection(db, 'members')
  const requests = collection(db, 'joinRequests')
  /** As every write of the adapter (index.ts): a transaction reaches the server now or fails, never queued offline. */
  const write = (work: (transaction: Transaction) => void): Promise<void> =>
    guarded('firestore', () => runTransaction(db, async (transaction) => void work(transaction), { maxAttempts: 3 }))
  return {
    access: () =>
      guarded('firestore', async () => ((await getDocFromServer(doc(db, 'settings', 'community'))).get('access') === 'members-only' ? 'members-only' : 'open')),
    watchMember(uid, onMember, onError) {
      if (!isUid(uid)) {
        queueMicrotask(() => onError(new FirebasePortError('not-found', 'not a uid')))
        return () => {}
      }
      return onSnapshot(
        doc(members, uid),
        { includeMetadataChanges: true },
        (snapshot) => {
          if (!snapshot.metadata.fromCache && !snapshot.metadata.hasPendingWrites) onMember(snapshot.exists())
        },
        (error) => onError(toPortError('firestore', error))
      )
    },
    joinRequest: (uid) =>
      guarded('firestore', async () => {
        const snapshot = await getDocFromServer(doc(requests, requireUid(uid)))
        return snapshot.exists() ? readRequest(snapshot) : null
      }),
    requestToJoin: (uid, request) =>
      write((transaction) =>
        transaction.set(doc(requests, requireUid(uid)), { nickname: request.nickname, ...(request.message ? { message: request.message } : {}), at: serverTimestamp() })
      ),
    deleteJoinRequest: (uid) => write((transaction) => void transaction.delete(doc(requests, requireUid(uid)))),
    watchJoinRequests(n, onDocs, onError) {
      return onSnapshot(
        query(requests, orderBy('at', 'asc'), limit(Math.min(Math.max(1, Math.floor(n)), 500))),
        { includeMetadataChanges: true },
        (snapshot) => {
          if (!snapshot.metadata.fromCache && !snapshot.metadata.hasPendingWrites) onDocs(snapshot.docs.map(readRequest))
        },
        (error) => onError(toPortError('firestore', error))
      )
    },
    // One commit: the rules' exists() of the request sees it as it was before.
    approve: (uid, by) =>
      write((transaction) => {
        transaction.set(doc(members, requireUid(uid)), { uid, at: serverTimestamp(), via: 'approval', by })
        transaction.delete(doc(requests, uid))
      })
  }
}
