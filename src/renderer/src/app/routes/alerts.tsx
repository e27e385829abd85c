import { AlertsPage } from '@/features/alerts/components/AlertsPage'

export function AlertsRoute() {
  return <AlertsPage />
}
