import { queryOptions, type InfiniteData, type QueryClient } from '@tanstack/react-query'
import type { FeedPage, PostView } from '@shared/types'
import { call } from './ipc'
import { mutationKeys, queryKeys } from './query-keys'

type Patch = (post: PostView) => PostView

/** Applies a change to one post in the loaded feed pages. */
export function patchFeedPost(client: QueryClient, postId: string, patch: Patch): void {
  client.setQueryData<InfiniteData<FeedPage>>(queryKeys.feed, (feed) =>
    feed
      ? { ...feed, pages: feed.pages.map((page) => ({ ...page, posts: page.posts.map((p) => (p.id === postId ? patch(p) : p)) })) }
      : feed
  )
}

/** Applies a change to one post's detail entry. */
export function patchDetailPost(client: QueryClient, postId: string, patch: Patch): void {
  client.setQueryData<PostView>(queryKeys.post(postId), (post) => (post ? patch(post) : post))
}

/** Applies a change to one post wherever it is cached (feed pages and its detail), for instant feedback. */
export function patchPost(client: QueryClient, postId: string, patch: Patch): void {
  patchFeedPost(client, postId, patch)
  patchDetailPost(client, postId, patch)
}

/** The post as it is in the loaded feed pages. */
export function feedPost(client: QueryClient, postId: string): PostView | undefined {
  const feed = client.getQueryData<InfiniteData<FeedPage>>(queryKeys.feed)
  return feed?.pages.flatMap((page) => page.posts).find((post) => post.id === postId)
}

/** The post as last seen anywhere in the cache, e.g. to render a detail before it loads. */
export function cachedPost(client: QueryClient, postId: string): PostView | undefined {
  return client.getQueryData<PostView>(queryKeys.post(postId)) ?? feedPost(client, postId)
}

/**
 * Main's copy of a post, except the heart while a click on it is still on its way to main:
 * a copy read just before main saw the click would otherwise flip the heart back.
 */
function withPendingLike(client: QueryClient, fresh: PostView): PostView {
  if (client.isMutating({ mutationKey: mutationKeys.like(fresh.id) }) === 0) return fresh
  const shown = cachedPost(client, fresh.id)
  return shown ? { ...fresh, likedByMe: shown.likedByMe, likeCount: shown.likeCount } : fresh
}

/**
 * One post from main, cached under its detail key. Every read of a single post goes
 * through this query, so a like can cancel it (`cancelQueries`) before changing the post.
 */
export const postQuery = (client: QueryClient, id: string) =>
  queryOptions({
    queryKey: queryKeys.post(id),
    queryFn: async () => withPendingLike(client, await call('posts:get', { id }))
  })

/** Reads a post again and puts the fresh copy in its detail entry and the feed alike. */
export async function refreshPost(client: QueryClient, postId: string): Promise<void> {
  const fresh = await client.fetchQuery({ ...postQuery(client, postId), staleTime: 0 })
  patchFeedPost(client, postId, () => fresh)
}
