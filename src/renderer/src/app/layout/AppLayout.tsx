import { lazy, Suspense, useCallback, useState } from 'react'
import { Outlet, useMatch } from 'react-router-dom'
import { useSession } from '@/shared/lib/session'
import { LoadingOverlay } from '@/shared/ui/LoadingOverlay'
import { CompleteProfileForm } from '@/features/auth/components/CompleteProfileForm'
import { JoinPage } from '@/features/access/components/JoinPage'
import { JoinCodeForm } from '@/features/settings/components/JoinCodeForm'
import { DeletionBanner } from '@/features/settings/components/DeletionBanner'
import { OfflineBanner } from '@/features/settings/components/OfflineBanner'
import { UpdatePrompt } from '@/features/settings/components/UpdatePrompt'
import { PersonMenu } from '@/features/blocks/components/PersonMenu'
import { RemovalNotices } from '@/features/moderation/components/RemovalNotices'
import { SaveShortcut } from '@/features/saved/components/SaveShortcut'
import { useSaveMenuItem } from '@/features/saved/components/save-item'
import { PersonMenuProvider, type MenuTarget } from '@/shared/lib/person-menu'
import { PostMenuExtraProvider } from '@/shared/lib/post-menu-extra'
import type { PersonView } from '@shared/types'
import { FocusReturn } from './FocusReturn'
import { LiveUpdates } from './LiveUpdates'
import { ScrollRestoration } from './ScrollRestoration'
import { TopBar } from './TopBar'
import styles from './AppLayout.module.css'

// Its code (and Radix's dialog) loads on the first 신고, not with the first screen.
const ReportDialog = lazy(() => import('@/features/moderation/components/ReportDialog').then((m) => ({ default: m.ReportDialog })))

export function AppLayout() {
  const session = useSession()
  // An opened invitation's question (/join) shows to a non-member too: its code may let them in (decision 047).
  const invitationOpen = useMatch('/join') !== null
  const [reporting, setReporting] = useState<MenuTarget | null>(null)
  // Kept mounted once opened, so that closing it returns the focus as Radix's own close does.
  const [reportAsked, setReportAsked] = useState(false)
  /** 차단 and 숨기기 beside every nickname the screens show (decision 025), and 신고 of the post or comment it is beside (decision 030). */
  const personMenu = useCallback(
    (person: PersonView, target?: MenuTarget) => (
      <PersonMenu
        person={person}
        onReport={
          target
            ? () => {
                setReportAsked(true)
                setReporting(target)
              }
            : undefined
        }
      />
    ),
    []
  )
  const profileToComplete = session.data?.profileToComplete
  // The post page's post, for 저장's key when the focus is in no card.
  const detail = useMatch('/detail/:postId')
  return (
    <div className={styles.shell}>
      {/* New navigations start at the top; Back returns to where the reader was. Before the
          screens, whose layout effects run after its own: the feed then puts its card back last. */}
      <ScrollRestoration />
      <TopBar />
      <OfflineBanner />
      <DeletionBanner />
      <UpdatePrompt />
      <RemovalNotices />
      {session.isPending ? (
        <LoadingOverlay />
      ) : profileToComplete ? (
        // Signed in without a users document: kept on the 프로필 완성 step until it is written.
        <CompleteProfileForm email={profileToComplete.email} />
      ) : session.data?.access && !invitationOpen ? (
        // Outside a members-only community (decision 045): its door, never an empty feed.
        <JoinPage access={session.data.access} codeForm={<JoinCodeForm />} />
      ) : (
        // A screen's code loads on its first visit; navigations are transitions, so the last
        // screen stays up meanwhile and the overlay shows only when the app opens on one.
        <Suspense fallback={<LoadingOverlay />}>
          <PersonMenuProvider value={personMenu}>
            {/* 저장 in every post's ⋯ menu (decision 038). */}
            <PostMenuExtraProvider value={useSaveMenuItem}>
              <Outlet />
            </PostMenuExtraProvider>
          </PersonMenuProvider>
        </Suspense>
      )}
      {reportAsked && (
        <Suspense fallback={null}>
          <ReportDialog target={reporting} onClose={() => setReporting(null)} />
        </Suspense>
      )}
      <SaveShortcut pagePostId={detail?.params.postId ?? null} />
      <LiveUpdates />
      <FocusReturn />
    </div>
  )
}
