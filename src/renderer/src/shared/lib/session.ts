import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query'
import type { SessionView } from '@shared/types'
import { call } from './ipc'
import { landOwner } from './owner-change'
import { queryKeys } from './query-keys'

/** Who is signed in, as main says; every screen reads it from here. */
export const getSession = (): Promise<SessionView> => call('auth:session')

export const sessionQuery = queryOptions({ queryKey: queryKeys.session, queryFn: getSession, staleTime: Infinity })

/**
 * The one place a session from main lands: login, sign-up, logout and main's
 * `session:changed` all come through here. When the person changes, every other cached
 * answer was given to someone else (their likes, alerts, "mine" edit links), so all of it
 * is reset — the web app's page reload (docs/specification.md §4.1) — and whatever is on screen loads again for the
 * new person. The same person again (main's event echoing a login) changes nothing.
 */
export function applySession(client: QueryClient, session: SessionView): void {
  const otherPerson = (previous: SessionView | undefined, next: SessionView) => previous === undefined || (previous.user?.id ?? null) !== (next.user?.id ?? null)
  landOwner(client, queryKeys.session, session, otherPerson, [queryKeys.session[0]])
}

export function useSession() {
  return useQuery(sessionQuery)
}

export function useCurrentUser() {
  return useSession().data?.user ?? null
}
