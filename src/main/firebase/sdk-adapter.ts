import { randomUUID } from 'node:crypto'
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app'
import {
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  getIdToken,
  initializeAuth,
  inMemoryPersistence,
  signInWithEmailAndPassword,
  signOut,
  updateCurrentUser,
  type Auth,
  type Persistence,
  type User
} from 'firebase/auth'
import {
  connectDatabaseEmulator,
  getDatabase,
  onValue,
  push as pushChild,
  ref as databaseRef,
  remove as removeValue,
  set as setValue,
  type Database
} from 'firebase/database'
import {
  arrayRemove,
  arrayUnion,
  collection,
  connectFirestoreEmulator,
  doc,
  documentId,
  getCountFromServer,
  getDocFromServer,
  getDocsFromServer,
  initializeFirestore,
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
import { connectStorageEmulator, deleteObject, getDownloadURL, getStorage, ref as storageRef, uploadBytesResumable } from 'firebase/storage'
import { guarded, toPortError } from './firebase-errors'
import {
  FirebasePortError,
  type AlertEntry,
  type AlertsPort,
  type AuthPort,
  type CommentDoc,
  type ConnectFirebase,
  type ConnectivityPort,
  type DocsPort,
  type EmulatorHosts,
  type FilesPort,
  type FirebasePorts,
  type FirebaseUser,
  type FirebaseWebConfig,
  type PostDoc,
  type PostsCursor,
  type Snapshot,
  type Unsubscribe,
  type UserDoc
} from './ports'

/**
 * The real Firebase behind the ports (docs/decisions/008-community-mode.md): the only module
 * that imports the `firebase` SDK. Every connectFirebase call is one named FirebaseApp, so two
 * projects (or a project and a probe) never share SDK state; close() deletes it.
 *
 * Choices the ports leave to the adapter:
 * - Sign-in survives restarts through exportCredential/restore: the exported credential is the
 *   SDK's own persisted form of the user (User.toJSON(): uid, email, refresh and access token —
 *   never the password), and restore hands it back to the SDK the way a browser's stored
 *   session is (see restore below), so the SDK itself verifies it against the project.
 * - createdAt is written as the server's time (serverTimestamp(); the shipped rules accept no
 *   other) and read back as whole milliseconds. The feed's order is (createdAt ms desc, id desc);
 *   postsPage makes its page boundaries exact in that order although Firestore keeps microseconds.
 * - Writes go through transactions, which need the server: offline, a write fails with 'offline'
 *   at once instead of waiting in the SDK's queue and landing minutes later after the user was
 *   told it failed. Reads ask the server too (getDocsFromServer), so an offline read never
 *   passes an empty cache off as "no posts". Listeners report only server-confirmed snapshots.
 * - Connectivity is the Realtime Database's `.info/connected`, or-ed with "a Firestore listener
 *   currently has server data", so a project whose Realtime Database cannot be reached still
 *   shows as online while its feed is live.
 */

/** How long an RTDB write may wait for the connection to come up before it fails as offline. */
const CONNECT_WAIT_MS = 5_000
/** How long an RTDB write may wait for the server's acknowledgement. */
const DATABASE_WRITE_TIMEOUT_MS = 20_000
/** Transaction attempts for one write (the SDK backs off between them). */
const WRITE_ATTEMPTS = 3
/** Storage retries: the SDK's defaults (10 minutes for uploads) would leave a spinner up for that long. */
const UPLOAD_RETRY_MS = 60_000
const OPERATION_RETRY_MS = 30_000
const DOWNLOAD_TIMEOUT_MS = 60_000
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

// ---------------------------------------------------------------- hosts

/** "host:port" (IPv6 in brackets) → the host as the SDKs want it in URLs (IPv6 keeps its brackets) and the port. */
export function parseHostPort(value: string): { host: string; port: number } {
  const match = /^(\[[0-9a-fA-F:.]+\]|[^:[\]\s]+):(\d{1,5})$/.exec(value.trim())
  const port = Number(match?.[2])
  if (!match?.[1] || !Number.isInteger(port) || port < 1 || port > 65_535) {
    throw new FirebasePortError('invalid-config', `emulator host "${value}" is not host:port`)
  }
  return { host: match[1], port }
}

/** Points a fresh Auth at the Auth emulator (before its first request, as the SDK requires). */
export function useAuthEmulator(auth: Auth, emulators: EmulatorHosts | undefined): void {
  if (!emulators?.auth) return
  const { host, port } = parseHostPort(emulators.auth)
  connectAuthEmulator(auth, `http://${host}:${port}`, { disableWarnings: true })
}

/** A named app per use: Firebase keeps SDK state per app, and deleteApp ends all of it. */
export function newApp(config: FirebaseWebConfig, purpose: string): FirebaseApp {
  const { apiKey, authDomain, projectId, storageBucket, databaseURL, appId } = config
  return initializeApp({ apiKey, authDomain, projectId, storageBucket, databaseURL, appId }, `magpie-${purpose}-${randomUUID()}`)
}

// ---------------------------------------------------------------- small helpers

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

/** A Realtime Database path segment (a uid or a push key). */
function requireKey(key: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what RTDB keys may not hold
  if (typeof key !== 'string' || key.length === 0 || key.length > 768 || /[.#$[\]/\u0000-\u001f\u007f]/.test(key)) {
    throw new FirebasePortError('not-found', 'not a database key')
  }
  return key
}

/** Storage paths Magpie writes (docs/specification.md §3.3 and storage.rules). */
function requireImagePath(path: string): string {
  if (typeof path !== 'string' || !/^(postImg|profileImg)\/[0-9A-Za-z_-]{1,64}$/.test(path)) {
    throw new FirebasePortError('permission-denied', 'not an image path Magpie writes')
  }
  return path
}

/** Firestore refuses undefined values: the ports' optional fields are left out instead. */
function defined(data: object): DocumentData {
  return Object.fromEntries(Object.entries(data).filter(([, value]) => value !== undefined))
}

/** Document ids compare as Firestore and SQLite compare them: by their UTF-8 bytes. */
const compareIds = (a: string, b: string): number => Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'))

function withTimeout<T>(work: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(onTimeout()), ms)
  })
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer))
}

/** Callbacks belong to the services: their exceptions must not break an SDK listener. */
function safely<A extends unknown[]>(what: string, callback: (...args: A) => void): (...args: A) => void {
  return (...args) => {
    try {
      callback(...args)
    } catch (error) {
      console.error(`[firebase] ${what} listener failed`, error)
    }
  }
}

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

// ---------------------------------------------------------------- auth

/**
 * Restoring a session: a throwaway app whose Auth starts from a persistence holding the
 * exported user, exactly as a browser's Auth starts from its stored session. The SDK then
 * reloads that user from the project (refreshing the token if it expired) and drops it when the
 * account is gone, disabled or its tokens revoked. One Persistence class serves every restore
 * (the SDK keeps one instance per class for the life of the process); entries live only for
 * the duration of one restore.
 */
const pendingRestores = new Map<string, unknown>()

class RestorePersistence {
  static readonly type = 'NONE'
  readonly type = 'NONE'
  async _isAvailable(): Promise<boolean> {
    return true
  }
  async _set(key: string, value: unknown): Promise<void> {
    if (pendingRestores.has(key)) pendingRestores.set(key, value)
  }
  async _get(key: string): Promise<unknown> {
    return pendingRestores.get(key) ?? null
  }
  async _remove(key: string): Promise<void> {
    if (pendingRestores.has(key)) pendingRestores.set(key, null)
  }
  _addListener(): void {}
  _removeListener(): void {}
}

/** The exported credential: a version and the SDK's persisted user. */
interface StoredCredential {
  v: 1
  user: { uid: string } & Record<string, unknown>
}

function parseCredential(credential: string): StoredCredential | null {
  try {
    const parsed = JSON.parse(credential) as Partial<StoredCredential> | null
    if (parsed?.v !== 1 || typeof parsed.user !== 'object' || parsed.user === null) return null
    const { uid, stsTokenManager } = parsed.user as { uid?: unknown; stsTokenManager?: { refreshToken?: unknown } }
    if (typeof uid !== 'string' || typeof stsTokenManager?.refreshToken !== 'string') return null
    return parsed as StoredCredential
  } catch {
    return null
  }
}

const isNetworkFailure = (error: unknown): boolean => toPortError('auth', error).reason === 'offline'

const portUser = (user: User): FirebaseUser => ({ uid: user.uid, email: user.email ?? '' })

function createAuthPort(config: FirebaseWebConfig, emulators: EmulatorHosts | undefined, auth: Auth): AuthPort {
  /** Signs `auth` in as the stored user when the project still accepts it. */
  async function restoreUser(stored: StoredCredential): Promise<boolean> {
    const helper = newApp(config, 'restore')
    const key = `firebase:authUser:${config.apiKey}:${helper.name}`
    pendingRestores.set(key, stored.user)
    try {
      const helperAuth = initializeAuth(helper, { persistence: RestorePersistence as unknown as Persistence })
      useAuthEmulator(helperAuth, emulators)
      await helperAuth.authStateReady()
      const user = helperAuth.currentUser
      if (!user || user.uid !== stored.user.uid) return false
      // A fresh token proves the refresh token itself is still good (the reload may have used a
      // cached access token). Offline, keep the session: it is checked again when the SDK next refreshes.
      try {
        await getIdToken(user, true)
      } catch (error) {
        if (!isNetworkFailure(error)) return false
      }
      // The public way to move a user between two Auth instances of one project: a copy.
      await updateCurrentUser(auth, user)
      return true
    } finally {
      pendingRestores.delete(key)
      await deleteApp(helper).catch(() => {})
    }
  }

  return {
    signUp: (email, password) => guarded('auth', async () => portUser((await createUserWithEmailAndPassword(auth, email, password)).user)),
    signIn: (email, password) => guarded('auth', async () => portUser((await signInWithEmailAndPassword(auth, email, password)).user)),
    signOut: () => guarded('auth', () => signOut(auth)),
    current: () => (auth.currentUser ? portUser(auth.currentUser) : null),
    async exportCredential() {
      const user = auth.currentUser
      if (!user) return null
      const stored: StoredCredential = { v: 1, user: user.toJSON() as StoredCredential['user'] }
      return JSON.stringify(stored)
    },
    restore: (credential) =>
      guarded('auth', async () => {
        const stored = typeof credential === 'string' ? parseCredential(credential) : null
        // A session of another project (its key is in the persisted user) is not this one's.
        if (!stored || (stored.user.apiKey !== undefined && stored.user.apiKey !== config.apiKey)) return null
        if (!(await restoreUser(stored))) return null
        return auth.currentUser ? portUser(auth.currentUser) : null
      })
  }
}

// ---------------------------------------------------------------- documents

interface FirestoreSignal {
  /** Called by each listener with whether its latest snapshot came from the server; null when it ended. */
  report(listener: symbol, live: boolean | null): void
}

function createDocsPort(db: Firestore, signal: FirestoreSignal): DocsPort {
  const posts = collection(db, POSTS)
  const comments = collection(db, COMMENTS)
  const users = collection(db, USERS)

  /** A write that reaches the server now or fails (see the module comment). */
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
    async postsCount() {
      // A query ordered by a field holds only the documents that have it: the ones the feed query can return.
      const [all, ordered] = await Promise.all([countOf(query(posts)), countOf(query(posts, orderBy('createdAt')))])
      return { all, ordered }
    },
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
      const data = toFirestore(patch)
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
    addComment: (data) => addTo(COMMENTS, data),
    deleteComment: async (id) => deleteDoc(doc(comments, requireDocId(id))),
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

// ---------------------------------------------------------------- alerts and connectivity

interface DatabaseLink {
  /** The Realtime Database, created on first use; throws 'invalid-config' when databaseURL cannot be used. */
  database(): Database
  /** Resolves once connected (at most `ms`), rejects 'offline' otherwise. */
  whenConnected(ms: number): Promise<void>
}

function createAlertsPort(link: DatabaseLink): AlertsPort {
  const alertsPath = (uid: string): string => `users/${requireKey(uid)}/alerts`

  /**
   * RTDB writes wait in the SDK until acknowledged, across disconnects. Offline, fail at once;
   * connected, give up waiting after a while. A write given up on may still land later, which
   * for alerts (a push beside a like already saved, a removal the user asked for) is harmless.
   */
  const write = (work: (database: Database) => Promise<unknown>): Promise<void> =>
    guarded('database', async () => {
      const database = link.database()
      await link.whenConnected(CONNECT_WAIT_MS)
      await withTimeout(work(database), DATABASE_WRITE_TIMEOUT_MS, () => new FirebasePortError('offline', 'database: write not acknowledged'))
    })

  return {
    watch(uid, onAlerts, onError) {
      const deliver = safely('alerts', onAlerts)
      const fail = safely('alerts error', onError)
      let path: string
      let database: Database
      try {
        path = alertsPath(uid)
        database = link.database()
      } catch (error) {
        queueMicrotask(() => fail(toPortError('database', error)))
        return () => {}
      }
      return onValue(
        databaseRef(database, path),
        (snapshot) => deliver((snapshot.val() as Record<string, AlertEntry> | null) ?? null),
        (error) => fail(toPortError('database', error))
      )
    },
    async push(uid, alert) {
      const path = alertsPath(uid)
      let key = ''
      await write(async (database) => {
        const child = pushChild(databaseRef(database, path), defined(alert))
        key = child.key ?? ''
        await child
      })
      return key
    },
    async remove(uid, key) {
      const path = `${alertsPath(uid)}/${requireKey(key)}`
      await write((database) => removeValue(databaseRef(database, path)))
    },
    async clear(uid) {
      const path = alertsPath(uid)
      await write((database) => setValue(databaseRef(database, path), null))
    }
  }
}

// ---------------------------------------------------------------- files

function allowedDownloadOrigins(emulators: EmulatorHosts | undefined): Set<string> {
  const origins = new Set(['https://firebasestorage.googleapis.com'])
  if (emulators?.storage) {
    const { host, port } = parseHostPort(emulators.storage)
    origins.add(new URL(`http://${host}:${port}`).origin)
  }
  return origins
}

/**
 * Fetches an image URL taken from a document someone else wrote, so: only Firebase Storage
 * download URLs (no redirects — a redirect could lead anywhere, the local network included),
 * and never more than maxBytes, checked against the declared length and again while streaming.
 */
export async function downloadCapped(url: string, maxBytes: number, origins: ReadonlySet<string>): Promise<Uint8Array> {
  if (!Number.isSafeInteger(maxBytes) || maxBytes < 1) throw new FirebasePortError('unknown', 'download: maxBytes must be a positive integer')
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw new FirebasePortError('not-found', 'download: not a URL')
  }
  if (!origins.has(parsed.origin) || !parsed.pathname.startsWith('/v0/b/')) {
    throw new FirebasePortError('permission-denied', 'download: not a Firebase Storage URL')
  }
  return guarded('download', async () => {
    const response = await fetch(parsed, { redirect: 'manual', signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS) })
    if (!response.ok) {
      await response.body?.cancel().catch(() => {})
      const status = response.status
      const reason =
        status === 404 ? 'not-found' : status === 401 || status === 403 || (status >= 300 && status < 400) ? 'permission-denied' : status === 429 ? 'too-many-requests' : 'unknown'
      throw new FirebasePortError(reason, `download: HTTP ${response.status}`)
    }
    const declared = Number(response.headers.get('content-length'))
    if (Number.isFinite(declared) && declared > maxBytes) {
      await response.body?.cancel().catch(() => {})
      throw new FirebasePortError('unknown', `download: larger than ${maxBytes} bytes`)
    }
    const chunks: Uint8Array[] = []
    let total = 0
    if (response.body) {
      const reader = response.body.getReader()
      for (;;) {
        const { done, value } = await reader.read()
        if (done) break
        total += value.byteLength
        if (total > maxBytes) {
          await reader.cancel().catch(() => {})
          throw new FirebasePortError('unknown', `download: larger than ${maxBytes} bytes`)
        }
        chunks.push(value)
      }
    }
    return new Uint8Array(Buffer.concat(chunks, total))
  })
}

function createFilesPort(app: FirebaseApp, auth: Auth, emulators: EmulatorHosts | undefined): FilesPort {
  const storage = getStorage(app)
  if (emulators?.storage) {
    const { host, port } = parseHostPort(emulators.storage)
    connectStorageEmulator(storage, host, port)
  }
  storage.maxUploadRetryTime = UPLOAD_RETRY_MS
  storage.maxOperationRetryTime = OPERATION_RETRY_MS
  const origins = allowedDownloadOrigins(emulators)

  return {
    upload: (path, bytes, contentType, onProgress) =>
      guarded('storage', async () => {
        const ref = storageRef(storage, requireImagePath(path))
        const uid = auth.currentUser?.uid
        // storage.rules lets only the uploader (this mark) replace or delete the file later.
        const task = uploadBytesResumable(ref, bytes, { contentType, ...(uid ? { customMetadata: { uploader: uid } } : {}) })
        const progress = onProgress ? safely('upload progress', onProgress) : null
        await new Promise<void>((resolve, reject) => {
          task.on(
            'state_changed',
            (snapshot) => progress?.(snapshot.totalBytes > 0 ? snapshot.bytesTransferred / snapshot.totalBytes : 0),
            reject,
            resolve
          )
        })
        progress?.(1)
        return getDownloadURL(ref)
      }),
    async remove(path) {
      try {
        await deleteObject(storageRef(storage, requireImagePath(path)))
      } catch (error) {
        const failure = toPortError('storage', error)
        // Removing a file that is already gone is done.
        if (failure.reason !== 'not-found') throw failure
      }
    },
    download: (url, maxBytes) => downloadCapped(url, maxBytes, origins)
  }
}

// ---------------------------------------------------------------- connect

export const connectFirebase: ConnectFirebase = async (config, emulators) => {
  let app: FirebaseApp
  try {
    app = newApp(config, 'community')
  } catch (error) {
    throw new FirebasePortError('invalid-config', toPortError('auth', error).message)
  }
  try {
    return assemble(app, config, emulators)
  } catch (error) {
    await deleteApp(app).catch(() => {})
    const failure = toPortError('auth', error)
    // An SDK refusing the config at construction (e.g. an empty apiKey) is a config problem.
    throw failure.reason === 'unknown' || failure.reason === 'invalid-config' ? new FirebasePortError('invalid-config', failure.message) : failure
  }
}

function assemble(app: FirebaseApp, config: FirebaseWebConfig, emulators: EmulatorHosts | undefined): FirebasePorts {
  const auth = initializeAuth(app, { persistence: inMemoryPersistence })
  useAuthEmulator(auth, emulators)

  const db = initializeFirestore(app, { ignoreUndefinedProperties: true })
  if (emulators?.firestore) {
    const { host, port } = parseHostPort(emulators.firestore)
    connectFirestoreEmulator(db, host, port)
  }

  // ---- connectivity: RTDB `.info/connected` or a live Firestore listener
  const connectivityListeners = new Set<(online: boolean) => void>()
  const liveListeners = new Map<symbol, boolean>()
  const connectedWaiters = new Set<() => void>()
  let databaseConnected = false
  let reported = false
  let stopConnectedWatch: Unsubscribe | null = null
  let database: Database | null = null
  let closed = false

  const isOnline = (): boolean => databaseConnected || [...liveListeners.values()].some(Boolean)
  function notify(): void {
    const now = isOnline()
    if (now === reported) return
    reported = now
    for (const listener of connectivityListeners) safely('connectivity', listener)(now)
  }

  function getDatabaseOnce(): Database {
    if (closed) throw new FirebasePortError('unknown', 'connection closed')
    if (database) return database
    try {
      const created = getDatabase(app)
      if (emulators?.database) {
        const { host, port } = parseHostPort(emulators.database)
        connectDatabaseEmulator(created, host, port)
      }
      database = created
    } catch (error) {
      if (error instanceof FirebasePortError) throw error
      throw new FirebasePortError('invalid-config', 'database: databaseURL cannot be used')
    }
    return database
  }

  /** Starts watching `.info/connected` once; without a usable database, Firestore alone tells. */
  function watchConnection(): void {
    if (stopConnectedWatch || closed) return
    let target: Database
    try {
      target = getDatabaseOnce()
    } catch {
      stopConnectedWatch = () => {}
      return
    }
    stopConnectedWatch = onValue(databaseRef(target, '.info/connected'), (snapshot) => {
      databaseConnected = snapshot.val() === true
      if (databaseConnected) for (const wake of [...connectedWaiters]) wake()
      notify()
    })
  }

  const link: DatabaseLink = {
    database: getDatabaseOnce,
    whenConnected(ms) {
      watchConnection()
      if (databaseConnected) return Promise.resolve()
      return new Promise<void>((resolve, reject) => {
        const wake = (): void => {
          clearTimeout(timer)
          connectedWaiters.delete(wake)
          resolve()
        }
        const timer = setTimeout(() => {
          connectedWaiters.delete(wake)
          reject(new FirebasePortError('offline', 'database: not connected'))
        }, ms)
        connectedWaiters.add(wake)
      })
    }
  }

  const signal: FirestoreSignal = {
    report(listener, live) {
      if (live === null) liveListeners.delete(listener)
      else liveListeners.set(listener, live)
      notify()
    }
  }

  const connectivity: ConnectivityPort = {
    online() {
      watchConnection()
      return isOnline()
    },
    onChange(listener) {
      watchConnection()
      connectivityListeners.add(listener)
      return () => connectivityListeners.delete(listener)
    }
  }

  return {
    config,
    auth: createAuthPort(config, emulators, auth),
    docs: createDocsPort(db, signal),
    alerts: createAlertsPort(link),
    files: createFilesPort(app, auth, emulators),
    connectivity,
    async close() {
      if (closed) return
      closed = true
      stopConnectedWatch?.()
      connectivityListeners.clear()
      connectedWaiters.clear()
      await deleteApp(app).catch((error: unknown) => console.warn('[firebase] closing the app failed', error))
    }
  }
}
