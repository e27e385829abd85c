import { collection, doc, getDocsFromServer, orderBy, query, runTransaction, serverTimestamp, Timestamp, type Firestore } from 'firebase/firestore'
import { guarded } from '../firebase-errors'
import { FirebasePortError } from '../ports'
import { isSavedPostId, type SavedPort } from '../saved-port'

/** users/{uid}/saved (docs/decisions/038-bookmarks.md): the posts a member saved, theirs alone. */
export function createSavedPort(db: Firestore): SavedPort {
  const savedOf = (uid: string) => {
    if (!uid || uid.includes('/')) throw new FirebasePortError('not-found', 'not a uid')
    return collection(db, 'users', uid, 'saved')
  }
  return {
    list: (uid) =>
      guarded('firestore', async () => {
        const found: { postId: string; at: number }[] = []
        for (const snapshot of (await getDocsFromServer(query(savedOf(uid), orderBy('at', 'desc')))).docs) {
          const at: unknown = snapshot.get('at')
          // Another client's document is not trusted: an id no post has, or no time, is skipped.
          if (isSavedPostId(snapshot.id) && at instanceof Timestamp) found.push({ postId: snapshot.id, at: Math.floor(at.toMillis()) })
        }
        return found
      }),
    set: (uid, postId, saved) =>
      guarded('firestore', async () => {
        if (!isSavedPostId(postId)) throw new FirebasePortError('not-found', 'not a post id')
        const ref = doc(savedOf(uid), postId)
        // A transaction, as every write of the adapter: it reaches the server now or fails (never queued offline).
        await runTransaction(
          db,
          async (transaction) => {
            const existing = await transaction.get(ref)
            if (saved && !existing.exists()) transaction.set(ref, { at: serverTimestamp() })
            else if (!saved && existing.exists()) transaction.delete(ref)
          },
          { maxAttempts: 3 }
        )
      })
  }
}
