import { useCallback, useLayoutEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react'
import { useWindowVirtualizer, type Range, type VirtualItem } from '@tanstack/react-virtual'
import { rangeKeeping } from '../lib/range-keeping'

/** What a row spreads on its <li>: the measuring ref and, once windowed, its place in the list. */
export interface RowProps {
  ref: (element: HTMLLIElement | null) => void
  style?: CSSProperties
  'data-index'?: number
  'aria-posinset'?: number
  'aria-setsize'?: number
}

interface Props<T> {
  items: readonly T[]
  getKey: (item: T) => string
  /** One <li> for the item, spreading `row` on it. */
  renderItem: (item: T, row: RowProps) => ReactNode
  as?: 'ol' | 'ul'
  className?: string
  /** Rows up to this many are all in the document (the browser's find-in-page still sees them). */
  threshold?: number
  /** A row's height before it is measured, and the space between rows (the list's CSS gap). */
  estimate: number
  gap?: number
  /** The whole list's length, when more rows than `items` exist (aria-setsize; -1 when unknown). */
  setSize?: number
}

/**
 * A list that keeps only the rows near the screen in the document once it is long (the feed's
 * approach, docs/decisions/015-windowed-feed.md): the window scrolls as if every row were there,
 * each row measured as it is drawn. Below `threshold` rows it is a plain list, whose heights
 * it remembers, so the list looks the same at the moment it becomes windowed.
 */
export function WindowedList<T>({ threshold = 200, ...props }: Props<T>) {
  // Heights measured while the list was plain, by key: one map for the list's life.
  const [sizes] = useState(() => new Map<string, number>())
  const { items, getKey, renderItem, as: List = 'ol', className } = props
  if (items.length <= threshold) {
    return (
      <List className={className}>
        {items.map((item) => {
          const key = getKey(item)
          return renderItem(item, {
            ref: (element) => {
              if (element) sizes.set(key, element.getBoundingClientRect().height)
            }
          })
        })}
      </List>
    )
  }
  return <Windowed {...props} sizes={sizes} />
}

function Windowed<T>({ items, getKey, renderItem, as: List = 'ol', className, estimate, gap = 0, setSize, sizes }: Props<T> & { sizes: Map<string, number> }) {
  const list = useRef<HTMLOListElement & HTMLUListElement>(null)
  const [margin, setMargin] = useState(0)
  const focused = useRef(-1)

  // Where the list starts in the page; what is above it (a post, a header) may still change height.
  useLayoutEffect(() => {
    const measure = () => setMargin((list.current?.getBoundingClientRect().top ?? 0) + window.scrollY)
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(document.body)
    return () => observer.disconnect()
  }, [])

  const [initial] = useState(() =>
    items.flatMap((item, index): VirtualItem[] => {
      const key = getKey(item)
      const size = sizes.get(key)
      return size === undefined ? [] : [{ key, index, size, start: 0, end: size, lane: 0 }]
    })
  )

  const rangeExtractor = useCallback((range: Range) => rangeKeeping(range, focused.current), [])

  const virtualizer = useWindowVirtualizer({
    count: items.length,
    estimateSize: () => estimate,
    gap,
    // Rows beyond the screen: Tab from the last row on screen reaches the next one.
    overscan: 6,
    scrollMargin: margin,
    getItemKey: (index) => getKey(items[index]!),
    rangeExtractor,
    initialMeasurementsCache: initial
  })

  return (
    <List
      ref={list}
      className={className}
      style={{ position: 'relative', height: virtualizer.getTotalSize() }}
      onFocus={(event) => (focused.current = Number(event.target.closest<HTMLElement>('[data-index]')?.dataset.index ?? -1))}
    >
      {virtualizer.getVirtualItems().map((row) =>
        renderItem(items[row.index]!, {
          ref: virtualizer.measureElement,
          style: { position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${row.start - margin}px)` },
          'data-index': row.index,
          'aria-posinset': row.index + 1,
          'aria-setsize': setSize ?? items.length
        })
      )}
    </List>
  )
}
