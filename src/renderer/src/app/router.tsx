import { createHashRouter } from 'react-router-dom'
import { AppLayout } from './layout/AppLayout'
import { FeedRoute } from './routes/feed'
import { DetailRoute } from './routes/detail'
import { NotFoundRoute } from './routes/not-found'

/** The six routes of DESIGN.md, as hash routes. Screens off the first path load on demand. */
export const router = createHashRouter([
  {
    element: <AppLayout />,
    children: [
      { index: true, element: <FeedRoute /> },
      { path: 'detail/:postId', element: <DetailRoute /> },
      { path: 'login', lazy: async () => ({ Component: (await import('./routes/login')).LoginRoute }) },
      { path: 'signup', lazy: async () => ({ Component: (await import('./routes/signup')).SignUpRoute }) },
      { path: 'write/:postId', lazy: async () => ({ Component: (await import('./routes/write')).WriteRoute }) },
      { path: 'myalert', lazy: async () => ({ Component: (await import('./routes/alerts')).AlertsRoute }) },
      { path: '*', element: <NotFoundRoute /> }
    ]
  }
])
