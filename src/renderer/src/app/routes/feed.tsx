import { Feed } from '@/features/posts/components/Feed'
import { WriteButton } from '@/features/posts/components/WriteButton'
import { LikeButton } from '@/features/likes/components/LikeButton'
import { messages } from '@shared/messages'
import type { PostView } from '@shared/types'
import { usePageTitle } from '@/shared/lib/page-title'
import { Masthead } from '@/shared/ui/Masthead'
import styles from './feed.module.css'

/** One function for every render, so the feed's memoised cards stay untouched when others change. */
const likeButton = (post: PostView) => <LikeButton post={post} />

export function FeedRoute() {
  usePageTitle(messages.home)
  return (
    <main className={styles.page}>
      <Masthead kicker={messages.feedKicker} title="오늘의 까치" lede="사진 한 장과 짧은 글로 전하는 우리 동네 소식" />
      {/* Before the feed in the Tab order (it floats over it): an endless feed would never let Tab reach it. */}
      <WriteButton />
      <Feed renderActions={likeButton} />
    </main>
  )
}
