import { createContext, use, useEffect, useState, type ReactNode } from 'react'
import { useLocation } from 'react-router-dom'

interface Place {
  get(): string
  set(place: string): void
}

/**
 * The last screen the reader was on other than the login and sign-up forms. Kept outside
 * React's state: only the login form reads it, when it renders, and nothing re-renders
 * when it changes. A plain context, so the first screen carries no state library for it.
 */
const LastPlace = createContext<Place | null>(null)

function lastPlace(): Place {
  let place = '/'
  return {
    get: () => place,
    set: (next) => {
      place = next
    }
  }
}

export function LastPlaceProvider({ children }: { children: ReactNode }) {
  const [place] = useState(lastPlace)
  return <LastPlace value={place}>{children}</LastPlace>
}

function useLastPlace(): Place {
  const place = use(LastPlace)
  if (!place) throw new Error('LastPlaceProvider is missing')
  return place
}

const authRoutes = new Set(['/login', '/signup'])

/** Remembers each screen the reader visits, so logging in can bring them back to it. */
export function useRememberPlace(): void {
  const { pathname, search } = useLocation()
  const place = useLastPlace()
  useEffect(() => {
    if (!authRoutes.has(pathname)) place.set(pathname + search)
  }, [pathname, search, place])
}

/** Where a login returns to: the screen the reader left for the login form (a post they wanted to comment on, say). */
export function useReturnTo(): string {
  return useLastPlace().get()
}
