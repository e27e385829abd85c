import { useEffect, useMemo, useRef, useState, type CSSProperties } from 'react'
import { thumbHashToAverageRGBA, thumbHashToDataURL } from 'thumbhash'
import type { ImageView } from '@shared/types'
import styles from './Image.module.css'

function decode(hash: string): Uint8Array | null {
  try {
    const bytes = Uint8Array.from(atob(hash), (c) => c.charCodeAt(0))
    // A ThumbHash has a 5-byte header at least; an empty one (a community photo not cached
    // yet) must leave the frame's own neutral colour, not decode to noise.
    return bytes.length >= 5 ? bytes : null
  } catch {
    return null
  }
}

function averageColour(hash: string): string | undefined {
  const bytes = decode(hash)
  if (!bytes) return undefined
  try {
    const { r, g, b } = thumbHashToAverageRGBA(bytes)
    return `rgb(${Math.round(r * 255)} ${Math.round(g * 255)} ${Math.round(b * 255)})`
  } catch {
    return undefined
  }
}

/** requestIdleCallback where there is one (Chromium), a short timer elsewhere (jsdom). */
const whenIdle = (run: () => void): (() => void) => {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(run, { timeout: 300 })
    return () => cancelIdleCallback(id)
  }
  const id = setTimeout(run, 1)
  return () => clearTimeout(id)
}

function placeholderUrl(hash: string): string | undefined {
  const bytes = decode(hash)
  if (!bytes) return undefined
  try {
    return thumbHashToDataURL(bytes)
  } catch {
    return undefined
  }
}

interface Props {
  image: ImageView
  alt: string
  /** The `sizes` attribute: how wide the image is drawn, so the browser picks the right variant. */
  sizes: string
  className?: string
  /** Caps the drawn height (e.g. 500px); the box keeps the photo's ratio so nothing shifts. */
  maxHeight?: string
  eager?: boolean
  /** A thumbnail (a square tile, an alert's picture): always filled, cropped, a panorama too. */
  crop?: boolean
}

/** Beyond this ratio (a panorama, a long screenshot) a box of another shape shows the whole photo rather than a sliver of it. */
const extremeRatio = 2.4

/**
 * A stored photo: srcset over its WebP variants, the blurred thumbhash shown until it
 * loads, and a box with the photo's own ratio so the page never jumps. Never drawn wider than
 * twice its own pixels (a small photo stays small, centred on what is behind it), and once
 * loaded nothing of the placeholder is left behind it, so a transparent photo shows the page.
 */
export function Image({ image, alt, sizes, className, maxHeight, eager, crop }: Props) {
  const [loaded, setLoaded] = useState(false)
  // The photo's average colour is drawn at once; the blurred placeholder costs a few ms per
  // photo to decode, so it is drawn when the page is next idle, after the first paint.
  const colour = useMemo(() => averageColour(image.placeholder), [image.placeholder])
  const [placeholder, setPlaceholder] = useState<{ hash: string; url: string | undefined } | null>(null)
  const img = useRef<HTMLImageElement>(null)
  useEffect(() => {
    return whenIdle(() => {
      // Not needed once the photo itself is there (from the cache, say).
      if (img.current?.complete && img.current.naturalWidth > 0) return
      setPlaceholder({ hash: image.placeholder, url: placeholderUrl(image.placeholder) })
    })
  }, [image.placeholder])
  const blur = placeholder?.hash === image.placeholder ? placeholder.url : undefined
  const largest = image.variants.at(-1)
  const srcSet = image.variants.map((v) => `${v.url} ${v.width}w`).join(', ')
  const ratio = image.width / image.height
  const widthCaps = [`${image.width * 2}px`, maxHeight ? `calc(${maxHeight} * ${image.width} / ${image.height})` : null].filter(Boolean)
  return (
    <div
      className={`${styles.frame} ${className ?? ''}`}
      data-image-frame
      data-fit={!crop && (ratio > extremeRatio || ratio < 1 / extremeRatio) ? 'contain' : undefined}
      style={{
        // Custom properties, not the properties themselves: a layout may fill a box of its own
        // with the photo instead (the feed's wide cards), which an inline width would forbid.
        '--ratio': `${image.width} / ${image.height}`,
        // Narrower rather than cropped when the height cap applies: the whole photo always shows.
        '--capped-width': `min(100%, ${widthCaps.join(', ')})`,
        '--max-width': `${image.width * 2}px`,
        '--max-height': `${image.height * 2}px`
      } as CSSProperties}
    >
      {/* Under the photo only while it loads, then faded out: a transparent photo must not show it. */}
      <div
        className={`${styles.placeholder} ${loaded ? styles.gone : ''}`}
        data-placeholder={loaded ? 'gone' : 'shown'}
        aria-hidden="true"
        style={{ backgroundColor: colour, backgroundImage: blur ? `url("${blur}")` : undefined }}
      />
      <img
        ref={img}
        className={`${styles.img} ${loaded ? styles.loaded : ''}`}
        src={largest?.url}
        srcSet={srcSet}
        sizes={sizes}
        alt={alt}
        width={image.width}
        height={image.height}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        draggable={false}
        onLoad={() => setLoaded(true)}
      />
    </div>
  )
}
