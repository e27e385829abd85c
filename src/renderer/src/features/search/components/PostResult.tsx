import { useEffect, useRef } from 'react'
import { Link } from 'react-router-dom'
import type { PostView } from '@shared/types'
import { firstMatch, marked } from '@/shared/lib/marks'
import { claimReturnFocus } from '@/shared/lib/return-focus'
import { Avatar } from '@/shared/ui/Avatar'
import { RelativeTime } from '@/shared/ui/RelativeTime'
import styles from './PostResult.module.css'

/** Characters shown before the first match when it lies deep in a long text. */
const lead = 16

/** The words around the first match, so a match far down a long text is on the two lines shown. */
function around(text: string, words: readonly string[]): string {
  const flat = text.replace(/\s+/gu, ' ').trim()
  const at = firstMatch(flat, words)
  return at > lead * 2 ? `…${flat.slice(at - lead)}` : flat
}

/** A post found: who, when, its words with the match marked, its photo small; the whole row opens it. */
export function PostResult({ post, words }: { post: PostView; words: readonly string[] }) {
  const link = useRef<HTMLAnchorElement>(null)
  // Back from the post (목록으로) to a hashtag's page: the focus returns to its row.
  useEffect(() => {
    if (claimReturnFocus(post.id)) link.current?.focus({ preventScroll: true })
  }, [post.id])
  const thumb = post.photos[0]!.image.variants[0]
  return (
    <Link ref={link} className={styles.row} to={`/detail/${post.id}`} data-testid="search-post">
      <Avatar person={post.author} size={32} />
      <span className={styles.main}>
        <span className={styles.byline}>
          <span className={styles.nickname}>{post.author.nickname}</span>
          <RelativeTime className={styles.date} at={post.createdAt} />
        </span>
        <span className={styles.text}>{marked(around(post.text, words), words)}</span>
      </span>
      {thumb && <img className={styles.thumb} src={thumb.url} alt="" width={52} height={52} loading="lazy" />}
    </Link>
  )
}
