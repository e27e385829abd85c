import { useMutation, useQueryClient } from '@tanstack/react-query'
import { messages } from '@shared/messages'
import { call, errorMessage } from '@/shared/lib/ipc'
import { queryKeys } from '@/shared/lib/query-keys'
import { toast } from '@/shared/ui/toast'

export const deleteAlert = (id: string) => call('alerts:delete', { id })

export function useDeleteAlert() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: deleteAlert,
    // Said here, not in mutate's callbacks, which TanStack Query skips once the page is left.
    onError: (error) => toast.error(errorMessage(error)),
    onSuccess: (list) => {
      client.setQueryData(queryKeys.alerts, list)
      toast.success(messages.alertDeleted)
    }
  })
}
