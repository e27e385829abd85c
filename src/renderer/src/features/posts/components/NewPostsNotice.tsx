import { useCallback, useEffect, useState } from 'react'
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
  const [state, setState] = useState<{ top: { id: string; createdAt: number } | null; count: number }>({ top: null, count: 0 })
  const first = posts.get(0)
  // Looked at as the posts change, during the render (React's pattern for state that follows props).
  if (first && state.top?.id !== first.id) {
    let added = 0
    for (let i = 0; state.top; i++) {
      const post = posts.get(i)
      if (!post || post.id === state.top.id || post.createdAt <= state.top.createdAt) break
      if (!post.mine) added++
    }
    setState({ top: { id: first.id, createdAt: first.createdAt }, count: state.count + added })
  }
  const { count } = state
  const clear = useCallback(() => setState((now) => (now.count === 0 ? now : { ...now, count: 0 })), [])

  // At the top, the reader sees them: the notice goes. Looked at once the feed has put the
  // reader's card back (after layout), and whenever the reader scrolls.
  useEffect(() => {
    if (count === 0) return
    const check = () => {
      if (atTop(listTop)) clear()
    }
    const frame = requestAnimationFrame(check)
    window.addEventListener('scroll', check, { passive: true })
    return () => {
      cancelAnimationFrame(frame)
      window.removeEventListener('scroll', check)
    }
  }, [count, listTop, clear])

  return { count, clear }
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
