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
function keepPendingLike(client: QueryClient, shown: PostView | undefined, fresh: PostView): PostView {
  if (!shown || client.isMutating({ mutationKey: mutationKeys.like(fresh.id) }) === 0) return fresh
  return { ...fresh, likedByMe: shown.likedByMe, likeCount: shown.likeCount }
}

/**
 * One post from main, cached under its detail key; every read of a single post goes
 * through this query, so a like can cancel it (`cancelQueries`) before changing the post.
 * A read that completes updates the post's feed card too, so the card and the detail never
 * disagree; a cancelled one changes nothing.
 */
export const postQuery = (client: QueryClient, id: string) =>
  queryOptions({
    queryKey: queryKeys.post(id),
    queryFn: async ({ signal }) => {
      const fresh = await call('posts:get', { id })
      if (!signal.aborted) patchFeedPost(client, id, (card) => keepPendingLike(client, card, fresh))
      return keepPendingLike(client, client.getQueryData<PostView>(queryKeys.post(id)) ?? feedPost(client, id), fresh)
    }
  })

/** Reads a post again, for its detail entry and its feed card alike. */
export async function refreshPost(client: QueryClient, postId: string): Promise<void> {
  await client.fetchQuery({ ...postQuery(client, postId), staleTime: 0 })
}
