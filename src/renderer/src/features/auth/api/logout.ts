import { useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '@/shared/lib/ipc'
import { applySession } from '@/shared/lib/session'

export const logout = () => call('auth:logout')

/** Signs out and resets every cached answer, like the page reload SPEC.md does. */
export function useLogout() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: logout,
    onSuccess: (session) => applySession(client, session)
  })
}
