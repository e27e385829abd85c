import { notifyManager, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query'
import type { SessionView } from '@shared/types'
import { call } from './ipc'
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
  const previous = client.getQueryData<SessionView>(queryKeys.session)
  const samePerson = previous !== undefined && (previous.user?.id ?? null) === (session.user?.id ?? null)
  // One batch, so no screen renders the new person with the old person's data in between.
  notifyManager.batch(() => {
    if (!samePerson) void client.resetQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.session[0] })
    client.setQueryData(queryKeys.session, session)
  })
}

export function useSession() {
  return useQuery(sessionQuery)
}

export function useCurrentUser() {
  return useSession().data?.user ?? null
}
