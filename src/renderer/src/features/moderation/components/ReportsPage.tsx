import { useState, type ReactNode } from 'react'
import { Navigate } from 'react-router-dom'
import { messages } from '@shared/messages'
import { useCurrentUser } from '@/shared/lib/session'
import { ErrorState } from '@/shared/ui/ErrorState'
import { Spinner } from '@/shared/ui/LoadingOverlay'
import { useModerationLog, useReports } from '../api/moderation'
import { InvitationsSection } from './InvitationsSection'
import { ModeratorsSection } from './ModeratorsSection'
import { ModerationLog } from './ModerationLog'
import { ReportRow } from './ReportRow'
import styles from './ReportsPage.module.css'

type Tab = 'reports' | 'log' | 'moderators' | 'joins' | 'invitations'
const tabs: { id: Tab; label: string }[] = [
  { id: 'reports', label: messages.reportsTab },
  { id: 'log', label: messages.moderationLogTab },
  { id: 'moderators', label: messages.moderatorsTab },
  { id: 'invitations', label: messages.invitationsSection }
]

/** The 가입 요청 tab (decision 045), composed by the app: its list and its count. */
export interface JoinsTab {
  panel: ReactNode
  badge: ReactNode
}

/**
 * 신고 (docs/decisions/030-reports-and-moderators.md), for moderators only (main refuses anyone
 * else on every call): the open reports grouped by what they are about, the moderation log,
 * who the moderators are, a community's invitation links (decision 047) and its 가입 요청 (decision 045).
 */
export function ReportsPage({ joins }: { joins?: JoinsTab }) {
  const user = useCurrentUser()
  const moderator = Boolean(user?.moderator)
  const [tab, setTab] = useState<Tab>('reports')
  const reports = useReports(moderator && tab === 'reports')
  const log = useModerationLog(moderator && tab === 'log')
  if (!moderator) return <Navigate to="/" replace />

  return (
    <main className={styles.page}>
      <h1 className={styles.heading}>{messages.reportsPage}</h1>
      <div role="tablist" aria-label={messages.reportsPage} className={styles.tabs}>
        {[...tabs, ...(joins ? [{ id: 'joins' as const, label: messages.joinRequestsTitle }] : [])].map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls={`panel-${t.id}`}
            className={styles.tab}
            onClick={() => setTab(t.id)}
          >
            {t.label}
            {t.id === 'joins' && joins?.badge}
          </button>
        ))}
      </div>
      <section role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} className={styles.panel}>
        {tab === 'reports' &&
          (reports.isPending ? (
            <Spinner />
          ) : reports.isError ? (
            <ErrorState error={reports.error} onRetry={() => void reports.refetch()} />
          ) : reports.data.length === 0 ? (
            <p className={styles.empty}>{messages.noReports}</p>
          ) : (
            <ul className={styles.list}>
              {reports.data.map((group) => (
                <ReportRow key={`${group.kind}:${group.targetId}`} group={group} />
              ))}
            </ul>
          ))}
        {tab === 'log' &&
          (log.isPending ? <Spinner /> : log.isError ? <ErrorState error={log.error} onRetry={() => void log.refetch()} /> : <ModerationLog entries={log.data} />)}
        {tab === 'moderators' && <ModeratorsSection />}
        {tab === 'joins' && joins?.panel}
        {tab === 'invitations' && <InvitationsSection />}
      </section>
    </main>
  )
}
