import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react'
import { format, messages } from '@shared/messages'
import type { PhotoView } from '@shared/types'
import { Image } from '@/shared/ui/Image'
import { OpenPhoto } from './OpenPhoto'
import { photoAlt } from './photo-alt'
import styles from './PhotoCarousel.module.css'

/** How far (px) a pointer must travel sideways to turn the page. */
const swipeDistance = 40

/**
 * The post page's photos (decision 031): one at a time, moved by the arrow buttons, ←/→ while
 * the carousel has the focus, a sideways swipe, or a dot (each named 사진 N, the shown one
 * marked current). Every photo's img keeps its own alt. On the post page each photo is also a
 * button opening the viewer there (a swipe is not a press). The arrows at either end stay
 * focusable (aria-disabled), so pressing one never drops the focus to the page.
 */
export function PhotoCarousel({ photos, sizes, eager, onOpen }: { photos: readonly PhotoView[]; sizes: string; eager?: boolean; onOpen?: (index: number) => void }) {
  const [index, setIndex] = useState(0)
  const start = useRef<number | null>(null)
  const swiped = useRef(false)
  const go = (next: number) => setIndex(Math.min(photos.length - 1, Math.max(0, next)))

  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') go(index - 1)
    else if (event.key === 'ArrowRight') go(index + 1)
    else return
    event.preventDefault()
  }
  const onPointerDown = (event: PointerEvent) => {
    start.current = event.clientX
  }
  const onPointerUp = (event: PointerEvent) => {
    if (start.current === null) return
    const moved = event.clientX - start.current
    start.current = null
    swiped.current = Math.abs(moved) >= swipeDistance
    if (swiped.current) go(index + (moved < 0 ? 1 : -1))
  }

  return (
    <div
      className={styles.carousel}
      role="region"
      aria-roledescription="carousel"
      aria-label={format.photoCount(photos.length)}
      tabIndex={0}
      onKeyDown={onKey}
      data-testid="photo-carousel"
    >
      <div className={styles.viewport} onPointerDown={onPointerDown} onPointerUp={onPointerUp} onPointerCancel={() => (start.current = null)}>
        <div className={styles.track} style={{ transform: `translateX(-${index * 100}%)` }}>
          {photos.map((photo, i) => (
            <div
              key={photo.image.id}
              className={styles.slide}
              role="group"
              aria-roledescription="slide"
              aria-label={format.photoDefaultAlt(i + 1, photos.length)}
              aria-hidden={i === index ? undefined : true}
              // The slides out of view hold buttons (사진 크게 보기): inert takes them out of the Tab order too.
              inert={i !== index}
              data-testid="carousel-slide"
              data-current={i === index ? '' : undefined}
            >
              <OpenPhoto onOpen={onOpen && (() => (swiped.current ? (swiped.current = false) : onOpen(i)))}>
                <Image image={photo.image} alt={photoAlt(photo, i, photos.length)} sizes={sizes} maxHeight="560px" eager={eager && i === 0} />
              </OpenPhoto>
            </div>
          ))}
        </div>
        <span className={styles.position} aria-hidden="true">
          {format.findPosition(index + 1, photos.length)}
        </span>
      </div>
      <div className={styles.controls}>
        <button type="button" className={styles.arrow} onClick={() => go(index - 1)} aria-disabled={index === 0} aria-label={messages.previousPhoto}>
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d="M15 5l-7 7 7 7" />
          </svg>
        </button>
        <div className={styles.dots}>
          {photos.map((photo, i) => (
            <button
              key={photo.image.id}
              type="button"
              className={styles.dot}
              aria-label={format.photoNumber(i + 1)}
              aria-current={i === index ? 'true' : undefined}
              onClick={() => go(i)}
            />
          ))}
        </div>
        <button
          type="button"
          className={styles.arrow}
          onClick={() => go(index + 1)}
          aria-disabled={index === photos.length - 1}
          aria-label={messages.nextPhoto}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d="M9 5l7 7-7 7" />
          </svg>
        </button>
      </div>
    </div>
  )
}
