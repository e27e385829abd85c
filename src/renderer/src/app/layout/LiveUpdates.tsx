import { useQueryClient, type InfiniteData } from '@tanstack/react-query'
import { useNavigate } from 'react-router-dom'
import type { FeedPage } from '@shared/types'
import { useMagpieEvent } from '@/shared/lib/events'
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
    const pages = client.getQueryData<InfiniteData<FeedPage>>(queryKeys.feed)?.pages ?? []
    const onScreen = pages.some((page) => page.posts.some((post) => postIds.includes(post.id)))
    if (feed || onScreen) void client.invalidateQueries({ queryKey: queryKeys.feed })
  })

  useMagpieEvent('alerts:changed', () => void client.invalidateQueries({ queryKey: queryKeys.alerts }))

  useMagpieEvent('app:navigate', ({ route }) => {
    if (route.startsWith('/')) navigate(route)
  })

  return null
}
