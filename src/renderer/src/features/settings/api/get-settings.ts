import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import type { ConnectionStatus, SettingsView } from '@shared/types'
import { useMagpieEvent } from '@/shared/lib/events'
import { call } from '@/shared/lib/ipc'
import { landOwner } from '@/shared/lib/owner-change'
import { queryKeys } from '@/shared/lib/query-keys'

export const settingsKey = ['settings'] as const

export const getSettings = () => call('settings:get')

/** Which backend runs and its saved config; kept current by main's `connection:changed`. */
export function useSettings() {
  return useQuery({ queryKey: settingsKey, queryFn: getSettings, staleTime: Infinity })
}

const sameBackend = (a: ConnectionStatus, b: ConnectionStatus) =>
  a.mode === b.mode && (a.mode === 'local' || a.projectId === (b as typeof a).projectId)

/**
 * Lands a settings answer: when the backend changed (local ↔ a community, or another
 * community), every cached post, comment and alert came from the other one, so all of it is
 * reset and what is on screen loads again; the session follows by main's `session:changed`.
 * Called by connect, disconnect and main's event alike; only the first to see a change resets.
 */
export function applySettings(client: QueryClient, view: SettingsView): void {
  const otherBackend = (previous: SettingsView | undefined, next: SettingsView) => previous !== undefined && !sameBackend(previous.status, next.status)
  landOwner(client, settingsKey, view, otherBackend, [queryKeys.session[0], settingsKey[0]])
}

/** Follows main's connection changes (a switch, or the community going offline and back). */
export function useConnectionUpdates(): void {
  const client = useQueryClient()
  useMagpieEvent('connection:changed', (status) => {
    const previous = client.getQueryData<SettingsView>(settingsKey)
    if (previous && sameBackend(previous.status, status)) {
      client.setQueryData(settingsKey, { ...previous, status })
      return
    }
    // Another backend: its config comes with the next answer.
    if (previous) applySettings(client, { ...previous, status, config: null })
    void client.invalidateQueries({ queryKey: settingsKey })
  })
}
