import { Feed } from '@/features/posts/components/Feed'
import { WriteButton } from '@/features/posts/components/WriteButton'
import { LikeButton } from '@/features/likes/components/LikeButton'
import styles from './feed.module.css'

export function FeedRoute() {
  return (
    <main className={styles.page}>
      <header className={styles.masthead}>
        <p className={styles.kicker}>MAGPIE MAGAZINE</p>
        <h1 className={styles.title}>오늘의 까치</h1>
        <p className={styles.lede}>사진 한 장과 짧은 글로 전하는 우리 동네 소식</p>
      </header>
      <Feed renderActions={(post) => <LikeButton post={post} />} />
      <WriteButton />
    </main>
  )
}
