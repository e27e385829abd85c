import { useQueryClient, type InfiniteData } from '@tanstack/react-query'
import { useNavigate } from 'react-router-dom'
import type { FeedPage } from '@shared/types'
import { useMagpieEvent } from '@/shared/lib/events'
import { call } from '@/shared/lib/ipc'
import { patchPost } from '@/shared/lib/post-cache'
import { queryKeys } from '@/shared/lib/query-keys'

/** Applies main's pushed events to the cached data, so open screens update without reload. */
export function LiveUpdates() {
  const client = useQueryClient()
  const navigate = useNavigate()

  useMagpieEvent('session:changed', (session) => client.setQueryData(queryKeys.session, session))

  useMagpieEvent('posts:changed', ({ postIds, feed }) => {
    for (const id of postIds) {
      void client.invalidateQueries({ queryKey: queryKeys.post(id) })
      void client.invalidateQueries({ queryKey: queryKeys.comments(id) })
    }
    // Posts added or removed reshape the feed; otherwise only the cards that changed are fetched again.
    if (feed) {
      void client.invalidateQueries({ queryKey: queryKeys.feed })
      return
    }
    const pages = client.getQueryData<InfiniteData<FeedPage>>(queryKeys.feed)?.pages ?? []
    const onScreen = postIds.filter((id) => pages.some((page) => page.posts.some((post) => post.id === id)))
    for (const id of onScreen) {
      call('posts:get', { id }).then(
        (fresh) => patchPost(client, id, () => fresh),
        () => void client.invalidateQueries({ queryKey: queryKeys.feed })
      )
    }
  })

  useMagpieEvent('alerts:changed', () => void client.invalidateQueries({ queryKey: queryKeys.alerts }))

  useMagpieEvent('app:navigate', ({ route }) => {
    if (route.startsWith('/')) navigate(route)
  })

  return null
}
