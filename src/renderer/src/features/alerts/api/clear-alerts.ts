import { useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '@/shared/lib/ipc'
import { queryKeys } from '@/shared/lib/query-keys'

export const clearAlerts = () => call('alerts:clear')

export function useClearAlerts() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: clearAlerts,
    onSuccess: (list) => client.setQueryData(queryKeys.alerts, list)
  })
}
