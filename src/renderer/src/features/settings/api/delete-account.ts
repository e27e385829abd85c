import { useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '@/shared/lib/ipc'
import { applySession } from '@/shared/lib/session'

/** 회원 탈퇴 (or finishing one that waits for the password): main answers the session after it. */
export function useDeleteAccount() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (password: string) => call('account:delete', { password }),
    onSuccess: (session) => applySession(client, session)
  })
}
