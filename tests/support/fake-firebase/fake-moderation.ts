import { randomBytes } from 'node:crypto'
import { FirebasePortError, type DocsPort, type FirebaseUser, type ModerationLogDoc, type NoticeDoc, type ReportDoc, type Snapshot, type Unsubscribe } from '../../../src/main/firebase/ports'
import { personKey } from '../../../src/main/store/person-key'

type ModerationMethods = Pick<DocsPort, 'addReport' | 'reports' | 'closeReports' | 'addModerationLog' | 'moderationLog' | 'addNotice' | 'watchNotices' | 'deleteNotice' | 'reportsBy' | 'deleteReport'>
/** The fake's listener: read now and after every change, delivered when what it reads differs. */
type Watch = <T>(read: () => T, deliver: (value: T) => void, fail: (error: FirebasePortError) => void) => Unsubscribe

const reasons = ['spam', 'abuse', 'danger', 'sexual', 'privacy', 'other']
const kinds = ['post', 'comment']
const newest = <T extends { at: number }>(a: Snapshot<T>, b: Snapshot<T>) => b.data.at - a.data.at || (a.id < b.id ? 1 : -1)

/**
 * The fake project's 신고, moderation log and notices (docs/decisions/030-reports-and-moderators.md),
 * with what firebase/firestore.rules allow: moderators are those whose token's claim `moderator` is
 * the boolean true; a report is its reporter's own, once; the log is a moderator's naming
 * themselves; a notice is read and deleted by the person whose email key it is under.
 */
export function createFakeModeration(now: () => number) {
  /** Custom claims by uid, as the Admin SDK sets them. */
  const claims = new Map<string, Record<string, unknown>>()
  const reports = new Map<string, ReportDoc>()
  const log = new Map<string, ModerationLogDoc>()
  const notices = new Map<string, Map<string, NoticeDoc>>()
  const id = () => randomBytes(10).toString('hex')
  const isModerator = (user: FirebaseUser | null) => user !== null && claims.get(user.uid)?.moderator === true
  const denied = (): never => {
    throw new FirebasePortError('permission-denied')
  }

  /**
   * The ports of one client, `user` being who it is signed in as now; `rules` false writes as the
   * console does; `project`: the fake's listeners (a notice written reaches them) and whether a
   * post or comment is the user's own (the rules' get() of the target).
   */
  function methods(
    user: () => FirebaseUser | null,
    gate: (operation: string) => void,
    rules: boolean,
    project: { watch: Watch; changed: () => void; owns: (user: FirebaseUser, kind: string, target: string) => boolean | null }
  ): ModerationMethods {
    const { watch, changed } = project
    const moderatorOnly = () => {
      if (rules && !isModerator(user())) denied()
    }
    return {
      async addReport(report) {
        gate('docs.addReport')
        const me = user() ?? denied()
        const reportId = `${report.by}_${report.kind}_${report.target}`
        if (rules && (report.by !== me.uid || !reasons.includes(report.reason) || !kinds.includes(report.kind) || report.note.length > 300)) denied()
        // The target must exist and not be the reporter's (null: it does not exist).
        if (rules && project.owns(me, report.kind, report.target) !== false) denied()
        if (reports.has(reportId)) return false
        reports.set(reportId, { ...report, at: now() })
        return true
      },
      async reports(limit) {
        gate('docs.reports')
        moderatorOnly()
        return [...reports].map(([id, data]) => ({ id, data: { ...data } })).sort(newest).slice(0, limit)
      },
      async closeReports(kind, target) {
        gate('docs.closeReports')
        moderatorOnly()
        for (const [reportId, report] of reports) if (report.kind === kind && report.target === target) reports.delete(reportId)
      },
      async addModerationLog(entry) {
        gate('docs.addModerationLog')
        moderatorOnly()
        if (rules && entry.by !== user()?.uid) denied()
        log.set(id(), { ...entry, at: now() })
      },
      async moderationLog(limit) {
        gate('docs.moderationLog')
        moderatorOnly()
        return [...log].map(([id, data]) => ({ id, data: { ...data } })).sort(newest).slice(0, limit)
      },
      async addNotice(key, notice) {
        gate('docs.addNotice')
        moderatorOnly()
        const list = notices.get(key) ?? new Map<string, NoticeDoc>()
        list.set(id(), { ...notice, at: now() })
        notices.set(key, list)
        changed()
      },
      watchNotices(key, onDocs, onError) {
        return watch(
          () => {
            const me = user() ?? denied()
            if (rules && personKey(me.email) !== key) denied()
            return [...(notices.get(key) ?? [])].map(([id, data]) => ({ id, data: { ...data } })).sort(newest)
          },
          onDocs,
          onError
        )
      },
      async deleteNotice(key, noticeId) {
        gate('docs.deleteNotice')
        const me = user() ?? denied()
        if (rules && personKey(me.email) !== key) denied()
        if (notices.get(key)?.delete(noticeId)) changed()
      },
      async reportsBy(uid, limit) {
        gate('docs.reportsBy')
        if (rules && user()?.uid !== uid) denied()
        return [...reports].filter(([, r]) => r.by === uid).map(([id, data]) => ({ id, data: { ...data } })).slice(0, limit)
      },
      async deleteReport(reportId) {
        gate('docs.deleteReport')
        const report = reports.get(reportId)
        if (rules && report && report.by !== user()?.uid && !isModerator(user())) denied()
        reports.delete(reportId)
      }
    }
  }

  return {
    methods,
    isModerator,
    /** As the Admin SDK's setCustomUserClaims (what `npm run community -- moderator add` does). */
    setClaims(uid: string, value: Record<string, unknown>): void {
      claims.set(uid, { ...value })
    },
    data: {
      reports: () => Object.fromEntries([...reports].map(([id, r]) => [id, { ...r }])),
      log: () => [...log.values()].map((entry) => ({ ...entry })),
      notices: (email: string) => [...(notices.get(personKey(email)) ?? new Map<string, NoticeDoc>()).values()].map((n) => ({ ...n }))
    }
  }
}
