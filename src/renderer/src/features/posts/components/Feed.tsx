import { lazy, memo, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import { useQueryClient, type InfiniteData } from '@tanstack/react-query'
import { useWindowVirtualizer, type Range } from '@tanstack/react-virtual'
import { useLocation, useNavigationType } from 'react-router-dom'
import { messages } from '@shared/messages'
import type { FeedPage, PostView } from '@shared/types'
import { ErrorState } from '@/shared/ui/ErrorState'
import { shortcut } from '@/shared/lib/platform'
import { rangeKeeping } from '@/shared/lib/range-keeping'
import { LoadingOverlay, Spinner } from '@/shared/ui/LoadingOverlay'
import { useFindPosts } from '../api/find-posts'
import { jumpToPage, useFeed } from '../api/get-feed'
import { feedIndex, type FeedAnchor } from '../stores/feed-index'
import { NewPostsNotice, useNewPosts } from './NewPostsNotice'
import { PostCard } from './PostCard'
import { cachedPageStart, estimate, gap, keepHeights, leaveScrollToFeed, placeOf, placesOf, startOf } from './feed-places'
import styles from './Feed.module.css'

// Loaded on the first Ctrl/Cmd+F: the first screen's script stays small.
const FindBar = lazy(() => import('./FindBar').then((module) => ({ default: module.FindBar })))

type RenderActions = (post: PostView) => ReactNode

/** Cards drawn beyond each edge of the screen: Tab from the last card on screen reaches the next one. */
const overscan = 3
const findKey = shortcut('F')

/**
 * One card of the list. Memoised on the post object itself: a new page, or a like on one
 * card, then renders only the cards that changed. Cache updates keep unchanged posts the
 * same objects, and renderActions must be a stable function.
 */
const FeedCard = memo(function FeedCard(props: {
  post: PostView
  eager: boolean
  renderActions?: RenderActions
  highlight?: string
  position: number
  setSize: number
}) {
  const { post, renderActions, ...rest } = props
  return <PostCard post={post} actions={renderActions?.(post)} {...rest} />
})

/** The feed: pages load as the reader nears either end of the pages in memory, until there are no more. */
export function Feed({ renderActions }: { renderActions?: RenderActions }) {
  const feed = useFeed()
  if (feed.isPending) return <LoadingOverlay />
  // A failed first load has nothing to show; a failed later page keeps the cards already loaded.
  if (!feed.data) return <ErrorState error={feed.error} onRetry={() => void feed.refetch()} busy={feed.isFetching} />
  if (feed.data.pages.every((page) => page.posts.length === 0)) return <p className={styles.notice}>{messages.emptyFeed}</p>
  return <FeedWindow feed={feed} data={feed.data} renderActions={renderActions} />
}


/**
 * The loaded part of the feed as a window: only the cards near the screen are in the document;
 * the list keeps every other card's measured height, so the page scrolls as if all were there.
 * The reader's place is a card and a distance into it (FeedAnchor), kept per history entry:
 * Back lays the list out from the stored heights and scrolls there in the same frame, and while
 * heights change (photos, fonts, cards read again) that card stays where it was.
 */
function FeedWindow({ feed, data, renderActions }: { feed: ReturnType<typeof useFeed>; data: InfiniteData<FeedPage, unknown>; renderActions?: RenderActions }) {
  const client = useQueryClient()
  const index = feedIndex(client)
  const count = index.size()
  const { key: entry } = useLocation()
  const navigation = useNavigationType()
  const { hasNextPage, hasPreviousPage, isFetching, isFetchNextPageError, isFetchPreviousPageError, isFetchingNextPage, fetchNextPage, fetchPreviousPage } = feed

  const posts = useMemo(() => placesOf(index, data), [index, data])
  // For the scroll handlers: the posts of the last render (updated before any other effect runs).
  const postsNow = useRef(posts)
  useLayoutEffect(() => {
    postsNow.current = posts
  }, [posts])

  // The place to come back to: this history entry's, on Back or Forward.
  const [restore] = useState(() => {
    const saved = navigation === 'POP' ? index.anchors.get(entry) : undefined
    const position = saved ? placeOf(saved, posts, count) : -1
    return saved && position >= 0 ? { anchor: saved, offset: startOf(index, position) + saved.offset } : null
  })
  const anchor = useRef<FeedAnchor | null>(restore?.anchor ?? null)
  // The scroll position the anchor stands for. The page anywhere else means the reader scrolled,
  // even before the scroll event says so: a layout drawn in between keeps that scroll.
  const anchoredAt = useRef<number | null>(null)
  const lastLayout = useRef<{ total: number; version: number; margin: number } | null>(null)
  const [margin, setMargin] = useState(index.margin)
  const focused = useRef(-1)
  const list = useRef<HTMLDivElement>(null)

  const rangeExtractor = useCallback((range: Range) => rangeKeeping(range, focused.current), [])

  const virtualizer = useWindowVirtualizer({
    count,
    // A card measured before keeps its height (the cards around the reader's place lay out exactly).
    estimateSize: (i) => index.height(i) || estimate,
    gap,
    overscan,
    scrollMargin: margin,
    rangeExtractor,
    initialOffset: () => restore?.offset ?? window.scrollY
  })
  useLayoutEffect(() => leaveScrollToFeed(virtualizer), [virtualizer])

  useLayoutEffect(() => {
    const measure = () => {
      const top = (list.current?.getBoundingClientRect().top ?? 0) + window.scrollY
      index.setMargin(top)
      setMargin(top)
    }
    measure()
    window.addEventListener('resize', measure)
    return () => window.removeEventListener('resize', measure)
  }, [index])

  const readAnchor = useCallback(() => {
    const item = virtualizer.getVirtualItemForOffset(window.scrollY)
    if (!item) return
    anchor.current = { postId: postsNow.current.get(item.index)?.id ?? '', position: item.index, offset: window.scrollY - item.start }
    index.anchors.set(entry, anchor.current)
    anchoredAt.current = window.scrollY
  }, [virtualizer, index, entry])

  /** Scrolls the page to where the anchor puts its card. */
  const scrollToAnchor = useCallback((y: number) => {
    if (Math.abs(window.scrollY - y) >= 0.5) window.scrollTo(0, y)
    anchoredAt.current = window.scrollY
  }, [])

  // The reader moves the anchor by scrolling; the feed's own scrolls (a height, a page read) do not.
  // Layout effects: the listener must be gone before the next screen scrolls to its own top.
  useLayoutEffect(() => {
    const onScroll = () => {
      if (anchoredAt.current === null || Math.abs(window.scrollY - anchoredAt.current) >= 0.5) readAnchor()
    }
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => window.removeEventListener('scroll', onScroll)
  }, [readAnchor])

  // After a render that changed the layout, put the anchor card back where it was.
  const total = virtualizer.getTotalSize()
  useLayoutEffect(() => {
    const last = lastLayout.current
    lastLayout.current = { total, version: index.version, margin }
    const saved = anchor.current
    if (last && last.total === total && last.version === index.version && last.margin === margin) return
    // The list moved on the page (first measure, a resize): the screen shows what it shows, read it again.
    if (last && last.margin !== margin) return readAnchor()
    const position = saved ? placeOf(saved, posts, count) : -1
    const item = position >= 0 ? virtualizer.measurementsCache[position] : undefined
    if (!saved || !item) return readAnchor()
    // A scroll the scroll handler has not seen yet is the reader's: it moves the page from the anchor too.
    const unseen = anchoredAt.current === null ? 0 : window.scrollY - anchoredAt.current
    scrollToAnchor(Math.max(0, item.start + saved.offset + unseen))
    if (Math.abs(unseen) >= 0.5) readAnchor()
  })

  // Keep the measured heights for the next visit (Back to this feed lays out from them).
  useLayoutEffect(() => keepHeights(virtualizer, index))
  useLayoutEffect(() => () => keepHeights(virtualizer, index, true), [virtualizer, index])

  const items = virtualizer.getVirtualItems()
  // The window itself, from the range the items were taken from: the card holding the focus may be
  // drawn anywhere (rangeExtractor), and reading pages towards it would pull the window's pages away.
  const range = virtualizer.range
  const firstShown = range ? Math.max(0, range.startIndex - overscan) : 0
  const lastShown = range ? Math.min(count - 1, range.endIndex + overscan) : 0
  const lastPage = data.pages.length - 1
  const firstLoaded = lastPage >= 0 ? cachedPageStart(index, data, 0) : -1
  const lastLoaded = cachedPageStart(index, data, lastPage) + (data.pages[lastPage]?.posts.length ?? 0) - 1

  // Read the pages the window needs: the next or previous page near an end, or the page itself after a jump.
  // One jump at a time (its read is not the query's fetch, so isFetching does not cover it): the
  // pages it puts in the cache run this again, and the window is looked at where it is by then.
  const jumping = useRef(false)
  useEffect(() => {
    if (isFetching || jumping.current || items.length === 0) return
    if (firstLoaded < 0 || lastShown < firstLoaded - 6 || firstShown > lastLoaded + 6) {
      jumping.current = true
      void jumpToPage(client, index.pageAt(firstShown)).finally(() => (jumping.current = false))
    } else if (lastShown + 3 >= lastLoaded && hasNextPage && !isFetchNextPageError) {
      void fetchNextPage()
    } else if (firstShown - 3 <= firstLoaded && hasPreviousPage && !isFetchPreviousPageError) {
      void fetchPreviousPage()
    }
  }, [client, index, items.length, firstShown, lastShown, firstLoaded, lastLoaded, isFetching, hasNextPage, hasPreviousPage, isFetchNextPageError, isFetchPreviousPageError, fetchNextPage, fetchPreviousPage])

  const setSize = hasNextPage ? -1 : count

  // Scrolls to a card by making it the anchor: the card then stays put while the cards around it are measured.
  const goTo = useCallback(
    (position: number, below: number) => {
      const item = virtualizer.measurementsCache[position]
      if (!item) return
      anchor.current = { postId: postsNow.current.get(position)?.id ?? '', position, offset: -below }
      index.anchors.set(entry, anchor.current)
      scrollToAnchor(Math.max(0, item.start - below))
    },
    [virtualizer, index, entry, scrollToAnchor]
  )

  // The card the focus goes to once it is drawn: a card scrolled to is in the document only from
  // the render after the scroll reaches the virtualizer; its page may be on its way, or (PageDown
  // past the last card read) the next page. The card holding the focus meanwhile stays drawn
  // (rangeExtractor), so the keys go on reaching the list.
  const toFocus = useRef<{ position: number; scroll: boolean } | null>(null)
  const focusWhenDrawn = () => {
    const target = toFocus.current
    if (!target || target.position >= count) return
    if (target.scroll) {
      target.scroll = false
      goTo(target.position, 80)
    }
    const card = list.current?.querySelector<HTMLElement>(`[data-index="${target.position}"] article`)
    if (!card) return
    toFocus.current = null
    card.focus({ preventScroll: true })
  }
  useLayoutEffect(focusWhenDrawn)
  // A click, or the focus going anywhere meanwhile, says where the reader is instead.
  useEffect(() => {
    const cancel = () => (toFocus.current = null)
    window.addEventListener('pointerdown', cancel, true)
    window.addEventListener('focusin', cancel, true)
    return () => {
      window.removeEventListener('pointerdown', cancel, true)
      window.removeEventListener('focusin', cancel, true)
    }
  }, [])
  const focusCard = (position: number, scroll: boolean) => {
    toFocus.current = { position, scroll }
    focusWhenDrawn()
  }

  // "새 글 N개": others' posts arrived above the reader, who stays where they were.
  const fresh = useNewPosts(posts, margin)
  const showNew = () => {
    fresh.clear()
    window.scrollTo(0, 0)
    // The button goes with the press: the focus goes to the newest post, not to the page.
    focusCard(0, false)
  }

  // The feed pattern's keys: PageDown and PageUp move the focus a card at a time, also past the
  // last card read (the next page is read) and from a card still on its way to the focus.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'PageDown' && event.key !== 'PageUp') return
    const current = toFocus.current?.position ?? Number((event.target as HTMLElement).closest<HTMLElement>('[data-index]')?.dataset.index ?? -1)
    if (current < 0) return
    const next = current + (event.key === 'PageDown' ? 1 : -1)
    if (next < 0 || (next >= count && !hasNextPage)) return
    event.preventDefault()
    if (next >= count && !isFetchNextPageError) void fetchNextPage({ cancelRefetch: false })
    focusCard(next, true)
  }

  // Find in the loaded posts (Ctrl/Cmd+F): what the window takes from the browser's find-in-page.
  const [find, setFind] = useState<{ query: string; at: number } | null>(null)
  // Main looks, down to the last page read; a page read or read again looks again.
  const matches = useFindPosts(find?.query ?? null, index.deepestCursor(), index.version)
  const current = find && matches.length > 0 ? matches[Math.min(find.at, matches.length - 1)]! : -1
  const matching = useMemo(() => new Set(matches), [matches])
  useEffect(() => {
    // Below the top bar and the find bar.
    if (current >= 0) goTo(current, 150)
  }, [current, goTo])
  const returnFocus = useRef<HTMLElement | null>(null)
  // Listening from the commit that draws the feed: a passive effect runs later, and a key pressed
  // as the first cards appear would reach the browser's own find-in-page instead.
  useLayoutEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'f') {
        event.preventDefault()
        if (!(document.activeElement instanceof HTMLInputElement && document.activeElement.dataset.find !== undefined)) {
          returnFocus.current = document.activeElement as HTMLElement | null
        }
        setFind((open) => open ?? { query: '', at: 0 })
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])
  // The focus goes where the reader is looking: the match shown, as in a browser's find; with none,
  // back to what had it, or, if that card has left the document, the card at the top of the screen.
  const closeFind = () => {
    setFind(null)
    const back = returnFocus.current
    const place = current >= 0 ? current : back?.isConnected ? -1 : (anchor.current?.position ?? -1)
    if (place < 0) return back?.focus({ preventScroll: true })
    focusCard(place, false)
  }
  const move = (step: number) =>
    setFind((open) => (open && matches.length > 0 ? { ...open, at: (Math.min(open.at, matches.length - 1) + step + matches.length) % matches.length } : open))

  return (
    <>
      <NewPostsNotice count={fresh.count} onShow={showNew} />
      {/* Ctrl/Cmd+F, also as a button: the top bar's search looks in every post, this one where the reader is. */}
      <button
        type="button"
        className={styles.findButton}
        aria-keyshortcuts={findKey.aria}
        onClick={(event) => {
          returnFocus.current = event.currentTarget
          setFind((open) => open ?? { query: '', at: 0 })
        }}
      >
        {messages.findInFeed}
        <kbd aria-hidden="true">{findKey.shown}</kbd>
      </button>
      {find && (
        <Suspense fallback={null}>
          <FindBar
            query={find.query}
            at={current >= 0 ? matches.indexOf(current) + 1 : 0}
            count={matches.length}
            onQuery={(query) => setFind({ query, at: 0 })}
            onMove={move}
            onClose={closeFind}
          />
        </Suspense>
      )}
      {isFetchPreviousPageError && <ErrorState compact error={feed.error} onRetry={() => void fetchPreviousPage()} />}
      {/* The feed pattern: a feed of articles, each saying its place (aria-posinset/setsize); the
          positioned wrappers carry no role, so assistive technology sees the articles as the feed's children. */}
      <div
        ref={list}
        className={styles.list}
        role="feed"
        aria-label="피드"
        aria-busy={isFetching}
        data-feed-list
        style={{ height: total }}
        onKeyDown={onKeyDown}
        onFocus={(event) => (focused.current = Number(event.target.closest<HTMLElement>('[data-index]')?.dataset.index ?? -1))}
      >
        {items.map((item) => {
          const post = posts.get(item.index)
          return (
            <div
              key={item.key}
              ref={virtualizer.measureElement}
              data-index={item.index}
              data-current-match={item.index === current ? '' : undefined}
              className={styles.item}
              style={{ transform: `translateY(${item.start - margin}px)`, height: post ? undefined : item.size }}
            >
              {post && (
                <FeedCard
                  key={post.id}
                  post={post}
                  eager={item.index < 2}
                  renderActions={renderActions}
                  highlight={matching.has(item.index) ? find?.query : undefined}
                  position={item.index + 1}
                  setSize={setSize}
                />
              )}
            </div>
          )
        })}
      </div>
      {isFetchingNextPage ? (
        <Spinner label={messages.loadingMore} />
      ) : isFetchNextPageError ? (
        <ErrorState compact error={feed.error} onRetry={() => void fetchNextPage()} />
      ) : hasNextPage ? (
        <button type="button" className={styles.more} onClick={() => void fetchNextPage()}>
          {messages.loadMore}
        </button>
      ) : lastLoaded === count - 1 ? (
        <p className={styles.end} data-testid="feed-end">
          {messages.endOfFeed}
        </p>
      ) : null}
    </>
  )
}
