import styles from './Masthead.module.css'

/**
 * The masthead of a page of posts (the feed, 저장한 글): a kicker, the page's one h1 and a lede,
 * which a wide window sets beside the title (docs/decisions/024-magazine-layout.md). One
 * component rather than composed CSS: Vite copies composed rules into a lazy page's chunk, where
 * they would override the feed's @media rules once that page has loaded.
 */
export function Masthead({ kicker, title, lede }: { kicker: string; title: string; lede: string }) {
  return (
    <header className={styles.masthead}>
      <p className={styles.kicker}>{kicker}</p>
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.lede}>{lede}</p>
    </header>
  )
}
