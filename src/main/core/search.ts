import { limits } from '@shared/limits'
import { hashtagMax, normalTag, searchTerms } from '@shared/search-text'
import type { FeedPage, PostView, SearchResults } from '@shared/types'
import type { Store } from '../store'
import type { Views } from './mappers'

/**
 * Whose posts and names a viewer does not see in results. Block and mute fill it in; until
 * then nobody is hidden. One seam for both backends, applied in the store's query so pages stay full.
 */
export type HiddenAuthors = (viewer: string | null) => readonly string[]
export const nobodyHidden: HiddenAuthors = () => []

/** What a hashtag in text can be (shared/search-text.ts, hashtagPattern). */
const tagName = new RegExp(`^[\\p{L}\\p{M}\\p{N}_]{1,${hashtagMax}}$`, 'u')

/** A search page's cursor: the index key of its last post (store/search-store.ts), opaque to the renderer. */
const encode = (key: number) => Buffer.from(`s${key}`, 'utf8').toString('base64url')
/** A malformed cursor starts over at the newest, like the feed's (store/keyset.ts). */
function decode(cursor: string | null | undefined): number | null {
  if (!cursor) return null
  const match = /^s(\d{1,16})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'))
  return match ? Number(match[1]) : null
}

/**
 * Search over every post the store holds — local mode's own, community mode's mirror (what it
 * knows is in docs/firebase.md, "Search") — and people by nickname. The same for both backends:
 * neither asks Firebase anything, so a search costs no read.
 */
export function createSearch(store: Store, views: Views, hiddenAuthors: HiddenAuthors = nobodyHidden) {
  function page(viewer: string | null, words: string[], tags: string[], wholeTags: boolean, cursor: string | null | undefined): FeedPage {
    const size = limits.searchPageSize
    const rows = store.search.posts({ words, tags, wholeTags, below: decode(cursor), limit: size + 1, hiddenAuthors: hiddenAuthors(viewer) })
    const shown = rows.slice(0, size)
    const posts = shown.flatMap((row): PostView[] => {
      const post = store.posts.get(row.postId, viewer)
      return post ? [views.post(post, viewer)] : []
    })
    return { posts, nextCursor: rows.length > size ? encode(shown.at(-1)!.key) : null }
  }

  return {
    /** Words match anywhere in a post's text (substrings, every word); `#tag` matches tags starting so, as it is typed. */
    query(viewer: string | null, query: string, cursor: string | null | undefined): SearchResults {
      const { words, tags } = searchTerms(query)
      if (!words.length && !tags.length) return { posts: [], people: [], nextCursor: null }
      const { posts, nextCursor } = page(viewer, words, tags, false, cursor)
      // People by their name: only a query of words (a tag names no one), on the first page.
      const people =
        cursor || tags.length || !words.length
          ? []
          : store.search.people(words.join(' '), limits.searchPeopleMax, hiddenAuthors(viewer)).map((p) => views.person(p.id, p.nickname, p.avatar))
      return { posts, people, nextCursor }
    },
    /** A hashtag's page: the posts with exactly this tag, newest first. */
    tag(viewer: string | null, tag: string, cursor: string | null | undefined): FeedPage {
      const name = normalTag(tag.replace(/^#/u, '').trim())
      // Only what a hashtag in text can be (shared/search-text.ts): anything else has no posts.
      if (!tagName.test(name)) return { posts: [], nextCursor: null }
      return page(viewer, [], [name], true, cursor)
    }
  }
}

export type SearchService = ReturnType<typeof createSearch>
