import { useEffect, useRef, useState } from 'react'
import { format } from '@shared/messages'
import type { PostView } from '@shared/types'
import styles from './NewPostsNotice.module.css'

/** The reader counts as at the top while the first card's top is on screen (the masthead above it may be scrolled away). */
const atTop = (listTop: number) => window.scrollY <= listTop

/**
 * How many posts by others arrived above the newest post the reader has seen at the top of the
 * feed. The feed keeps the reader's card still as they arrive (Feed.tsx's anchor); this only
 * counts them. Known while the feed's first page is in memory (a reader deep in a long feed,
 * whose first pages the cache dropped, is not told).
 */
export function useNewPosts(posts: Map<number, PostView>, listTop: number): { count: number; clear: () => void } {
  const seen = useRef<{ id: string; createdAt: number } | null>(null)
  const [count, setCount] = useState(0)
  const first = posts.get(0)

  useEffect(() => {
    if (!first) return
    const top = seen.current
    if (!top || atTop(listTop)) {
      seen.current = { id: first.id, createdAt: first.createdAt }
      setCount(0)
      return
    }
    if (first.id === top.id) return
    let added = 0
    for (let i = 0; ; i++) {
      const post = posts.get(i)
      if (!post || post.id === top.id || post.createdAt <= top.createdAt) break
      if (!post.mine) added++
    }
    seen.current = { id: first.id, createdAt: first.createdAt }
    if (added > 0) setCount((n) => n + added)
  }, [first, posts, listTop])

  // Back at the top, the reader sees them: the notice goes.
  useEffect(() => {
    if (count === 0) return
    const onScroll = () => {
      if (atTop(listTop)) setCount(0)
    }
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => window.removeEventListener('scroll', onScroll)
  }, [count, listTop])

  return { count, clear: () => setCount(0) }
}

/**
 * "새 글 N개" over the feed: pressing it goes to the top. A polite live region, always in the
 * document, so a screen reader hears the count without losing its place.
 */
export function NewPostsNotice({ count, onShow }: { count: number; onShow: () => void }) {
  return (
    <div className={styles.region} role="status">
      {count > 0 && (
        <button type="button" className={styles.pill} onClick={onShow} data-testid="new-posts">
          {format.newPosts(count)}
        </button>
      )}
    </div>
  )
}
