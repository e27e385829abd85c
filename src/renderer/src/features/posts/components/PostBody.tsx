import type { Layout } from '@shared/limits'
import type { ImageView } from '@shared/types'
import { messages } from '@shared/messages'
import { Image } from '@/shared/ui/Image'
import { highlight } from './highlight'
import styles from './PostBody.module.css'

interface Props {
  text: string
  layout: Layout
  image: ImageView | null
  /** In the feed the text is a preview: 100px for Top, 45vh beside the photo (docs/specification.md §9). */
  preview?: boolean
  /** A local photo (blob: URL) in the editor before main has processed it. */
  localImage?: string | null
  eager?: boolean
  /** Words the find bar looks for, marked in the text. */
  highlight?: string
}

/**
 * Text and photo arranged by the layout, which names where the text sits:
 * Top = above a full-width photo, Left = left of the photo, Right = right of it.
 */
export function PostBody({ text, layout, image, preview = false, localImage, eager, highlight: words }: Props) {
  const side = layout !== 'Top'
  const photo = localImage ? (
    <img className={styles.local} src={localImage} alt={messages.postImageAlt} />
  ) : image ? (
    <Image
      image={image}
      alt={messages.postImageAlt}
      sizes={side ? '(max-width: 720px) 100vw, 420px' : '(max-width: 760px) 100vw, 720px'}
      maxHeight="500px"
      eager={eager}
    />
  ) : (
    <div className={styles.noImage} aria-hidden="true" />
  )
  return (
    <div className={`${styles.body} ${styles[layout.toLowerCase()]}`} data-layout={layout}>
      <div className={`${styles.text} ${preview ? (side ? styles.previewSide : styles.previewTop) : ''}`}>
        <p>{highlight(text, words)}</p>
      </div>
      <div className={styles.photo}>{photo}</div>
    </div>
  )
}
