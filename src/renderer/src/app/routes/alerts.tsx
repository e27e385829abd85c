import { messages } from '@shared/messages'
import { AlertsPage } from '@/features/alerts/components/AlertsPage'
import { usePageTitle } from '@/shared/lib/page-title'

export function AlertsRoute() {
  usePageTitle(messages.alertsTitle)
  return <AlertsPage />
}
