import { useEffect, useLayoutEffect } from 'react'
import { useLocation, useNavigationType } from 'react-router-dom'

/** The last scroll position of each history entry this session, by location key. */
const positions = new Map<string, number>()
let current = ''

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
    const onScroll = () => positions.set(current, window.scrollY)
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => window.removeEventListener('scroll', onScroll)
  }, [])

  useLayoutEffect(() => {
    current = key
    const saved = positions.get(key)
    window.scrollTo(0, navigation === 'POP' && saved !== undefined ? saved : 0)
  }, [key, navigation])

  return null
}
