import { useMemo, useState } from 'react'
import { thumbHashToDataURL } from 'thumbhash'
import type { ImageView } from '@shared/types'
import styles from './Image.module.css'

function placeholderUrl(hash: string): string | undefined {
  try {
    const bytes = Uint8Array.from(atob(hash), (c) => c.charCodeAt(0))
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
}

/**
 * A stored photo: srcset over its WebP variants, the blurred thumbhash shown until it
 * loads, and a box with the photo's own ratio so the page never jumps.
 */
export function Image({ image, alt, sizes, className, maxHeight, eager }: Props) {
  const [loaded, setLoaded] = useState(false)
  const placeholder = useMemo(() => placeholderUrl(image.placeholder), [image.placeholder])
  const largest = image.variants.at(-1)
  const srcSet = image.variants.map((v) => `${v.url} ${v.width}w`).join(', ')
  return (
    <div
      className={`${styles.frame} ${className ?? ''}`}
      style={{
        aspectRatio: `${image.width} / ${image.height}`,
        // Narrower rather than cropped when the height cap applies: the whole photo always shows.
        width: maxHeight ? `min(100%, calc(${maxHeight} * ${image.width} / ${image.height}))` : undefined,
        backgroundImage: loaded || !placeholder ? undefined : `url("${placeholder}")`
      }}
    >
      <img
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
