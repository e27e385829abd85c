import { Outlet, ScrollRestoration } from 'react-router-dom'
import { useSession } from '@/shared/lib/session'
import { LoadingOverlay } from '@/shared/ui/LoadingOverlay'
import { LiveUpdates } from './LiveUpdates'
import { TopBar } from './TopBar'
import styles from './AppLayout.module.css'

export function AppLayout() {
  const session = useSession()
  return (
    <div className={styles.shell}>
      <TopBar />
      {session.isPending ? <LoadingOverlay /> : <Outlet />}
      <LiveUpdates />
      {/* New navigations start at the top; Back returns to where the reader was. */}
      <ScrollRestoration getKey={(location) => location.key} />
    </div>
  )
}
