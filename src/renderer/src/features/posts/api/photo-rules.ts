import { useQuery } from '@tanstack/react-query'
import { call } from '@/shared/lib/ipc'
import { queryKeys } from '@/shared/lib/query-keys'

/**
 * What a post's photos need here (decision 031): asked each time the editor opens (main keeps
 * the community's answer for a while, so this costs no read of its own); none until it answers.
 */
export function usePhotoRules() {
  return useQuery({ queryKey: queryKeys.photoRules, queryFn: () => call('posts:photoRules'), staleTime: 0 })
}
