import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { call } from '@/shared/lib/ipc'
import { applySettings } from './get-settings'

/**
 * The invitation main holds, asked afresh at each arrival on /join (`arrival`: the location's
 * key), since a second link replaces the first while the page is open.
 */
export function useInvitation(arrival: string) {
  return useQuery({ queryKey: ['invitation', arrival], queryFn: () => call('invitation:get'), staleTime: Infinity, gcTime: 0 })
}

/** 연결: main connects to the config it holds; the page never sends one. */
export function useAcceptInvitation() {
  const client = useQueryClient()
  return useMutation({ mutationFn: () => call('invitation:accept'), onSuccess: (view) => applySettings(client, view) })
}

export const dismissInvitation = () => call('invitation:dismiss')

/** 가입 on a held join code (decision 047): main redeems the code it holds; the page never sees it. */
export function useJoinByInvitation() {
  const client = useQueryClient()
  return useMutation({ mutationFn: () => call('invitation:join'), onSuccess: () => void client.invalidateQueries() })
}

/** 초대 코드로 가입: a pasted code, or the whole link (main finds the code in it and checks it). */
export function useRedeemCode() {
  const client = useQueryClient()
  return useMutation({ mutationFn: (code: string) => call('joinCodes:redeem', { code }), onSuccess: () => void client.invalidateQueries() })
}
