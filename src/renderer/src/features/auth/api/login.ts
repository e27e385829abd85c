import { useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '@/shared/lib/ipc'
import { queryKeys } from '@/shared/lib/query-keys'

export const login = (input: { email: string; password: string }) => call('auth:login', input)

export function useLogin() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: login,
    onSuccess: (session) => {
      client.setQueryData(queryKeys.session, session)
      // What "mine" and "liked by me" mean just changed.
      void client.invalidateQueries({ queryKey: ['posts'] })
      void client.invalidateQueries({ queryKey: ['comments'] })
    }
  })
}
