import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ReportReason, ReportTarget } from '@shared/limits'
import { call } from '@/shared/lib/ipc'
import { queryKeys } from '@/shared/lib/query-keys'

/** 신고 and moderators (docs/decisions/030-reports-and-moderators.md): main checks every call again. */
export function useReport() {
  return useMutation({ mutationFn: (input: { kind: ReportTarget; targetId: string; reason: ReportReason; note: string }) => call('moderation:report', input) })
}

export const useReports = (enabled: boolean) => useQuery({ queryKey: queryKeys.reports, queryFn: () => call('moderation:reports'), enabled })
export const useModerationLog = (enabled: boolean) => useQuery({ queryKey: queryKeys.moderationLog, queryFn: () => call('moderation:log'), enabled })
export const useModerators = (enabled: boolean) => useQuery({ queryKey: queryKeys.moderators, queryFn: () => call('moderation:moderators'), enabled })
/** The signed-in person's removal notices, kept apart per person (one computer, several accounts). */
export const useNotices = (userId: string | null) => useQuery({ queryKey: [...queryKeys.notices, userId], queryFn: () => call('moderation:notices'), enabled: userId !== null })

/** 삭제 or 문제없음 on a reported post or comment: the list answers; a removal also changes the feed, the post and the log. */
export function useResolveReport() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (input: { kind: ReportTarget; targetId: string; reason: string | null }) =>
      input.reason === null ? call('moderation:dismiss', { kind: input.kind, targetId: input.targetId }) : call('moderation:remove', { kind: input.kind, targetId: input.targetId, reason: input.reason }),
    onSuccess: (list, input) => {
      client.setQueryData(queryKeys.reports, list)
      if (input.reason === null) return
      void client.invalidateQueries({ queryKey: queryKeys.moderationLog })
      void client.invalidateQueries({ predicate: (query) => ['posts', 'comments', 'people'].includes(String(query.queryKey[0])) })
    }
  })
}

export function useDismissNotice(userId: string | null) {
  const client = useQueryClient()
  return useMutation({ mutationFn: (id: string) => call('moderation:dismissNotice', { id }), onSuccess: (list) => client.setQueryData([...queryKeys.notices, userId], list) })
}

export function useSetModerator() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (input: { nickname: string; moderator: boolean }) => call('moderation:setModerator', input),
    onSuccess: (list) => client.setQueryData(queryKeys.moderators, list)
  })
}
