import { lazy } from 'react'
import { Route, Routes } from 'react-router-dom'
import { AppLayout } from './layout/AppLayout'
import { useRememberPlace } from './return-to'
import { FeedRoute } from './routes/feed'
import { NotFoundRoute } from './routes/not-found'

// Screens off the first path load on demand: the first screen ships only the feed.
const DetailRoute = lazy(() => import('./routes/detail').then((m) => ({ default: m.DetailRoute })))
const LoginRoute = lazy(() => import('./routes/login').then((m) => ({ default: m.LoginRoute })))
const SignUpRoute = lazy(() => import('./routes/signup').then((m) => ({ default: m.SignUpRoute })))
const WriteRoute = lazy(() => import('./routes/write').then((m) => ({ default: m.WriteRoute })))
const TagRoute = lazy(() => import('./routes/tag').then((m) => ({ default: m.TagRoute })))
const PersonRoute = lazy(() => import('./routes/person').then((m) => ({ default: m.PersonRoute })))
const AlertsRoute = lazy(() => import('./routes/alerts').then((m) => ({ default: m.AlertsRoute })))
const ReportsRoute = lazy(() => import('./routes/reports').then((m) => ({ default: m.ReportsRoute })))
const DraftsRoute = lazy(() => import('./routes/drafts').then((m) => ({ default: m.DraftsRoute })))
const SavedRoute = lazy(() => import('./routes/saved').then((m) => ({ default: m.SavedRoute })))
const JoinRoute = lazy(() => import('./routes/join').then((m) => ({ default: m.JoinRoute })))

/**
 * The routes of docs/specification.md §2.1, as hash routes (App puts them in a HashRouter). Declarative
 * routes rather than a data router: Magpie loads its data with TanStack Query, and the
 * data router's loaders and actions would be some 20 KiB of gzipped script on the first screen.
 */
export function AppRoutes() {
  useRememberPlace()
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route index element={<FeedRoute />} />
        <Route path="detail/:postId" element={<DetailRoute />} />
        <Route path="login" element={<LoginRoute />} />
        <Route path="signup" element={<SignUpRoute />} />
        <Route path="write/:postId" element={<WriteRoute />} />
        <Route path="drafts" element={<DraftsRoute />} />
        <Route path="saved" element={<SavedRoute />} />
        <Route path="myalert" element={<AlertsRoute />} />
        <Route path="reports" element={<ReportsRoute />} />
        <Route path="join" element={<JoinRoute />} />
        <Route path="tags/:tag" element={<TagRoute />} />
        <Route path="people/:personId" element={<PersonRoute />} />
        <Route path="*" element={<NotFoundRoute />} />
      </Route>
    </Routes>
  )
}
