import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { call } from '@/shared/lib/ipc'
import { useMagpieEvent } from '@/shared/lib/events'
import { queryKeys } from '@/shared/lib/query-keys'
import { applySession } from '@/shared/lib/session'

/** Members-only communities (docs/decisions/045-members-only.md): main checks every call again. */

/** 가입 요청 보내기 and 요청 취소: both answer the session (where the person stands now). */
export function useJoinRequest() {
  const client = useQueryClient()
  const send = useMutation({ mutationFn: (message: string) => call('access:request', { message }), onSuccess: (session) => applySession(client, session) })
  const withdraw = useMutation({ mutationFn: () => call('access:withdraw'), onSuccess: (session) => applySession(client, session) })
  return { send, withdraw }
}

/** Moderators: the pending requests, read again whenever main says they changed. */
export function useJoinRequests(enabled: boolean) {
  const client = useQueryClient()
  useMagpieEvent('access:requestsChanged', () => void client.invalidateQueries({ queryKey: queryKeys.joinRequests }))
  return useQuery({ queryKey: queryKeys.joinRequests, queryFn: () => call('access:requests'), enabled })
}

/** The badge's count: 0 but for a moderator of a members-only community; main's event keeps it live. */
export function usePendingJoins(enabled: boolean) {
  const client = useQueryClient()
  useMagpieEvent('access:requestsChanged', ({ count }) => client.setQueryData(queryKeys.joinPending, { count }))
  return useQuery({ queryKey: queryKeys.joinPending, queryFn: () => call('access:pendingCount'), enabled })
}

/** 승인 or 거절: the list answers. */
export function useDecideJoin() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (input: { id: string; approve: boolean }) => (input.approve ? call('access:approve', { id: input.id }) : call('access:reject', { id: input.id })),
    onSuccess: (list) => {
      client.setQueryData(queryKeys.joinRequests, list)
      client.setQueryData(queryKeys.joinPending, { count: list.length })
    }
  })
}
