import {
  doc,
  documentId,
  getDocFromServer,
  limit,
  orderBy,
  query,
  runTransaction,
  serverTimestamp,
  Timestamp,
  where,
  type CollectionReference,
  type DocumentSnapshot,
  type Firestore,
  type Query
} from 'firebase/firestore'
import { guarded } from '../firebase-errors'
import { FirebasePortError, type DocsPort, type PostDoc, type ProfileDoc, type Snapshot } from '../ports'

interface Tools {
  posts: CollectionReference
  isDocId(id: unknown): id is string
  fetchDocs(q: Query): Promise<DocumentSnapshot[]>
  countOf(q: Query): Promise<number>
  readPost(snapshot: DocumentSnapshot): Snapshot<PostDoc>
}

/** The most posts one page of a person's posts asks for. */
const PERSON_PAGE_MAX = 100

function readProfile(snapshot: DocumentSnapshot): ProfileDoc | null {
  if (!snapshot.exists()) return null
  const { nickname, photo, joined } = snapshot.data() as Record<string, unknown>
  return {
    nickname: typeof nickname === 'string' ? nickname : '',
    photo: typeof photo === 'string' ? photo : '',
    joined: joined instanceof Timestamp ? Math.floor(joined.toMillis()) : 0
  }
}

/** profiles/{uid} and one person's posts (docs/decisions/028-profiles.md). */
export function createProfilesPort(
  db: Firestore,
  profiles: CollectionReference,
  { posts, isDocId, fetchDocs, countOf, readPost }: Tools
): Pick<DocsPort, 'getProfile' | 'setProfile' | 'deleteProfile' | 'postsBy' | 'countPostsBy'> {
  const requireUid = (uid: string): string => {
    if (!isDocId(uid)) throw new FirebasePortError('not-found', 'not a uid')
    return uid
  }
  return {
    getProfile: (uid) => guarded('firestore', async () => readProfile(await getDocFromServer(doc(profiles, requireUid(uid))))),

    // joined is written once, as the server's time; the rules refuse any other joined and any change of it.
    setProfile: (uid, face) =>
      guarded('firestore', () =>
        runTransaction(db, async (transaction) => {
          const ref = doc(profiles, requireUid(uid))
          const existing = await transaction.get(ref)
          if (existing.exists()) transaction.update(ref, { nickname: face.nickname, photo: face.photo })
          else transaction.set(ref, { nickname: face.nickname, photo: face.photo, joined: serverTimestamp() })
        })
      ),

    deleteProfile: (uid) => guarded('firestore', () => runTransaction(db, async (transaction) => void transaction.delete(doc(profiles, requireUid(uid))))),

    // A cursor's own millisecond is not read again: one person does not post twice in a millisecond.
    async postsBy(uid, after, requested) {
      if (!isDocId(uid)) return []
      const n = Math.min(Math.max(1, Math.floor(requested)), PERSON_PAGE_MAX)
      const below = after ? where('createdAt', '<', Timestamp.fromMillis(after.createdAt)) : where('createdAt', '>=', new Timestamp(0, 0))
      const q = query(posts, where('posted_uid', '==', uid), below, orderBy('createdAt', 'desc'), orderBy(documentId(), 'desc'), limit(n))
      return (await fetchDocs(q)).map(readPost)
    },

    countPostsBy: async (uid) => (isDocId(uid) ? countOf(query(posts, where('posted_uid', '==', uid))) : 0)
  }
}
