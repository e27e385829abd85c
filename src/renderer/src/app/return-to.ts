import { atom, useAtomValue, useSetAtom } from 'jotai'
import { useEffect } from 'react'
import { useLocation } from 'react-router-dom'

/** The last screen the reader was on other than the login and sign-up forms. */
const lastPlaceAtom = atom('/')

const authRoutes = new Set(['/login', '/signup'])

/** Remembers each screen the reader visits, so logging in can bring them back to it. */
export function useRememberPlace(): void {
  const { pathname, search } = useLocation()
  const remember = useSetAtom(lastPlaceAtom)
  useEffect(() => {
    if (!authRoutes.has(pathname)) remember(pathname + search)
  }, [pathname, search, remember])
}

/** Where a login returns to: the screen the reader left for the login form (a post they wanted to comment on, say). */
export function useReturnTo(): string {
  return useAtomValue(lastPlaceAtom)
}
