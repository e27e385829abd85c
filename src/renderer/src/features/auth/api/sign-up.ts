import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { SignUpInput } from '@shared/ipc/contract'
import { call } from '@/shared/lib/ipc'
import { applySession } from '@/shared/lib/session'

export const signUp = (input: SignUpInput) => call('auth:signUp', input)

export function useSignUp() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: signUp,
    onSuccess: (session) => applySession(client, session)
  })
}
