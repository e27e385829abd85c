import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AlertList } from '@shared/types'
import { call } from '@/shared/lib/ipc'
import { queryKeys } from '@/shared/lib/query-keys'

/** The list was seen from its newest row down: those alerts are read, the badge falls. */
export const markAlertsSeen = (list: AlertList) => {
  const newest = list.alerts[0]
  return newest ? call('alerts:markSeen', { through: { createdAt: newest.createdAt, id: newest.id } }) : Promise.resolve(list)
}

export function useMarkAlertsSeen() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: markAlertsSeen,
    onSuccess: (list) => client.setQueryData(queryKeys.alerts, list)
  })
}
