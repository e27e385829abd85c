import {
  collection,
  doc,
  getDocsFromServer,
  limit,
  orderBy,
  query,
  runTransaction,
  serverTimestamp,
  Timestamp,
  where,
  type DocumentData,
  type DocumentSnapshot,
  type Firestore,
  type Query
} from 'firebase/firestore'
import { guarded } from '../firebase-errors'
import { FirebasePortError, ownDocsMax, type DocsPort, type ModerationLogDoc, type NoticeDoc, type ReportDoc, type Snapshot, type Unsubscribe } from '../ports'

/** The most documents one moderation query reads. */
const MAX_LIST = 500
const isKey = (key: unknown): key is string => typeof key === 'string' && /^[0-9a-f]{64}$/.test(key)
const isSegment = (id: unknown): id is string => typeof id === 'string' && id.length > 0 && id.length <= 500 && !id.includes('/')

/** A document's fields as the port shapes them: `at` (a server timestamp) as whole milliseconds, text fields as text. */
function read<T>(snapshot: DocumentSnapshot): Snapshot<T> {
  const data: DocumentData = { ...(snapshot.data() ?? {}) }
  data.at = data.at instanceof Timestamp ? Math.floor(data.at.toMillis()) : 0
  for (const [key, value] of Object.entries(data)) if (key !== 'at' && typeof value !== 'string') data[key] = ''
  return { id: snapshot.id, data: data as T }
}

const size = (n: number) => Math.min(Math.max(1, Math.floor(n)), MAX_LIST)

/**
 * 신고, the moderation log and removal notices (docs/decisions/030-reports-and-moderators.md):
 * reports/{reporterUid}_{kind}_{target}, moderationLog/{id}, notices/{personKey}/items/{id}.
 * Who may read and write each is the shipped rules' (the moderator claim of the ID token).
 */
export function createModerationPort(
  db: Firestore,
  /** documents.ts's listener: server-confirmed snapshots only, each telling connectivity. */
  watch: <T>(q: Query, read: (snapshot: DocumentSnapshot) => T, onData: (docs: T[]) => void, onError: (error: FirebasePortError) => void) => Unsubscribe
): Pick<DocsPort, 'addReport' | 'reports' | 'closeReports' | 'addModerationLog' | 'moderationLog' | 'addNotice' | 'watchNotices' | 'deleteNotice' | 'reportsBy' | 'deleteReport'> {
  const reports = collection(db, 'reports')
  const log = collection(db, 'moderationLog')
  const items = (key: string) => {
    if (!isKey(key)) throw new FirebasePortError('not-found', 'not a person key')
    return collection(db, 'notices', key, 'items')
  }
  return {
    addReport: (report) =>
      guarded('firestore', async () => {
        if (!isSegment(report.by) || !isSegment(report.target)) throw new FirebasePortError('not-found', 'not a document id')
        const ref = doc(reports, `${report.by}_${report.kind}_${report.target}`)
        // The rules let a reporter read their own report: a second one is found, never overwritten.
        return runTransaction(db, async (transaction) => {
          if ((await transaction.get(ref)).exists()) return false
          transaction.set(ref, { ...report, at: serverTimestamp() })
          return true
        })
      }),
    reports: (n) => guarded('firestore', async () => (await getDocsFromServer(query(reports, orderBy('at', 'desc'), limit(size(n))))).docs.map((d) => read<ReportDoc>(d))),
    closeReports: (kind, target) =>
      guarded('firestore', async () => {
        const found = await getDocsFromServer(query(reports, where('kind', '==', kind), where('target', '==', target), limit(MAX_LIST)))
        if (found.empty) return
        await runTransaction(db, async (transaction) => {
          for (const snapshot of found.docs) transaction.delete(snapshot.ref)
        })
      }),
    addModerationLog: (entry) => guarded('firestore', () => runTransaction(db, async (transaction) => void transaction.set(doc(log), { ...entry, at: serverTimestamp() }))),
    moderationLog: (n) => guarded('firestore', async () => (await getDocsFromServer(query(log, orderBy('at', 'desc'), limit(size(n))))).docs.map((d) => read<ModerationLogDoc>(d))),
    addNotice: (key, notice) => guarded('firestore', () => runTransaction(db, async (transaction) => void transaction.set(doc(items(key)), { ...notice, at: serverTimestamp() }))),
    watchNotices(key, onDocs, onError) {
      if (!isKey(key)) {
        queueMicrotask(() => onError(new FirebasePortError('not-found', 'not a person key')))
        return () => {}
      }
      return watch(query(items(key), orderBy('at', 'desc'), limit(MAX_LIST)), (d) => read<NoticeDoc>(d), onDocs, onError)
    },
    deleteNotice: (key, id) =>
      guarded('firestore', async () => {
        if (!isSegment(id)) return
        await runTransaction(db, async (transaction) => void transaction.delete(doc(items(key), id)))
      }),
    reportsBy: (uid, n) =>
      guarded('firestore', async () => (await getDocsFromServer(query(reports, where('by', '==', uid), limit(Math.min(Math.max(1, Math.floor(n)), ownDocsMax))))).docs.map((d) => read<ReportDoc>(d))),
    deleteReport: (id) =>
      guarded('firestore', async () => {
        if (!isSegment(id)) return
        await runTransaction(db, async (transaction) => void transaction.delete(doc(reports, id)))
      })
  }
}
