import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { FirebaseWebConfig } from '@shared/types'
import { call } from '@/shared/lib/ipc'
import { applySettings } from './get-settings'

/** Main checks the config, tries it against the project, saves it and switches to it. */
export const connect = (config: FirebaseWebConfig) => call('settings:connect', config)

export function useConnect() {
  const client = useQueryClient()
  return useMutation({ mutationFn: connect, onSuccess: (view) => applySettings(client, view) })
}
