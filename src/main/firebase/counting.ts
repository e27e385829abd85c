import type { DocsPort, Snapshot } from './ports'

export type DocsMethod = keyof DocsPort

/** Documents read (returned or delivered) per DocsPort method, and calls made. */
export interface ReadCounts {
  docs: Partial<Record<DocsMethod, number>>
  calls: Partial<Record<DocsMethod, number>>
}

/** Index entries one billed read of an aggregation covers (Firestore's pricing of count()). */
export const countEntriesPerRead = 1_000

/** Reads one count aggregation is billed: one per 1,000 entries counted, and at least one. */
const billedCount = (entries: number): number => Math.max(1, Math.ceil(entries / countEntriesPerRead))

/**
 * Wraps a DocsPort and counts every document it hands back, at the one boundary where
 * Firestore bills reads: query and get results, and every document each listener delivers
 * (a listener's snapshot is counted whole, so this is an upper bound of what Firestore
 * charges for changes). A count query is billed one read per 1,000 index entries it counts,
 * and at least one. Writes are passed through uncounted.
 */
export function countReads(inner: DocsPort) {
  const counts: ReadCounts = { docs: {}, calls: {} }
  const add = (method: DocsMethod, n: number) => {
    counts.docs[method] = (counts.docs[method] ?? 0) + n
  }
  const call = (method: DocsMethod) => {
    counts.calls[method] = (counts.calls[method] ?? 0) + 1
  }
  const many =
    <A extends unknown[], T>(method: DocsMethod, run: (...args: A) => Promise<Snapshot<T>[]>) =>
    async (...args: A): Promise<Snapshot<T>[]> => {
      call(method)
      const docs = await run(...args)
      add(method, docs.length)
      return docs
    }
  const one =
    <A extends unknown[], T>(method: DocsMethod, run: (...args: A) => Promise<Snapshot<T> | null>) =>
    async (...args: A): Promise<Snapshot<T> | null> => {
      call(method)
      const doc = await run(...args)
      // A get of a missing document is still one billed read.
      add(method, 1)
      return doc
    }

  const docs: DocsPort = {
    postsPage: many('postsPage', (after, limit) => inner.postsPage(after, limit)),
    legacyPostsScan: many('legacyPostsScan', (afterId, limit) => inner.legacyPostsScan(afterId, limit)),
    commentsOf: many('commentsOf', (postId) => inner.commentsOf(postId)),
    getPost: one('getPost', (id) => inner.getPost(id)),
    getComment: one('getComment', (id) => inner.getComment(id)),
    userByEmail: one('userByEmail', (email) => inner.userByEmail(email)),
    async postsCount() {
      call('postsCount')
      const counted = await inner.postsCount()
      add('postsCount', billedCount(counted.all) + billedCount(counted.ordered))
      return counted
    },
    async commentCounts(postIds) {
      call('commentCounts')
      const counts = await inner.commentCounts(postIds)
      add(
        'commentCounts',
        Object.values(counts).reduce((sum, n) => sum + billedCount(n), 0)
      )
      return counts
    },
    watchPostsTop(limit, onDocs, onError) {
      call('watchPostsTop')
      return inner.watchPostsTop(limit, (list) => (add('watchPostsTop', list.length), onDocs(list)), onError)
    },
    watchPostsDated(prefix, onDocs, onError) {
      call('watchPostsDated')
      return inner.watchPostsDated(prefix, (list) => (add('watchPostsDated', list.length), onDocs(list)), onError)
    },
    watchPost(id, onDoc, onError) {
      call('watchPost')
      return inner.watchPost(id, (doc) => (add('watchPost', 1), onDoc(doc)), onError)
    },
    watchComments(postId, onDocs, onError) {
      call('watchComments')
      return inner.watchComments(postId, (list) => (add('watchComments', list.length), onDocs(list)), onError)
    },
    watchPosts(ids, onDocs, onError) {
      call('watchPosts')
      return inner.watchPosts(ids, (list) => (add('watchPosts', list.length), onDocs(list)), onError)
    },
    watchCommentsOf(postIds, onDocs, onError) {
      call('watchCommentsOf')
      return inner.watchCommentsOf(postIds, (list) => (add('watchCommentsOf', list.length), onDocs(list)), onError)
    },
    addPost: (doc) => inner.addPost(doc),
    updatePost: (id, patch) => inner.updatePost(id, patch),
    deletePost: (id) => inner.deletePost(id),
    setLiked: (postId, email, liked) => inner.setLiked(postId, email, liked),
    addComment: (doc) => inner.addComment(doc),
    deleteComment: (id) => inner.deleteComment(id),
    setUser: (uid, doc) => inner.setUser(uid, doc)
  }

  return {
    docs,
    counts,
    /** Every document read, by any method. */
    total(except: DocsMethod[] = []): number {
      return Object.entries(counts.docs)
        .filter(([method]) => !except.includes(method as DocsMethod))
        .reduce((sum, [, n]) => sum + (n ?? 0), 0)
    },
    reset(): void {
      counts.docs = {}
      counts.calls = {}
    }
  }
}
