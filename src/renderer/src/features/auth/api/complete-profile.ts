import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CompleteProfileInput } from '@shared/ipc/contract'
import { call } from '@/shared/lib/ipc'
import { applySession } from '@/shared/lib/session'

export const completeProfile = (input: CompleteProfileInput) => call('auth:completeProfile', input)

/** The 프로필 완성 step's save: its answer is the session, now signed in as the person. */
export function useCompleteProfile() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: completeProfile,
    onSuccess: (session) => applySession(client, session)
  })
}
