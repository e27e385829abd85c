import { useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '@/shared/lib/ipc'
import { queryKeys } from '@/shared/lib/query-keys'

export const logout = () => call('auth:logout')

/** Signs out and resets every cached answer, like the page reload SPEC.md does. */
export function useLogout() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: logout,
    onSuccess: (session) => {
      client.removeQueries({ predicate: (query) => query.queryKey[0] !== 'session' })
      client.setQueryData(queryKeys.session, session)
    }
  })
}
