import type { DocsPort, PostDoc, Snapshot, Unsubscribe } from './ports'

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
 * Firestore bills reads: query and get results, and what each listener delivers (see listen). A count query is billed one read per 1,000 index entries it counts,
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
      // A query that finds nothing is still one billed read.
      add(method, Math.max(1, docs.length))
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

  /**
   * A listener is billed as Firestore bills one: every document of its first snapshot (and one
   * read when that is empty), then one read per document added, changed or removed after.
   */
  const listen = <T>(method: DocsMethod, onDocs: (docs: Snapshot<T>[]) => void, start: (deliver: (docs: Snapshot<T>[]) => void) => Unsubscribe): Unsubscribe => {
    call(method)
    let last: Map<string, string> | null = null
    return start((list) => {
      const now = new Map(list.map((doc) => [doc.id, JSON.stringify(doc.data)]))
      if (last === null) add(method, Math.max(1, now.size))
      else {
        const before = last
        add(method, [...now].filter(([id, data]) => before.get(id) !== data).length + [...before.keys()].filter((id) => !now.has(id)).length)
      }
      last = now
      onDocs(list)
    })
  }

  const docs: DocsPort = {
    postsPage: many('postsPage', (after, limit) => inner.postsPage(after, limit)),
    legacyPostsScan: many('legacyPostsScan', (afterId, limit) => inner.legacyPostsScan(afterId, limit)),
    commentsOf: many('commentsOf', (postId) => inner.commentsOf(postId)),
    getPost: one('getPost', (id) => inner.getPost(id)),
    getComment: one('getComment', (id) => inner.getComment(id)),
    async commentTimesByNickname(postId, nickname) {
      call('commentTimesByNickname')
      const times = await inner.commentTimesByNickname(postId, nickname)
      // A query that finds nothing is still one billed read.
      add('commentTimesByNickname', Math.max(1, times.length))
      return times
    },
    userByEmail: one('userByEmail', (email) => inner.userByEmail(email)),
    deleteUser: (docId) => inner.deleteUser(docId),
    allPostsBy: many('allPostsBy', (uid, n) => inner.allPostsBy(uid, n)),
    commentsBy: many('commentsBy', (email, n) => inner.commentsBy(email, n)),
    postsLikedBy: many('postsLikedBy', (email, n) => inner.postsLikedBy(email, n)),
    async commentCounts(postIds) {
      call('commentCounts')
      const counts = await inner.commentCounts(postIds)
      add(
        'commentCounts',
        Object.values(counts).reduce((sum, n) => sum + billedCount(n), 0)
      )
      return counts
    },
    postsStamped: many('postsStamped', (ranges) => inner.postsStamped(ranges)),
    postCommentsStamped: many('postCommentsStamped', (postId, range, after, limit) => inner.postCommentsStamped(postId, range, after, limit)),
    async countPostCommentsStamped(postId, range) {
      call('countPostCommentsStamped')
      const counted = await inner.countPostCommentsStamped(postId, range)
      add('countPostCommentsStamped', billedCount(counted))
      return counted
    },
    watchPostsTop: (limit, onDocs, onError) => listen('watchPostsTop', onDocs, (deliver) => inner.watchPostsTop(limit, deliver, onError)),
    watchPostsStamped: (ranges, onDocs, onError) => listen('watchPostsStamped', onDocs, (deliver) => inner.watchPostsStamped(ranges, deliver, onError)),
    watchPostCommentsStamped: (postId, ranges, onDocs, onError) =>
      listen('watchPostCommentsStamped', onDocs, (deliver) => inner.watchPostCommentsStamped(postId, ranges, deliver, onError)),
    watchCommentsStamped: (postIds, ranges, onDocs, onError) =>
      listen('watchCommentsStamped', onDocs, (deliver) => inner.watchCommentsStamped(postIds, ranges, deliver, onError)),
    watchComments: (postId, onDocs, onError) => listen('watchComments', onDocs, (deliver) => inner.watchComments(postId, deliver, onError)),
    watchPosts: (ids, onDocs, onError) => listen('watchPosts', onDocs, (deliver) => inner.watchPosts(ids, deliver, onError)),
    watchPost(id, onDoc, onError) {
      return listen('watchPost', (docs: Snapshot<PostDoc>[]) => onDoc(docs[0] ?? null), (deliver) => inner.watchPost(id, (doc) => deliver(doc ? [doc] : []), onError))
    },
    addPost: (doc) => inner.addPost(doc),
    updatePost: (id, patch) => inner.updatePost(id, patch),
    deletePost: (id) => inner.deletePost(id),
    setLiked: (postId, email, liked) => inner.setLiked(postId, email, liked),
    addComment: (doc) => inner.addComment(doc),
    deleteComment: (id) => inner.deleteComment(id),
    setUser: (uid, doc) => inner.setUser(uid, doc),
    async nicknameHolder(key) {
      call('nicknameHolder')
      add('nicknameHolder', 1)
      return inner.nicknameHolder(key)
    },
    async emailHolder(key) {
      call('emailHolder')
      add('emailHolder', 1)
      return inner.emailHolder(key)
    },
    async claimEmail(key, uid) {
      call('claimEmail')
      // The transaction reads the entry once.
      add('claimEmail', 1)
      return inner.claimEmail(key, uid)
    },
    setBlockedUid: (owner, blockedUid, key) => inner.setBlockedUid(owner, blockedUid, key),
    async controls(uid) {
      call('controls')
      const entries = await inner.controls(uid)
      // Two queries: an empty one is billed one read.
      add('controls', Math.max(entries.length, 2))
      return entries
    },
    setControl: (uid, list, key, entry) => inner.setControl(uid, list, key, entry),
    async releaseNickname(key, uid) {
      call('releaseNickname')
      add('releaseNickname', 1)
      return inner.releaseNickname(key, uid)
    },
    async getProfile(uid) {
      call('getProfile')
      add('getProfile', 1)
      return inner.getProfile(uid)
    },
    deleteProfile: (uid) => inner.deleteProfile(uid),
    async setProfile(uid, face) {
      call('setProfile')
      add('setProfile', 1)
      return inner.setProfile(uid, face)
    },
    postsBy: many('postsBy', (uid, after, limit) => inner.postsBy(uid, after, limit)),
    async countPostsBy(uid) {
      call('countPostsBy')
      const counted = await inner.countPostsBy(uid)
      add('countPostsBy', billedCount(counted))
      return counted
    },
    // 신고 (decision 030): a report's create reads its own id first; the moderator's lists are queries.
    async addReport(report) {
      call('addReport')
      add('addReport', 1)
      return inner.addReport(report)
    },
    reports: many('reports', (n) => inner.reports(n)),
    async closeReports(kind, target) {
      call('closeReports')
      add('closeReports', 1)
      return inner.closeReports(kind, target)
    },
    addModerationLog: (entry) => inner.addModerationLog(entry),
    moderationLog: many('moderationLog', (n) => inner.moderationLog(n)),
    addNotice: (key, notice) => inner.addNotice(key, notice),
    watchNotices: (key, onDocs, onError) => listen('watchNotices', onDocs, (deliver) => inner.watchNotices(key, deliver, onError)),
    deleteNotice: (key, id) => inner.deleteNotice(key, id),
    reportsBy: many('reportsBy', (uid, n) => inner.reportsBy(uid, n)),
    deleteReport: (id) => inner.deleteReport(id),
    // A get of a missing document is still one billed read.
    async communitySettings() {
      call('communitySettings')
      add('communitySettings', 1)
      return inner.communitySettings()
    },
    // A transaction's read is billed like any other.
    async claimNickname(key, uid) {
      call('claimNickname')
      add('claimNickname', 1)
      return inner.claimNickname(key, uid)
    }
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
