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
