import { useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '@/shared/lib/ipc'
import { applySession } from '@/shared/lib/session'

export const logout = () => call('auth:logout')

/** Signs out and resets every cached answer, as the web app's page reload did (docs/specification.md §4.1). */
export function useLogout() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: logout,
    onSuccess: (session) => applySession(client, session)
  })
}
