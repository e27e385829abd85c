import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { NewInvitation } from '@shared/join-codes'
import { call } from '@/shared/lib/ipc'
import { queryKeys } from '@/shared/lib/query-keys'

/** Invitations with a join code (docs/decisions/047-invitation-codes.md): main checks every call again. */
/** Read again each time the tab opens: another computer's redemption changes the counts (the app's 30 s staleness would hide it). */
export const useInvitations = (enabled: boolean) => useQuery({ queryKey: queryKeys.invitations, queryFn: () => call('joinCodes:list'), enabled, retry: false, staleTime: 0 })

/** The answer carries the link with its code: shown this once, never asked for again. */
export function useCreateInvitation() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (input: NewInvitation) => call('joinCodes:create', input),
    onSuccess: () => void client.invalidateQueries({ queryKey: queryKeys.invitations })
  })
}

export function useRevokeInvitation() {
  const client = useQueryClient()
  return useMutation({ mutationFn: (id: string) => call('joinCodes:revoke', { id }), onSuccess: (list) => client.setQueryData(queryKeys.invitations, list) })
}
