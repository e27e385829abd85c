import { useQuery } from '@tanstack/react-query'
import { call } from '@/shared/lib/ipc'
import { queryKeys } from '@/shared/lib/query-keys'

export const getAlerts = () => call('alerts:list')

/** The signed-in user's alerts and their count; refreshed whenever main says they changed. */
export function useAlerts(enabled = true) {
  return useQuery({ queryKey: queryKeys.alerts, queryFn: getAlerts, enabled })
}
