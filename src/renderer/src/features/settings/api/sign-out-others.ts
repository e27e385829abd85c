import { useMutation } from '@tanstack/react-query'
import { call } from '@/shared/lib/ipc'

/** Ends the person's sessions in every other copy of Magpie; this one stays signed in. */
export const signOutOthers = () => call('auth:signOutOthers')

export function useSignOutOthers() {
  return useMutation({ mutationFn: signOutOthers })
}
