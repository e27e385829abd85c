import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { DraftInput } from '@shared/ipc/contract'
import { call } from '@/shared/lib/ipc'
import { queryKeys } from '@/shared/lib/query-keys'

/** The signed-in person's 임시 저장 글, last changed first (docs/decisions/039-drafts.md). */
export function useDrafts(enabled: boolean) {
  return useQuery({ queryKey: queryKeys.drafts, queryFn: () => call('drafts:list'), enabled })
}

export function useSaveDraft() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (input: DraftInput) => call('drafts:save', input),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.drafts })
  })
}

export function useDeleteDraft() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => call('drafts:delete', { id }),
    onSuccess: (left) => client.setQueryData(queryKeys.drafts, left)
  })
}
