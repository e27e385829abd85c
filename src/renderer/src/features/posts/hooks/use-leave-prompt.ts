import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { holdLeaveGuard } from '@/shared/lib/leave-guard'

/** The history entry's index React Router keeps in its state (null outside a browser history). */
const historyIndex = (): number | null => {
  const idx = (window.history.state as { idx?: unknown } | null)?.idx
  return typeof idx === 'number' ? idx : null
}

/** A link the router would follow on this click: its path, or null to leave the click alone. */
function routerPath(event: MouseEvent): string | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null
  if (!link || link.getAttribute('target')) return null
  const href = link.getAttribute('href') ?? ''
  // A hash router's links are "#/…"; a memory router's (in tests) "/…".
  if (href.startsWith('#/')) return href.slice(1)
  return href.startsWith('/') ? href : null
}

/**
 * Every way out of a screen with unsaved writing asks first (docs/decisions/039-drafts.md):
 * its own buttons and keys call `ask(go)`; a link anywhere, the history's back and forward, and
 * a tray or Jump List task (leave-guard) are caught here. `leaving` is the way out asked about,
 * until the person answers; `proceed` takes it, `stay` stays.
 */
export function useLeavePrompt(dirty: boolean) {
  const navigate = useNavigate()
  const location = useLocation()
  const [leaving, setLeaving] = useState<(() => void) | null>(null)
  const dirtyNow = useRef(dirty)
  useLayoutEffect(() => {
    dirtyNow.current = dirty
  }, [dirty])
  // Set once the person chose to leave: the way out then goes unasked.
  const allowed = useRef(false)
  const index = useRef<number | null>(null)

  useEffect(() => {
    allowed.current = false
    index.current = historyIndex()
  }, [location.key])

  // What had focus when the question came, to go back to if the person stays.
  const opener = useRef<Element | null>(null)

  /** Answers whether it asked (true) or went at once. */
  const ask = useCallback((go: () => void): boolean => {
    if (!dirtyNow.current || allowed.current) {
      go()
      return false
    }
    opener.current = document.activeElement
    setLeaving(() => go)
    return true
  }, [])

  const proceed = useCallback((go: () => void) => {
    setLeaving(null)
    allowed.current = true
    go()
  }, [])

  const stay = useCallback(() => setLeaving(null), [])

  /** As the question closes: unless the screen is being left, focus goes back where it was, else to `fallback`. */
  const returnFocus = useCallback((fallback: HTMLElement | null) => {
    if (allowed.current) return
    const element = opener.current
    opener.current = null
    if (element instanceof HTMLElement && element.isConnected && element !== document.body) element.focus()
    else fallback?.focus()
  }, [])

  useEffect(() => holdLeaveGuard(ask), [ask])

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (!dirtyNow.current || allowed.current) return
      const path = routerPath(event)
      if (path === null) return
      // Before the router's own handler (React listens at the root, below the document).
      event.preventDefault()
      event.stopPropagation()
      ask(() => navigate(path))
    }
    document.addEventListener('click', onClick, true)
    return () => document.removeEventListener('click', onClick, true)
  }, [ask, navigate])

  useEffect(() => {
    // Back or forward has already moved the history when popstate comes: the router is kept from
    // hearing it (a capturing listener on window runs before its own), the history is put back
    // where the editor is, and only a "leave" moves it again.
    let puttingBack = false
    const onPop = (event: PopStateEvent) => {
      if (puttingBack) {
        puttingBack = false
        event.stopImmediatePropagation()
        return
      }
      const here = index.current
      const there = historyIndex()
      if (!dirtyNow.current || allowed.current || here === null || there === null || here === there) return
      event.stopImmediatePropagation()
      puttingBack = true
      window.history.go(here - there)
      ask(() => window.history.go(there - here))
    }
    window.addEventListener('popstate', onPop, true)
    return () => window.removeEventListener('popstate', onPop, true)
  }, [ask])

  return { leaving, ask, proceed, stay, returnFocus }
}
