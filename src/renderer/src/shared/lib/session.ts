import { queryOptions, useQuery } from '@tanstack/react-query'
import type { SessionView } from '@shared/types'
import { call } from './ipc'
import { queryKeys } from './query-keys'

/** Who is signed in, as main says; every screen reads it from here. */
export const getSession = (): Promise<SessionView> => call('auth:session')

export const sessionQuery = queryOptions({ queryKey: queryKeys.session, queryFn: getSession, staleTime: Infinity })

export function useSession() {
  return useQuery(sessionQuery)
}

export function useCurrentUser() {
  return useSession().data?.user ?? null
}
