import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ShellPreferences, ShellView } from '@shared/types'
import { useMagpieEvent } from '@/shared/lib/events'
import { call } from '@/shared/lib/ipc'

export const shellKey = ['shell'] as const

/** This copy's version, its 설정 → 앱 switches and where its update stands. */
export function useShell() {
  return useQuery({ queryKey: shellKey, queryFn: () => call('app:shell'), staleTime: Infinity })
}

/** Main's shell:changed (a download's progress, a check's answer, a switch from another window) lands at once. */
export function useShellUpdates(): void {
  const client = useQueryClient()
  useMagpieEvent('shell:changed', (view) => client.setQueryData(shellKey, view))
}

export function useSetPreferences() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (changes: Partial<ShellPreferences>) => call('app:setPreferences', changes),
    onSuccess: (view: ShellView) => client.setQueryData(shellKey, view)
  })
}

/**
 * The check's progress and answer come as shell:changed. The view it returns is not landed:
 * the check's own events may overtake it, and it would put an older state back.
 */
export function useCheckForUpdates() {
  return useMutation({ mutationFn: () => call('app:checkForUpdates') })
}

export const restartToUpdate = () => call('app:restartToUpdate')
