import type { InfiniteData, QueryClient } from '@tanstack/react-query'
import type { FeedPage, PostView } from '@shared/types'
import { queryKeys } from './query-keys'

/** Applies a change to one post wherever it is cached (feed pages and its detail), for instant feedback. */
export function patchPost(client: QueryClient, postId: string, patch: (post: PostView) => PostView): void {
  client.setQueryData<InfiniteData<FeedPage>>(queryKeys.feed, (feed) =>
    feed
      ? { ...feed, pages: feed.pages.map((page) => ({ ...page, posts: page.posts.map((p) => (p.id === postId ? patch(p) : p)) })) }
      : feed
  )
  client.setQueryData<PostView>(queryKeys.post(postId), (post) => (post ? patch(post) : post))
}

/** The post as last seen anywhere in the cache, e.g. to render a detail before it loads. */
export function cachedPost(client: QueryClient, postId: string): PostView | undefined {
  const detail = client.getQueryData<PostView>(queryKeys.post(postId))
  if (detail) return detail
  const feed = client.getQueryData<InfiniteData<FeedPage>>(queryKeys.feed)
  return feed?.pages.flatMap((page) => page.posts).find((post) => post.id === postId)
}
