import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { NotificationSettings, NotificationSettingsView } from '@shared/types'
import { call } from '@/shared/lib/ipc'
import { queryKeys } from '@/shared/lib/query-keys'

/** 설정 → 알림 of the person signed in: main keeps and applies them, the page only edits them. */
export function useNotificationSettings(enabled: boolean) {
  return useQuery({ queryKey: queryKeys.notifications, queryFn: () => call('notifications:get'), enabled })
}

/** Each answer is the whole view; the alert list's marks follow from main's alerts:changed. */
function useLand() {
  const client = useQueryClient()
  return (view: NotificationSettingsView) => client.setQueryData(queryKeys.notifications, view)
}

export function useSetNotificationSettings() {
  const land = useLand()
  return useMutation({
    mutationFn: (changes: Partial<NotificationSettings>) => call('notifications:set', changes),
    onSuccess: land
  })
}

/** 이 게시글 알림 끄기 / 켜기. */
export function useMutePost() {
  const land = useLand()
  return useMutation({
    mutationFn: (input: { postId: string; muted: boolean }) => call('notifications:mutePost', input),
    onSuccess: land
  })
}
