import { useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '@/shared/lib/ipc'
import { queryKeys } from '@/shared/lib/query-keys'

export const deleteAlert = (id: string) => call('alerts:delete', { id })

export function useDeleteAlert() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: deleteAlert,
    onSuccess: (list) => client.setQueryData(queryKeys.alerts, list)
  })
}
