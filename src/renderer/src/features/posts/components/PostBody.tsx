import { useLayoutEffect, useRef, useState, type ReactNode } from 'react'
import { flushSync } from 'react-dom'
import type { Layout } from '@shared/limits'
import type { PhotoView } from '@shared/types'
import { format, messages } from '@shared/messages'
import { Image } from '@/shared/ui/Image'
import { LinkedText } from '@/shared/ui/LinkedText'
import { highlight } from './highlight'
import { OpenPhoto } from './OpenPhoto'
import { PhotoCarousel } from './PhotoCarousel'
import { photoAlt } from './photo-alt'
import styles from './PostBody.module.css'

interface Props {
  text: string
  layout: Layout
  /** The post's photos in order: the feed's preview shows the first with a count, the post page all of them. */
  photos: readonly PhotoView[]
  /** In the feed the text is a preview: three lines (under 100px) for Top, 45vh beside the photo (docs/specification.md §9). */
  preview?: boolean
  /** A local photo (blob: URL) in the editor before main has processed it. */
  localImage?: string | null
  eager?: boolean
  /** Words the find bar looks for, marked in the text. */
  highlight?: string
  /** The post page: each photo is a button that opens it full size (the photo viewer) at its place. */
  onOpenPhoto?: (index: number) => void
}

/**
 * Text and photo arranged by the layout, which names where the text sits:
 * Top = above a full-width photo, Left = left of the photo, Right = right of it.
 */
export function PostBody({ text, layout, photos, preview = false, localImage, eager, highlight: words, onOpenPhoto }: Props) {
  const side = layout !== 'Top'
  const sizes = side ? '(min-width: 1100px) 600px, (min-width: 860px) 400px, 100vw' : '(min-width: 1100px) 1060px, (max-width: 760px) 100vw, 720px'
  const first = photos[0]
  const shown =
    localImage && !first ? (
      <img className={styles.local} src={localImage} alt={messages.postImageAlt} />
    ) : !first ? (
      <div className={styles.noImage} aria-hidden="true" />
    ) : photos.length === 1 ? (
      <OpenPhoto onOpen={onOpenPhoto && (() => onOpenPhoto(0))}>
        <Image image={first.image} alt={photoAlt(first, 0, 1)} sizes={sizes} maxHeight="500px" eager={eager} />
      </OpenPhoto>
    ) : preview ? (
      <div className={styles.cover}>
        <Image image={first.image} alt={photoAlt(first, 0, photos.length)} sizes={sizes} maxHeight="500px" eager={eager} />
        <span className={styles.countBadge} data-testid="photo-count" role="img" aria-label={format.photoCount(photos.length)}>
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <rect x="7" y="3" width="14" height="14" rx="2" />
            <path d="M3 7v12a2 2 0 0 0 2 2h12" />
          </svg>
          {format.photoCountBadge(photos.length)}
        </span>
      </div>
    ) : (
      <PhotoCarousel photos={photos} sizes={sizes} eager={eager} onOpen={onOpenPhoto} />
    )
  return (
    <div className={`${styles.body} ${styles[layout.toLowerCase()]}`} data-layout={layout}>
      <div className={styles.text} data-part="text" data-short={preview && text.trim().length <= shortText ? '' : undefined}>
        {/* The feed's preview sits inside the link to the post: its tags and links are plain text there. */}
        {preview ? <Preview side={side}>{highlight(text, words)}</Preview> : <p><LinkedText text={text} /></p>}
      </div>
      <div className={styles.photo} data-part="photo">
        {shown}
      </div>
    </div>
  )
}

/** A text this short is set large in the feed, as a magazine sets a pull quote, instead of one small line beside a photo. */
const shortText = 60

/**
 * The feed's preview: the text cut (Top: at three lines by CSS line-clamp; Left and Right: at
 * 45vh beside the photo, with a fade) and, when it was cut, "더 보기" over the end of what shows.
 * The card sits inside the link to the post, so the words read as that link; laid over the
 * text, they never change the card's height, which the feed's window has measured.
 */
function Preview({ side, children }: { side: boolean; children: ReactNode }) {
  const ref = useRef<HTMLDivElement & HTMLParagraphElement>(null)
  const [cut, setCut] = useState(false)
  useLayoutEffect(() => {
    const box = ref.current!
    // Looked at once the box is laid out (a ResizeObserver reports after layout, before paint),
    // never by forcing a layout while the feed renders; again when its size changes with the
    // window's, and when a font arrives (Pretendard loads its glyphs as text needs them: the
    // lines wrap anew while the cut box keeps its size). flushSync: the words show in the frame
    // that shows the text.
    const check = () => flushSync(() => setCut(box.scrollHeight > box.clientHeight + 1))
    const observer = new ResizeObserver(check)
    observer.observe(box)
    document.fonts?.addEventListener('loadingdone', check)
    return () => {
      observer.disconnect()
      document.fonts?.removeEventListener('loadingdone', check)
    }
  }, [children])
  return (
    <div className={styles.clampBox}>
      {side ? (
        <div ref={ref} className={`${styles.previewSide} ${cut ? styles.faded : ''}`}>
          <p>{children}</p>
        </div>
      ) : (
        <p ref={ref} className={styles.clamp}>
          {children}
        </p>
      )}
      {cut && (
        <span className={styles.readMore} data-testid="read-more">
          {messages.readMore}
        </span>
      )}
    </div>
  )
}
