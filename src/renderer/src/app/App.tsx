import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { HashRouter } from 'react-router-dom'
import { feedQuery } from '@/features/posts/api/get-feed'
import { sessionQuery } from '@/shared/lib/session'
import { ConfirmProvider } from '@/shared/ui/ConfirmProvider'
import { Toasts } from '@/shared/ui/toast'
import { LastPlaceProvider } from './return-to'
import { AppRoutes } from './router'

const queryClient = new QueryClient({
  defaultOptions: {
    // Main pushes every change as an event, so nothing needs refetching on a timer or on focus.
    queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: false },
    mutations: { retry: false }
  }
})

// Ask main for the session, and on the feed for its first page, as the script starts rather
// than after the first render and after each other (main answers for whoever it has signed
// in): the first cards are two steps nearer.
void queryClient.prefetchQuery(sessionQuery)
if (/^#?\/?$/.test(window.location.hash)) void queryClient.prefetchInfiniteQuery(feedQuery(queryClient))

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <LastPlaceProvider>
        <ConfirmProvider>
          <HashRouter>
            <AppRoutes />
          </HashRouter>
          {/* Under the top bar: at the bottom they covered the comment box and the floating 글쓰기. */}
          <Toasts position="top-center" offset={{ top: 'calc(var(--bar-height) + 12px)' }} richColors closeButton={false} duration={2600} toastOptions={{ className: 'magpie-toast' }} />
        </ConfirmProvider>
      </LastPlaceProvider>
    </QueryClientProvider>
  )
}
