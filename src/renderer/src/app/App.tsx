import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { Provider as JotaiProvider } from 'jotai'
import { RouterProvider } from 'react-router-dom'
import { Toaster } from 'sonner'
import { ConfirmProvider } from '@/shared/ui/ConfirmDialog'
import { router } from './router'

const queryClient = new QueryClient({
  defaultOptions: {
    // Main pushes every change as an event, so nothing needs refetching on a timer or on focus.
    queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: false },
    mutations: { retry: false }
  }
})

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <JotaiProvider>
        <ConfirmProvider>
          <RouterProvider router={router} />
          <Toaster position="bottom-center" richColors closeButton={false} duration={2600} toastOptions={{ className: 'magpie-toast' }} />
        </ConfirmProvider>
      </JotaiProvider>
    </QueryClientProvider>
  )
}
