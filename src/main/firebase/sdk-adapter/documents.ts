import {
  arrayRemove,
  arrayUnion,
  collection,
  doc,
  documentId,
  getCountFromServer,
  getDocFromServer,
  getDocsFromServer,
  limit,
  onSnapshot,
  orderBy,
  query,
  runTransaction,
  serverTimestamp,
  startAfter,
  Timestamp,
  where,
  type DocumentData,
  type DocumentReference,
  type DocumentSnapshot,
  type Firestore,
  type FirestoreError,
  type Query,
  type QuerySnapshot,
  type SnapshotMetadata,
  type QueryConstraint,
  type Transaction
} from 'firebase/firestore'
import { guarded, toPortError } from '../firebase-errors'
import { FirebasePortError, watchInMax, ownDocsMax, type CommentDoc, type DocsPort, type PostDoc, type PostsCursor, type Snapshot, type Unsubscribe, type UserDoc } from '../ports'
import type { FirestoreSignal } from './connectivity'
import { defined, safely, withTimeout } from './helpers'
import { createStampedQueries } from './stamped'
import { createNamesPort } from './names'
import { createEmailsPort } from './emails'
import { createControlsPort } from './controls'
import { createProfilesPort } from './profiles'
import { createModerationPort } from './moderation'
import { createSettingsPort } from './settings'

/** Transaction attempts for one write (the SDK backs off between them). */
const WRITE_ATTEMPTS = 3
/** Bounds the documents one call may ask for. */
const MAX_PAGE = 500
/** Documents one legacy-scan query reads at most. */
export const SCAN_CHUNK = 200
/** More documents than this with the same createdAt millisecond are not expected (a batch is 500). */
const SAME_MILLISECOND_CAP = 1_000
/** Count queries one commentCounts call has in flight at once (a legacy scan asks for 200 posts). */
const COUNTS_IN_FLIGHT = 20
/**
 * An aggregation is a plain RPC that the SDK neither queues offline nor bounds: a connection
 * that drops silently would leave it waiting. Counts are never worth waiting longer for.
 */
const COUNT_TIMEOUT_MS = 20_000

const POSTS = 'magazinePost'
const COMMENTS = 'magazineComments'
const USERS = 'users'
const NICKNAMES = 'nicknames'
const PROFILES = 'profiles'

// ---------------------------------------------------------------- checks

function pageSize(n: number): number {
  if (!Number.isInteger(n) || n < 1) throw new FirebasePortError('unknown', `page size ${n} is not a positive integer`)
  return Math.min(n, MAX_PAGE)
}

/** A Firestore document id Magpie will use: one path segment, not reserved. */
function isDocId(id: unknown): id is string {
  return typeof id === 'string' && id.length > 0 && id.length <= 1500 && !id.includes('/') && id !== '.' && id !== '..' && !/^__.*__$/.test(id)
}

function requireDocId(id: string): string {
  if (!isDocId(id)) throw new FirebasePortError('not-found', 'not a document id')
  return id
}

/** Document ids compare as Firestore and SQLite compare them: by their UTF-8 bytes. */
const compareIds = (a: string, b: string): number => Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'))

// ---------------------------------------------------------------- documents ⇄ port shapes

/** The feed's time of a document: whole milliseconds of its server timestamp; null when it has none. */
function millisOf(snapshot: DocumentSnapshot): number | null {
  const value: unknown = snapshot.get('createdAt')
  return value instanceof Timestamp ? Math.floor(value.toMillis()) : null
}

/** A document's data with createdAt as milliseconds (other kinds of createdAt are not Magpie's: left out). */
function readDoc<T>(snapshot: DocumentSnapshot, numericCreatedAt: boolean): Snapshot<T> {
  const { createdAt, ...rest } = (snapshot.data() ?? {}) as DocumentData
  const data: DocumentData = rest
  if (createdAt instanceof Timestamp) data.createdAt = Math.floor(createdAt.toMillis())
  else if (numericCreatedAt && typeof createdAt === 'number') data.createdAt = createdAt
  return { id: snapshot.id, data: data as T }
}

const readPost = (snapshot: DocumentSnapshot): Snapshot<PostDoc> => readDoc<PostDoc>(snapshot, false)
const readComment = (snapshot: DocumentSnapshot): Snapshot<CommentDoc> => readDoc<CommentDoc>(snapshot, true)
const readUser = (snapshot: DocumentSnapshot): Snapshot<UserDoc> => readDoc<UserDoc>(snapshot, true)

/** What a Magpie document becomes in Firestore: createdAt, whatever the caller put there, is the server's time. */
function toFirestore(data: object): DocumentData {
  const out = defined(data)
  if ('createdAt' in out) out.createdAt = serverTimestamp()
  return out
}

/** The start of a whole millisecond as a Timestamp (exact for integer milliseconds). */
const atMillis = (ms: number): Timestamp => Timestamp.fromMillis(ms)

// ---------------------------------------------------------------- the port

export function createDocsPort(db: Firestore, signal: FirestoreSignal): DocsPort {
  const posts = collection(db, POSTS)
  const comments = collection(db, COMMENTS)
  const users = collection(db, USERS)

  /** A write that reaches the server now or fails (see index.ts). */
  const write = (work: (transaction: Transaction) => void): Promise<void> =>
    guarded('firestore', () =>
      runTransaction(
        db,
        async (transaction) => {
          work(transaction)
        },
        { maxAttempts: WRITE_ATTEMPTS }
      )
    )

  const fetchDocs = (q: Query) => guarded('firestore', async () => (await getDocsFromServer(q)).docs)

  /**
   * A listener that reports only server-confirmed snapshots: offline, the SDK offers its cache,
   * which may be empty — not "no posts" nor "post deleted". Every snapshot tells connectivity
   * whether Firestore is live.
   */
  function track<S extends { metadata: SnapshotMetadata }>(
    start: (next: (snapshot: S) => void, error: (error: FirestoreError) => void) => Unsubscribe,
    deliver: (snapshot: S) => void,
    onError: (error: FirebasePortError) => void
  ): Unsubscribe {
    const listener = Symbol('listener')
    const fail = safely('documents error', onError)
    const stop = start(
      (snapshot) => {
        signal.report(listener, !snapshot.metadata.fromCache)
        if (snapshot.metadata.fromCache || snapshot.metadata.hasPendingWrites) return
        deliver(snapshot)
      },
      (error) => {
        signal.report(listener, null)
        fail(toPortError('firestore', error))
      }
    )
    return () => {
      stop()
      signal.report(listener, null)
    }
  }

  function watch<T>(q: Query, read: (snapshot: DocumentSnapshot) => T, onData: (docs: T[]) => void, onError: (error: FirebasePortError) => void): Unsubscribe {
    const deliver = safely('documents', onData)
    return track<QuerySnapshot>((next, error) => onSnapshot(q, { includeMetadataChanges: true }, next, error), (snapshot) => deliver(snapshot.docs.map(read)), onError)
  }

  /**
   * Posts with createdAt, newest first; only Timestamps match a Timestamp range, so nothing else
   * sneaks in. Firestore appends `__name__` in the direction of the last orderBy anyway, so this
   * is the automatic single-field index on createdAt: firebase/firestore.indexes.json needs no
   * composite index (Firestore refuses to create one that a single-field index already serves).
   */
  const feedQuery = (before: Timestamp | null, n: number): Query =>
    query(
      posts,
      before ? where('createdAt', '<', before) : where('createdAt', '>=', new Timestamp(0, 0)),
      orderBy('createdAt', 'desc'),
      orderBy(documentId(), 'desc'),
      limit(n)
    )

  /** Every post whose createdAt falls in millisecond `ms`, by id, newest-first order (id desc). */
  async function sameMillisecond(ms: number): Promise<DocumentSnapshot[]> {
    const docs = await fetchDocs(query(posts, where('createdAt', '>=', atMillis(ms)), where('createdAt', '<', atMillis(ms + 1)), limit(SAME_MILLISECOND_CAP)))
    return [...docs].sort((a, b) => compareIds(b.id, a.id))
  }

  /** The port's order: createdAt (whole ms) desc, then id desc. */
  const feedOrder = (a: DocumentSnapshot, b: DocumentSnapshot): number => (millisOf(b) ?? 0) - (millisOf(a) ?? 0) || compareIds(b.id, a.id)

  /**
   * One page of the feed in (createdAt ms, id) order. Firestore orders by the exact server time
   * (microseconds), which agrees with that order except among posts of one millisecond; the
   * cursor knows only the millisecond. So the cursor's own millisecond is read separately (its
   * posts after the cursor's id come first), the rest of the page comes from one ordered query
   * for older posts, and when that page ends inside a millisecond that continues past it, that
   * millisecond's posts are taken in id order. Typically limit + 2 document reads.
   */
  async function postsPage(after: PostsCursor | null, requested: number): Promise<Snapshot<PostDoc>[]> {
    const n = pageSize(requested)
    const head: DocumentSnapshot[] = []
    if (after) {
      if (!Number.isSafeInteger(after.createdAt) || after.createdAt < 0 || typeof after.id !== 'string') {
        throw new FirebasePortError('unknown', 'not a feed cursor')
      }
      head.push(...(await sameMillisecond(after.createdAt)).filter((d) => compareIds(d.id, after.id) < 0))
      if (head.length >= n) return head.slice(0, n).map(readPost)
    }
    const rest = n - head.length
    let docs: DocumentSnapshot[] = await fetchDocs(feedQuery(after ? atMillis(after.createdAt) : null, rest + 1))
    if (docs.length > rest) {
      const boundary = millisOf(docs[rest - 1]!)
      const next = millisOf(docs[rest]!)
      docs = docs.slice(0, rest)
      if (boundary !== null && boundary === next) {
        const inPage = docs.filter((d) => millisOf(d) === boundary).length
        const group = await sameMillisecond(boundary)
        docs = [...docs.filter((d) => millisOf(d) !== boundary), ...group.slice(0, inPage)]
      }
    }
    return [...head, ...docs.sort(feedOrder)].map(readPost)
  }

  /**
   * The first `limit` posts without a server createdAt after `afterId` in id order. Firestore
   * cannot query for a missing field, so this reads every post in id order, a chunk at a time,
   * until it has found enough (decision 008: rare, and the price of the web app's data).
   */
  async function legacyPostsScan(afterId: string | null, requested: number): Promise<Snapshot<PostDoc>[]> {
    const n = pageSize(requested)
    const chunk = Math.max(n, SCAN_CHUNK)
    const found: Snapshot<PostDoc>[] = []
    let cursor = afterId === null ? null : requireDocId(afterId)
    for (;;) {
      const constraints: QueryConstraint[] = [orderBy(documentId())]
      if (cursor !== null) constraints.push(startAfter(cursor))
      constraints.push(limit(chunk))
      const docs = await fetchDocs(query(posts, ...constraints))
      for (const d of docs) {
        if (millisOf(d) !== null) continue
        found.push(readPost(d))
        if (found.length === n) return found
      }
      if (docs.length < chunk) return found
      cursor = docs[docs.length - 1]!.id
    }
  }

  async function getOne<T>(collectionName: string, id: string, read: (snapshot: DocumentSnapshot) => T): Promise<T | null> {
    if (!isDocId(id)) return null
    const snapshot = await guarded('firestore', () => getDocFromServer(doc(db, collectionName, id)))
    return snapshot.exists() ? read(snapshot) : null
  }

  /**
   * A commit whose answer was lost may have landed, and the transaction's retry of it is then
   * refused (the new document exists, so the rules see an update; or the deleted one is gone):
   * the server's copy says whether the write happened, so a retry by the user cannot double it.
   */
  async function unlessLanded(work: Promise<void>, landed: (snapshot: DocumentSnapshot) => boolean, ref: DocumentReference<DocumentData>): Promise<void> {
    try {
      await work
    } catch (error) {
      const snapshot = await getDocFromServer(ref).catch(() => null)
      if (!snapshot || !landed(snapshot)) throw error
    }
  }

  async function addTo(collectionName: string, data: object): Promise<string> {
    const ref = doc(collection(db, collectionName))
    await unlessLanded(
      write((transaction) => transaction.set(ref, toFirestore(data))),
      (snapshot) => snapshot.exists(),
      ref
    )
    return ref.id
  }

  const deleteDoc = (ref: DocumentReference<DocumentData>): Promise<void> =>
    unlessLanded(
      write((transaction) => transaction.delete(ref)),
      (snapshot) => !snapshot.exists(),
      ref
    )

  /** Document ids for an `in` filter: no duplicates, no strings that are not ids, at most watchInMax. */
  const inLimit = (ids: string[]): string[] => {
    const asked = [...new Set(ids)].filter(isDocId)
    if (asked.length > watchInMax) throw new FirebasePortError('unknown', `at most ${watchInMax} ids in one listener`)
    return asked
  }

  const commentsQuery = (postId: string): Query => query(comments, where('post_id', '==', postId))

  /** A count aggregation, given up on as offline after COUNT_TIMEOUT_MS. */
  const countOf = async (counted: Query): Promise<number> =>
    (
      await guarded('firestore', () =>
        withTimeout(getCountFromServer(counted), COUNT_TIMEOUT_MS, () => new FirebasePortError('offline', 'firestore: count not answered'))
      )
    ).data().count

  return {
    postsPage,
    watchPostsTop(requested, onDocs, onError) {
      return watch(feedQuery(null, pageSize(requested)), readPost, onDocs, onError)
    },
    legacyPostsScan,
    ...createStampedQueries({ posts, comments, isDocId, fetchDocs, countOf, watch, readPost, readComment }),
    ...createNamesPort(db, collection(db, NICKNAMES)),
    ...createEmailsPort(db),
    ...createControlsPort(db),
    ...createModerationPort(db, watch),
    ...createProfilesPort(db, collection(db, PROFILES), { posts, isDocId, fetchDocs, countOf, readPost }),
    ...createSettingsPort(db),
    getPost: (id) => getOne(POSTS, id, readPost),
    watchPost(id, onDoc, onError) {
      if (!isDocId(id)) {
        queueMicrotask(() => safely('post', onDoc)(null))
        return () => {}
      }
      const deliver = safely('post', onDoc)
      const ref = doc(posts, id)
      return track<DocumentSnapshot>(
        (next, error) => onSnapshot(ref, { includeMetadataChanges: true }, next, error),
        (snapshot) => deliver(snapshot.exists() ? readPost(snapshot) : null),
        onError
      )
    },
    addPost: (data) => addTo(POSTS, data),
    async updatePost(id, patch) {
      const ref = doc(posts, requireDocId(id))
      // An edit's createdAt is the post's own time (a web-app post joining the ordered feed), not now.
      const { createdAt, ...rest } = patch
      const data = toFirestore(rest)
      if (createdAt !== undefined) data.createdAt = atMillis(createdAt)
      if (Object.keys(data).length === 0) return
      await write((transaction) => transaction.update(ref, data))
    },
    deletePost: async (id) => deleteDoc(doc(posts, requireDocId(id))),
    async setLiked(postId, email, liked) {
      const ref = doc(posts, requireDocId(postId))
      await write((transaction) => transaction.update(ref, { likedBy: liked ? arrayUnion(email) : arrayRemove(email) }))
    },
    async commentsOf(postId) {
      if (!isDocId(postId)) return []
      return (await fetchDocs(commentsQuery(postId))).map(readComment)
    },
    watchComments(postId, onDocs, onError) {
      if (!isDocId(postId)) {
        queueMicrotask(() => safely('comments', onDocs)([]))
        return () => {}
      }
      return watch(commentsQuery(postId), readComment, onDocs, onError)
    },
    watchPosts(ids, onDocs, onError) {
      const asked = inLimit(ids)
      if (asked.length === 0) {
        queueMicrotask(() => safely('posts', onDocs)([]))
        return () => {}
      }
      return watch(query(posts, where(documentId(), 'in', asked)), readPost, onDocs, onError)
    },
    async commentCounts(postIds) {
      const ids = [...new Set(postIds)]
      // A post id that is not a document id names no post, so no comment is on it (as commentsOf).
      const counts: Record<string, number> = Object.fromEntries(ids.filter((id) => !isDocId(id)).map((id) => [id, 0]))
      const asked = ids.filter(isDocId)
      for (let i = 0; i < asked.length; i += COUNTS_IN_FLIGHT) {
        const chunk = asked.slice(i, i + COUNTS_IN_FLIGHT)
        const found = await Promise.all(chunk.map((id) => countOf(commentsQuery(id))))
        chunk.forEach((id, n) => (counts[id] = found[n]!))
      }
      return counts
    },
    getComment: (id) => getOne(COMMENTS, id, readComment),
    async commentTimesByNickname(postId, nickname) {
      if (!isDocId(postId) || typeof nickname !== 'string' || nickname.length === 0 || nickname.length > 64) return []
      return (await fetchDocs(query(comments, where('post_id', '==', postId), where('comment_nick', '==', nickname), limit(20)))).map((snapshot) => String(readComment(snapshot).data.comment_time ?? ''))
    },
    addComment: (data) => addTo(COMMENTS, data),
    deleteComment: async (id) => deleteDoc(doc(comments, requireDocId(id))),
    // The person's own documents, at most ownDocsMax each: single-field filters, no composite index.
    allPostsBy: async (uid, n) => (await fetchDocs(query(posts, where('posted_uid', '==', uid), limit(Math.min(n, ownDocsMax))))).map(readPost),
    commentsBy: async (email, n) => (await fetchDocs(query(comments, where('comment_by', '==', email), limit(Math.min(n, ownDocsMax))))).map(readComment),
    postsLikedBy: async (email, n) => (await fetchDocs(query(posts, where('likedBy', 'array-contains', email), limit(Math.min(n, ownDocsMax))))).map(readPost),
    deleteUser: (docId) => write((transaction) => transaction.delete(doc(users, requireDocId(docId)))),
    async userByEmail(email) {
      const docs = await fetchDocs(query(users, where('user_id', '==', email), limit(1)))
      return docs[0] ? readUser(docs[0]) : null
    },
    async setUser(uid, data) {
      const ref = doc(users, requireDocId(uid))
      await write((transaction) => transaction.set(ref, defined(data)))
    }
  }
}
