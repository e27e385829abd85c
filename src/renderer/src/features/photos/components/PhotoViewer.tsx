import * as Dialog from '@radix-ui/react-dialog'
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import { format, messages } from '@shared/messages'
import type { PhotoView } from '@shared/types'
import { useZoomPan } from './use-zoom-pan'
import styles from './PhotoViewer.module.css'

interface Props {
  /** The post's photos, in order; the viewer shows one at a time. */
  photos: PhotoView[]
  /** The photo shown first (the one the reader opened). */
  start: number
  /** Asked to close (Escape, 닫기): the parent stops rendering the viewer. */
  onClose: () => void
}

/** How far one arrow key moves a zoomed photo, in CSS pixels. */
const keyPanStep = 96

/**
 * A photo over the page (docs/decisions/032-photo-viewer.md): fitted to the window from its largest
 * variant, zoomed by wheel, pinch, keys and buttons, panned by drag or arrows when zoomed, several
 * photos paged with ←/→ and buttons. A modal dialog: focus stays inside, Escape closes, and focus
 * returns to whatever opened it.
 */
export function PhotoViewer({ photos, start, onClose }: Props) {
  const [index, setIndex] = useState(() => Math.min(Math.max(start, 0), photos.length - 1))
  // What had focus when it opened (the photo's button): focus goes back there, never to <body>.
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null))
  const stage = useRef<HTMLDivElement>(null)
  const captionId = useId()
  const photo = photos[index]!
  const largest = photo.image.variants.at(-1)
  // The pixels there are: the largest variant's (the source's where it was small), or the source's while a community photo is not cached yet.
  const pixels = largest
    ? { w: largest.width, h: Math.round((largest.width * photo.image.height) / photo.image.width) }
    : { w: photo.image.width, h: photo.image.height }
  const go = (step: -1 | 1) => setIndex((i) => Math.min(Math.max(i + step, 0), photos.length - 1))
  const zoom = useZoomPan(photo.image.id, pixels, go)
  // The srcset's `sizes` only grows, so zooming in brings a sharper variant and zooming out never swaps to a blurrier one.
  const [widest, setWidest] = useState({ id: '', w: 0 })
  const sizesWidth = widest.id === photo.image.id ? widest.w : 0
  if (zoom.drawn.w > sizesWidth) setWidest({ id: photo.image.id, w: zoom.drawn.w })
  const [loaded, setLoaded] = useState<string | null>(null)

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return
    const arrows: Record<string, [number, number]> = { ArrowLeft: [1, 0], ArrowRight: [-1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] }
    const key = event.key
    if (key === '+' || key === '=') zoom.zoomIn()
    else if (key === '-' || key === '_') zoom.zoomOut()
    else if (key === '0') zoom.reset()
    else if (key in arrows && zoom.zoomed) zoom.pan(arrows[key]![0] * keyPanStep, arrows[key]![1] * keyPanStep)
    else if ((key === 'ArrowLeft' || key === 'ArrowRight') && photos.length > 1) go(key === 'ArrowLeft' ? -1 : 1)
    else return
    event.preventDefault()
  }

  const several = photos.length > 1
  const alt = photo.alt.trim()
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={styles.viewer}
          aria-describedby={alt ? captionId : undefined}
          onKeyDown={onKeyDown}
          onOpenAutoFocus={(event) => {
            event.preventDefault()
            stage.current?.focus()
          }}
          onCloseAutoFocus={(event) => {
            if (!opener?.isConnected) return
            event.preventDefault()
            opener.focus({ preventScroll: true })
          }}
        >
          <Dialog.Title className="visually-hidden">{messages.viewerTitle}</Dialog.Title>
          <div className={styles.toolbar}>
            {several ? (
              <p className={styles.counter}>
                <span aria-hidden="true">
                  {index + 1} / {photos.length}
                </span>
                <span className="visually-hidden" aria-live="polite">
                  {format.viewerPosition(index + 1, photos.length)}
                </span>
              </p>
            ) : (
              <span />
            )}
            <div className={styles.tools}>
              <Tool label={messages.viewerZoomOut} off={!zoom.zoomed} onClick={zoom.zoomOut} icon={<path d="M5 12h14" />} />
              <Tool label={messages.viewerZoomReset} off={!zoom.zoomed} onClick={zoom.reset} icon={<path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />} />
              <Tool label={messages.viewerZoomIn} off={!zoom.canZoomIn} onClick={zoom.zoomIn} icon={<path d="M5 12h14M12 5v14" />} />
              <span className={styles.divider} aria-hidden="true" />
              <Dialog.Close className={styles.tool} aria-label={messages.close} title={messages.close}>
                <svg viewBox="0 0 24 24" aria-hidden="true">
                  <path d="M6 6l12 12M18 6L6 18" />
                </svg>
              </Dialog.Close>
            </div>
          </div>
          <div className={styles.middle}>
            <div
              ref={(node) => {
                stage.current = node
                zoom.stageRef(node)
              }}
              className={`${styles.stage} ${zoom.zoomed ? styles.zoomed : ''}`}
              // An application: its keys (+, −, arrows) are the viewer's, so a screen reader passes them on.
              role="application"
              aria-label={messages.viewerStage}
              tabIndex={0}
              data-testid="photo-viewer-stage"
              data-zoom={zoom.view.zoom.toFixed(3)}
              {...zoom.handlers}
            >
              {/* Drawn once the stage is measured, so the first variant asked for is already the right one. */}
              {zoom.drawn.w > 0 && (
              <img
                key={photo.image.id}
                className={`${styles.photo} ${zoom.smooth ? styles.smooth : ''} ${loaded === photo.image.id ? styles.loaded : ''}`}
                src={largest?.url}
                srcSet={photo.image.variants.map((v) => `${v.url} ${v.width}w`).join(', ')}
                sizes={`${Math.ceil(sizesWidth)}px`}
                width={pixels.w}
                height={pixels.h}
                alt={alt || messages.postImageAlt}
                decoding="async"
                draggable={false}
                onLoad={() => setLoaded(photo.image.id)}
                style={{
                  width: zoom.drawn.w,
                  height: zoom.drawn.h,
                  transform: `translate(-50%, -50%) translate(${zoom.view.pan.x}px, ${zoom.view.pan.y}px)`
                }}
              />
              )}
            </div>
            {several && (
              <>
                <Tool className={styles.previous} label={messages.viewerPrevious} off={index === 0} onClick={() => go(-1)} icon={<path d="M15 5l-7 7 7 7" />} />
                <Tool className={styles.next} label={messages.viewerNext} off={index === photos.length - 1} onClick={() => go(1)} icon={<path d="M9 5l7 7-7 7" />} />
              </>
            )}
          </div>
          {alt ? (
            <p id={captionId} className={styles.caption}>
              {alt}
            </p>
          ) : (
            <span className={styles.captionSpace} />
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

/**
 * A round icon button. Unavailable ones stay focusable (aria-disabled, not disabled): the button
 * just pressed (확대 at its most) must not drop the focus out of the dialog.
 */
function Tool({ label, off, onClick, icon, className }: { label: string; off: boolean; onClick: () => void; icon: ReactNode; className?: string }) {
  return (
    <button
      type="button"
      className={`${styles.tool} ${className ?? ''}`}
      aria-label={label}
      title={label}
      aria-disabled={off || undefined}
      onClick={() => !off && onClick()}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true">
        {icon}
      </svg>
    </button>
  )
}
