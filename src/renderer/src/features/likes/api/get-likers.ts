import { useQuery } from '@tanstack/react-query'
import { call } from '@/shared/lib/ipc'
import { queryKeys } from '@/shared/lib/query-keys'

/** Who liked the post, read again each time the list opens (likes come and go). */
export function useLikers(postId: string, open: boolean) {
  return useQuery({ queryKey: queryKeys.likers(postId), queryFn: () => call('likes:list', { postId }), staleTime: 0, enabled: open })
}
