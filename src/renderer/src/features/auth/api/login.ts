import { useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '@/shared/lib/ipc'
import { applySession } from '@/shared/lib/session'

export const login = (input: { email: string; password: string }) => call('auth:login', input)

export function useLogin() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: login,
    // What "mine" and "liked by me" mean just changed: applySession resets every cached answer.
    onSuccess: (session) => applySession(client, session)
  })
}
