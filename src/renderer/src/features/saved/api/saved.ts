import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { messages } from '@shared/messages'
import type { FeedPage, SessionView } from '@shared/types'
import { call, errorMessage } from '@/shared/lib/ipc'
import { queryKeys } from '@/shared/lib/query-keys'
import { useCurrentUser } from '@/shared/lib/session'
import { toast } from '@/shared/ui/toast'

/**
 * The ids of every post the signed-in person saved here (docs/decisions/038-bookmarks.md): what
 * 저장 / 저장 취소 shows. Read once; every save's answer is the whole list again, and a new
 * person or backend resets it (session.ts).
 */
export function useSavedIds() {
  const signedIn = useCurrentUser() !== null
  return useQuery({ queryKey: queryKeys.savedIds, queryFn: () => call('saved:ids'), enabled: signedIn, staleTime: Infinity })
}

/** Whether the post is saved, as far as this screen knows (false until the list is read). */
export function useIsSaved(postId: string): boolean {
  return useSavedIds().data?.ids.includes(postId) ?? false
}

/** 저장한 글: the posts, last saved first, a page at a time (main's keyset cursor). */
export function useSavedPosts() {
  return useInfiniteQuery({
    queryKey: queryKeys.savedList,
    queryFn: ({ pageParam }) => call('saved:list', { cursor: pageParam }),
    initialPageParam: null as string | null,
    getNextPageParam: (last: FeedPage) => last.nextCursor
  })
}

interface Before {
  /** Who asked: an answer that lands after someone else signed in changes nothing. */
  userId: string | null
  ids: { ids: string[] } | undefined
}

const userId = (client: QueryClient) => client.getQueryData<SessionView>(queryKeys.session)?.user?.id ?? null
const scope = 'saved:set'

/**
 * 저장 / 저장 취소 show the new state at once; main's answer (the whole list) confirms it, a
 * refusal (savedTooMany, a post gone, offline) puts the list back and says why. Saves go to main
 * one after another (one scope), so only the last answer is shown and none arrives out of order.
 * The change is told in a toast (a polite live region) as well as on the item itself.
 */
function useSetSaved() {
  const client = useQueryClient()
  const othersPending = () => client.isMutating({ mutationKey: [scope] }) > 1
  return useMutation({
    mutationKey: [scope],
    scope: { id: scope },
    mutationFn: ({ postId, saved }: { postId: string; saved: boolean }) => call('saved:set', { postId, saved }),
    onMutate: async ({ postId, saved }): Promise<Before> => {
      await client.cancelQueries({ queryKey: queryKeys.savedIds })
      const before: Before = { userId: userId(client), ids: client.getQueryData(queryKeys.savedIds) }
      client.setQueryData<{ ids: string[] }>(queryKeys.savedIds, (current) =>
        current && { ids: saved ? [postId, ...current.ids.filter((id) => id !== postId)] : current.ids.filter((id) => id !== postId) }
      )
      return before
    },
    onError: (error, _input, before) => {
      toast.error(errorMessage(error))
      if (!before || before.userId !== userId(client) || othersPending()) return
      client.setQueryData(queryKeys.savedIds, before.ids)
    },
    onSuccess: (answer, { saved }, before) => {
      if (before.userId !== userId(client)) return
      toast.success(saved ? messages.postSaved : messages.postUnsaved)
      if (!othersPending()) client.setQueryData(queryKeys.savedIds, answer)
    },
    // The page's list is read again on its next visit; a row unsaved on it stays until then (다시 저장).
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.savedList, refetchType: 'none' })
  })
}

/** 저장 or 저장 취소 of a post, by what the screen shows; signed out, it says to log in first. */
export function useToggleSaved(): (postId: string) => void {
  const signedIn = useCurrentUser() !== null
  const client = useQueryClient()
  const { mutate } = useSetSaved()
  return useCallback(
    (postId: string) => {
      if (!signedIn) return toast(messages.loginFirstSave)
      const saved = client.getQueryData<{ ids: string[] }>(queryKeys.savedIds)?.ids.includes(postId) ?? false
      mutate({ postId, saved: !saved })
    },
    [signedIn, client, mutate]
  )
}
