import { useInfiniteQuery } from '@tanstack/react-query'
import { call } from '@/shared/lib/ipc'
import { queryKeys } from '@/shared/lib/query-keys'

export const getComments = (postId: string, cursor: string | null) => call('comments:list', { postId, cursor })

/** A post's comments, oldest first, 20 at a time ("more" loads the rest). */
export function useComments(postId: string) {
  return useInfiniteQuery({
    queryKey: queryKeys.comments(postId),
    queryFn: ({ pageParam }) => getComments(postId, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor
  })
}
