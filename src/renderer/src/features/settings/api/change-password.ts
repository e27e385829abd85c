import { useMutation } from '@tanstack/react-query'
import type { ChangePasswordInput } from '@shared/ipc/contract'
import { call } from '@/shared/lib/ipc'

/** Changes the password (the current one proves it is the person); the other copies sign out. */
export const changePassword = (input: ChangePasswordInput) => call('auth:changePassword', input)

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword })
}
