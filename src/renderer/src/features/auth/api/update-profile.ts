import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ProfileEdit } from '@shared/ipc/contract'
import { call } from '@/shared/lib/ipc'

/**
 * One's own nickname and photo. The name shows on every post, comment and alert of theirs, so
 * every cached answer (the session included) is read again.
 */
export function useUpdateProfile() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (edit: ProfileEdit) => call('people:updateProfile', edit),
    onSuccess: () => client.invalidateQueries()
  })
}
