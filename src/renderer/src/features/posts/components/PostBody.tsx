import { useLayoutEffect, useRef, useState, type ReactNode } from 'react'
import { flushSync } from 'react-dom'
import type { Layout } from '@shared/limits'
import type { ImageView } from '@shared/types'
import { messages } from '@shared/messages'
import { Image } from '@/shared/ui/Image'
import { LinkedText } from '@/shared/ui/LinkedText'
import { highlight } from './highlight'
import styles from './PostBody.module.css'

interface Props {
  text: string
  layout: Layout
  image: ImageView | null
  /** In the feed the text is a preview: three lines (under 100px) for Top, 45vh beside the photo (docs/specification.md §9). */
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
      {preview && !side ? (
        <div className={styles.text}>
          <ClampedText>{highlight(text, words)}</ClampedText>
        </div>
      ) : (
        <div className={`${styles.text} ${preview ? styles.previewSide : ''}`}>
          {/* The feed's preview sits inside the link to the post: its tags and links are plain text there. */}
          <p>{preview ? highlight(text, words) : <LinkedText text={text} />}</p>
        </div>
      )}
      <div className={styles.photo}>{photo}</div>
    </div>
  )
}

/**
 * The Top layout's preview: the text cut at three lines (CSS line-clamp) and, when it was cut,
 * "더 보기" over the end of the last line. The card sits inside the link to the post, so the
 * words read as that link; laid over the text, they never change the card's height, which
 * the feed's window has measured.
 */
function ClampedText({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLParagraphElement>(null)
  const [cut, setCut] = useState(false)
  useLayoutEffect(() => {
    const p = ref.current!
    // Looked at once the paragraph is laid out (a ResizeObserver reports after layout, before
    // paint), never by forcing a layout while the feed renders; again when its width changes
    // with the window's, and when a font arrives (Pretendard loads its glyphs as text needs them:
    // the lines wrap anew while the clamped box keeps its size). flushSync: the words show in the
    // frame that shows the text.
    const check = () => flushSync(() => setCut(p.scrollHeight > p.clientHeight + 1))
    const observer = new ResizeObserver(check)
    observer.observe(p)
    document.fonts?.addEventListener('loadingdone', check)
    return () => {
      observer.disconnect()
      document.fonts?.removeEventListener('loadingdone', check)
    }
  }, [children])
  return (
    <div className={styles.clampBox}>
      <p ref={ref} className={styles.clamp}>
        {children}
      </p>
      {cut && (
        <span className={styles.readMore} data-testid="read-more">
          {messages.readMore}
        </span>
      )}
    </div>
  )
}
