import { Link } from 'react-router-dom'
import { format, messages } from '@shared/messages'
import { searchTerms } from '@shared/search-text'
import { marked } from '@/shared/lib/marks'
import { Avatar } from '@/shared/ui/Avatar'
import { ErrorState } from '@/shared/ui/ErrorState'
import { useSearch } from '../api/search'
import { PostResult } from './PostResult'
import styles from './SearchPanel.module.css'

/** The words to mark in a result: the query's words and its tags as written (`#봄`). */
const marksOf = (query: string) => {
  const { words, tags } = searchTerms(query)
  return [...words, ...tags.map((tag) => `#${tag}`)]
}

/** The results of one query under the top bar's field: a tag's page, people, then posts newest first. */
/** Opening a result is a navigation, which closes the panel (SearchBox). */
export function SearchPanel({ id, query }: { id: string; query: string }) {
  const search = useSearch(query)
  const pages = search.data?.pages ?? []
  // The words of the answer shown (the last one while a newer one is on its way).
  const shownQuery = pages[0]?.query ?? query
  const words = marksOf(shownQuery)
  const posts = pages.flatMap((page) => page.posts)
  const people = pages[0]?.people ?? []
  const { tags } = searchTerms(query)
  const tag = tags.length === 1 && query.trim().startsWith('#') && !query.trim().includes(' ') ? tags[0]! : null
  const status = search.isError
    ? ''
    : !search.data || search.isPlaceholderData
      ? messages.searching
      : posts.length + people.length === 0
        ? messages.searchNoResults
        : format.searchCount(posts.length, search.hasNextPage, people.length)

  return (
    <section id={id} className={styles.panel} aria-label={messages.searchResults} data-search-panel>
      <p className={styles.status} role="status" data-testid="search-status">
        {status}
      </p>
      {search.isError && <ErrorState compact error={search.error} onRetry={() => void search.refetch()} />}
      {tag && (
        <Link className={styles.tagLink} to={`/tags/${encodeURIComponent(tag)}`}>
          {format.tagPosts(tag)}
        </Link>
      )}
      {people.length > 0 && (
        <>
          <h2 className={styles.heading}>{messages.searchPeople}</h2>
          <ul className={styles.list}>
            {people.map((person) => (
              <li key={person.id}>
                {/* The person's page (/people/:id) comes with profiles. */}
                <Link className={styles.person} to={`/people/${encodeURIComponent(person.id)}`} data-testid="search-person">
                  <Avatar person={person} size={28} />
                  <span className={styles.nickname}>{marked(person.nickname, words)}</span>
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
      {posts.length > 0 && (
        <>
          <h2 className={styles.heading}>{messages.searchPosts}</h2>
          <ul className={styles.list}>
            {posts.map((post) => (
              <li key={post.id}>
                <PostResult post={post} words={words} />
              </li>
            ))}
          </ul>
          {search.hasNextPage && (
            <button type="button" className={styles.more} disabled={search.isFetchingNextPage} onClick={() => void search.fetchNextPage()}>
              {search.isFetchingNextPage ? messages.loadingMore : messages.loadMore}
            </button>
          )}
        </>
      )}
    </section>
  )
}
