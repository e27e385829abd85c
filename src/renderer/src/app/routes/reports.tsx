import { messages } from '@shared/messages'
import { JoinRequestsBadge } from '@/features/access/components/JoinRequestsBadge'
import { JoinRequestsSection } from '@/features/access/components/JoinRequestsSection'
import { ReportsPage } from '@/features/moderation/components/ReportsPage'
import { useSettings } from '@/features/settings/api/get-settings'
import { usePageTitle } from '@/shared/lib/page-title'

export function ReportsRoute() {
  usePageTitle(messages.reportsPage)
  // 가입 요청 are a community's (decision 045): a local store has no access switch.
  const community = useSettings().data?.status.mode === 'community'
  return <ReportsPage joins={community ? { panel: <JoinRequestsSection />, badge: <JoinRequestsBadge /> } : undefined} />
}
