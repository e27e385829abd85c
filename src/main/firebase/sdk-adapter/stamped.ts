import { and, documentId, limit, or, orderBy, query, startAfter, where, type CollectionReference, type DocumentSnapshot, type Query } from 'firebase/firestore'
import { FirebasePortError, type CommentDoc, type DocsPort, type PostDoc, type Snapshot, type Unsubscribe } from '../ports'
import { isStampRange, rangesMax, stampBoundMax, type StampRange } from '../web-stamps'

/** Documents one page of a post's comments may ask for. */
const COMMENT_PAGE_MAX = 500

interface Tools {
  posts: CollectionReference
  comments: CollectionReference
  isDocId(id: unknown): id is string
  fetchDocs(q: Query): Promise<DocumentSnapshot[]>
  countOf(q: Query): Promise<number>
  watch<T>(q: Query, read: (snapshot: DocumentSnapshot) => T, onData: (docs: T[]) => void, onError: (error: FirebasePortError) => void): Unsubscribe
  readPost(snapshot: DocumentSnapshot): Snapshot<PostDoc>
  readComment(snapshot: DocumentSnapshot): Snapshot<CommentDoc>
}

type Stamped = Pick<
  DocsPort,
  'postsStamped' | 'watchPostsStamped' | 'watchPostCommentsStamped' | 'watchCommentsStamped' | 'postCommentsStamped' | 'countPostCommentsStamped'
>

function requireRange(range: StampRange): StampRange {
  if (!isStampRange(range)) throw new FirebasePortError('unknown', 'not a stamp range')
  return range
}

/**
 * `field` in any of the ranges, as one query: plain range filters for one range (the form every
 * Firestore serves), a disjunction (`or`, up to 30) for several — billed as one query all the same.
 */
function whereInRanges(base: Query, field: string, ranges: StampRange[], equal?: { field: string; value: string | string[] }): Query {
  if (!Array.isArray(ranges) || ranges.length === 0 || ranges.length > rangesMax) throw new FirebasePortError('unknown', 'not a list of stamp ranges')
  const pinned = equal ? [Array.isArray(equal.value) ? where(equal.field, 'in', equal.value) : where(equal.field, '==', equal.value)] : []
  if (ranges.length === 1) {
    const [range] = ranges
    return query(base, ...pinned, where(field, '>=', requireRange(range!).from), where(field, '<', range!.to))
  }
  const each = ranges.map((range) => and(where(field, '>=', requireRange(range).from), where(field, '<', range.to)))
  return query(base, and(...pinned, or(...each)))
}

/**
 * The queries on the web app's ko-KR date text (web-stamps.ts): a range on one field, served by
 * Firestore's automatic single-field index; a post's comments in a range, by the composite
 * index on (post_id, comment_time) in firebase/firestore.indexes.json.
 */
export function createStampedQueries(tools: Tools): Stamped {
  const { posts, comments, fetchDocs, watch, readPost, readComment } = tools
  const dated = (ranges: StampRange[]): Query => whereInRanges(posts, 'postDate', ranges)
  const ofPost = (postId: string, ranges: StampRange[]): Query => whereInRanges(comments, 'comment_time', ranges, { field: 'post_id', value: postId })

  return {
    postsStamped: async (ranges) => (await fetchDocs(dated(ranges))).map(readPost),
    watchPostsStamped: (ranges, onDocs, onError) => watch(dated(ranges), readPost, onDocs, onError),
    watchPostCommentsStamped(postId, ranges, onDocs, onError) {
      if (!tools.isDocId(postId)) throw new FirebasePortError('unknown', 'not a document id')
      return watch(ofPost(postId, ranges), readComment, onDocs, onError)
    },
    watchCommentsStamped(postIds, ranges, onDocs, onError) {
      // Firestore expands `in` × `or` into disjunctions, at most 30 of them in a query.
      if (!Array.isArray(postIds) || postIds.length === 0 || !postIds.every(tools.isDocId) || postIds.length * ranges.length > rangesMax) {
        throw new FirebasePortError('unknown', 'not a list of document ids within the disjunction limit')
      }
      return watch(whereInRanges(comments, 'comment_time', ranges, { field: 'post_id', value: postIds }), readComment, onDocs, onError)
    },

    async postCommentsStamped(postId, range, after, requested) {
      if (!tools.isDocId(postId)) return []
      if (!Number.isInteger(requested) || requested < 1) throw new FirebasePortError('unknown', `page size ${requested} is not a positive integer`)
      if (after && (typeof after.stamp !== 'string' || after.stamp.length > stampBoundMax || !tools.isDocId(after.id))) {
        throw new FirebasePortError('unknown', 'not a comments cursor')
      }
      const page = [orderBy('comment_time'), orderBy(documentId()), ...(after ? [startAfter(after.stamp, after.id)] : []), limit(Math.min(requested, COMMENT_PAGE_MAX))]
      return (await fetchDocs(query(ofPost(postId, [range]), ...page))).map(readComment)
    },

    countPostCommentsStamped: async (postId, range) => (tools.isDocId(postId) ? tools.countOf(ofPost(postId, [range])) : 0)
  }
}
