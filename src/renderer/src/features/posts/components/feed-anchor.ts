import { useEffect, useLayoutEffect, useRef } from 'react'
import { useLocation, useNavigationType } from 'react-router-dom'

/**
 * Keeps the reader's place in the feed by the card at the top of the screen, not by a
 * pixel offset: off-screen cards are laid out lazily and new posts may arrive above, so
 * only the card itself tells where the reader was. One place per history entry (by its
 * location key), so two visits of the feed in one history each come back to their own card.
 */
const anchors = new Map<string, { postId: string; top: number }>()

function readAnchor(entry: string): void {
  const bar = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0
  // Probe a few points down the screen: the first may fall in the gap between two cards.
  for (let y = bar + 4; y < bar + 400; y += 24) {
    const element = document.elementFromPoint(window.innerWidth / 2, y)?.closest<HTMLElement>('[data-post-id]')
    if (element) {
      anchors.set(entry, { postId: element.dataset.postId!, top: element.getBoundingClientRect().top })
      return
    }
  }
}

export function useFeedAnchor(ready: boolean): void {
  const navigation = useNavigationType()
  const { key } = useLocation()
  const entry = useRef(key)

  useLayoutEffect(() => {
    entry.current = key
  }, [key])

  useEffect(() => {
    let frame = 0
    const onScroll = () => {
      cancelAnimationFrame(frame)
      frame = requestAnimationFrame(() => readAnchor(entry.current))
    }
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => {
      cancelAnimationFrame(frame)
      window.removeEventListener('scroll', onScroll)
    }
  }, [])

  useLayoutEffect(() => {
    const saved = anchors.get(key)
    if (!ready || navigation !== 'POP' || !saved) return
    // Cards off screen are normally not laid out (content-visibility in Feed.module.css); lay
    // them all out for this, or the estimated heights above the card would move it.
    const list = document.querySelector<HTMLElement>('[data-feed-list]')
    list?.setAttribute('data-restoring', '')
    let frame = 0
    // After the router's own scroll restoration, put the same card back at the same height;
    // a frame later, once every card's real height is remembered, go back to lazy layout.
    frame = requestAnimationFrame(() => {
      const element = document.querySelector<HTMLElement>(`[data-post-id="${CSS.escape(saved.postId)}"]`)
      if (element) window.scrollTo(0, window.scrollY + element.getBoundingClientRect().top - saved.top)
      frame = requestAnimationFrame(() => list?.removeAttribute('data-restoring'))
    })
    return () => {
      cancelAnimationFrame(frame)
      list?.removeAttribute('data-restoring')
    }
  }, [ready, navigation, key])
}
