import { messages } from '@shared/messages'
import { ReportsPage } from '@/features/moderation/components/ReportsPage'
import { usePageTitle } from '@/shared/lib/page-title'

export function ReportsRoute() {
  usePageTitle(messages.reportsPage)
  return <ReportsPage />
}
