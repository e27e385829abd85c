import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { call } from '@/shared/lib/ipc'
import { queryKeys } from '@/shared/lib/query-keys'

/** Whom the signed-in person blocked or muted (설정 → 차단 및 숨김). */
export function useBlocks(enabled: boolean) {
  return useQuery({ queryKey: queryKeys.blocks, queryFn: () => call('blocks:list'), enabled })
}

/** Undoes a block or a mute; the screens read again, now with the person's posts and comments. */
export function useUndoBlock() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (input: { personId: string; blocked?: false; muted?: false }) => call('blocks:set', input),
    onSuccess: (list) => {
      client.setQueryData(queryKeys.blocks, list)
      void client.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'session' && query.queryKey[0] !== 'blocks' })
    }
  })
}
