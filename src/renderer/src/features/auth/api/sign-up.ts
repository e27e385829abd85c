import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { SignUpInput } from '@shared/ipc/contract'
import { call } from '@/shared/lib/ipc'
import { queryKeys } from '@/shared/lib/query-keys'

export const signUp = (input: SignUpInput) => call('auth:signUp', input)

export function useSignUp() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: signUp,
    onSuccess: (session) => {
      client.setQueryData(queryKeys.session, session)
      void client.invalidateQueries({ queryKey: ['posts'] })
    }
  })
}
