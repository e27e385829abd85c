import { useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '@/shared/lib/ipc'
import { queryKeys } from '@/shared/lib/query-keys'

export const setBlock = (input: { personId: string; blocked?: boolean; muted?: boolean }) => call('blocks:set', input)

/** Blocks, mutes or undoes either; every list that shows people is read again (main leaves the hidden out). */
export function useSetBlock() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: setBlock,
    onSuccess: (list) => {
      client.setQueryData(queryKeys.blocks, list)
      void client.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'session' && query.queryKey[0] !== 'blocks' })
    }
  })
}
