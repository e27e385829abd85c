import { useEffect } from 'react'
import { useLocation } from 'react-router-dom'
import { unclaimedReturnFocus } from '@/shared/lib/return-focus'

/**
 * Back from a post (목록으로) to a screen without its card: the page's heading takes the focus.
 * A frame after the screen's commit, so a card the windowed feed draws in its second pass can claim it first.
 */
export function FocusReturn() {
  const { key } = useLocation()
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      if (!unclaimedReturnFocus()) return
      const heading = document.querySelector<HTMLElement>('main h1')
      if (!heading) return
      heading.tabIndex = -1
      heading.focus({ preventScroll: true })
    })
    return () => cancelAnimationFrame(frame)
  }, [key])
  return null
}
