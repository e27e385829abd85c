import type { StoreSpec } from './stores'

/**
 * The seeded stores the scenarios share. Every store also has a post with 10,000 comments
 * (the newest) and one with 25; smoke runs use tiny ones.
 */
export function scalingSpecs(smoke: boolean): StoreSpec[] {
  return smoke
    ? [{ posts: 100, heavyComments: [500, 25] }, { posts: 400, heavyComments: [500, 25] }]
    : [1_000, 10_000, 100_000].map((posts) => ({ posts, heavyComments: [10_000, 25] }))
}

/** The store the browser scenarios open: 10k posts (the smoke run's largest tiny store). */
export function browserSpec(smoke: boolean): StoreSpec {
  return scalingSpecs(smoke)[smoke ? 1 : 1]!
}

/** The same store with 100 posts: first paint should not depend on how many posts there are. */
export function smallBrowserSpec(smoke: boolean): StoreSpec {
  return { posts: 100, heavyComments: browserSpec(smoke).heavyComments }
}

export const sizeLabel = (posts: number): string =>
  posts >= 1000 && posts % 1000 === 0 ? `${posts / 1000}k` : String(posts)
