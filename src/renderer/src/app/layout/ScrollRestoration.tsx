import { useEffect, useLayoutEffect } from 'react'
import { useLocation, useNavigationType } from 'react-router-dom'

/** The last scroll position of each history entry this session, by entry. */
const positions = new Map<string, number>()
let current: string | null = null

/**
 * Which history entry this is. The router keys the entries it makes; the app's first entry and
 * any whose hash was set outside the router (a link typed or set from outside) all share the key
 * "default", and only the first carries the router's index. Those others are nobody's to restore:
 * sharing one key, they would inherit another screen's position (a post opened half scrolled,
 * its footer under the top bar).
 */
function entryOf(key: string): string | null {
  if (key !== 'default') return key
  const state: unknown = window.history.state
  return typeof state === 'object' && state !== null && (state as { idx?: unknown }).idx === 0 ? 'first' : null
}

/**
 * New navigations start at the top; Back and Forward return to where the reader was on
 * that history entry (the feed then puts the same card back, see Feed.tsx). Positions
 * are recorded as the reader scrolls, so a shorter next screen cannot clip the saved one.
 */
export function ScrollRestoration() {
  const { key } = useLocation()
  const navigation = useNavigationType()

  useEffect(() => {
    window.history.scrollRestoration = 'manual'
    const onScroll = () => {
      if (current !== null) positions.set(current, window.scrollY)
    }
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => window.removeEventListener('scroll', onScroll)
  }, [])

  useLayoutEffect(() => {
    current = entryOf(key)
    const saved = current === null ? undefined : positions.get(current)
    window.scrollTo(0, navigation === 'POP' && saved !== undefined ? saved : 0)
  }, [key, navigation])

  return null
}
