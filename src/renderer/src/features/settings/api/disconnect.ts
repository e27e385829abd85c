import { useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '@/shared/lib/ipc'
import { applySettings } from './get-settings'

/** Back to the local store, whose accounts and posts were never touched. */
export const disconnect = () => call('settings:disconnect')

export function useDisconnect() {
  const client = useQueryClient()
  return useMutation({ mutationFn: disconnect, onSuccess: (view) => applySettings(client, view) })
}
