import { Link, Navigate } from 'react-router-dom'
import { toast } from '@/shared/ui/toast'
import { formatDateTime } from '@shared/format'
import { format, messages } from '@shared/messages'
import { errorMessage } from '@/shared/lib/ipc'
import { useCurrentUser } from '@/shared/lib/session'
import { useConfirm } from '@/shared/ui/ConfirmProvider'
import { Image } from '@/shared/ui/Image'
import { ErrorState } from '@/shared/ui/ErrorState'
import { Spinner } from '@/shared/ui/LoadingOverlay'
import { useAlerts } from '../api/get-alerts'
import { useDeleteAlert } from '../api/delete-alert'
import { useClearAlerts } from '../api/clear-alerts'
import styles from './AlertsPage.module.css'

export function AlertsPage() {
  const user = useCurrentUser()
  const alerts = useAlerts(Boolean(user))
  const remove = useDeleteAlert()
  const clear = useClearAlerts()
  const confirm = useConfirm()

  if (!user) return <Navigate to="/login" replace />

  const list = alerts.data?.alerts ?? []

  const clearAll = async () => {
    if (!(await confirm(format.confirmDeleteAllAlerts(list.length), messages.deleteAll))) return
    clear.mutate(undefined, {
      onSuccess: () => toast.success(messages.alertsCleared),
      onError: (e) => toast.error(errorMessage(e))
    })
  }

  return (
    <main className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{messages.alertsTitle}</h1>
        {list.length > 0 && (
          <button type="button" className={styles.clear} onClick={clearAll} disabled={clear.isPending}>
            {messages.deleteAll}
          </button>
        )}
      </header>
      {alerts.isPending ? (
        <Spinner />
      ) : alerts.isError && !alerts.data ? (
        <ErrorState error={alerts.error} onRetry={() => void alerts.refetch()} busy={alerts.isFetching} />
      ) : list.length === 0 ? (
        <p className={styles.empty}>{messages.noAlerts}</p>
      ) : (
        <ul className={styles.list}>
          {list.map((alert) => (
            <li key={alert.id} className={styles.card} data-testid="alert-card">
              <Link to={`/detail/${alert.postId}`} className={styles.link}>
                <span className={styles.thumb}>
                  {alert.postImage && <Image image={alert.postImage} alt={messages.postImageAlt} sizes="64px" />}
                </span>
                <span className={styles.body}>
                  <span className={`${styles.type} ${alert.type === 'like' ? styles.like : styles.comment}`}>
                    {alert.type === 'like' ? messages.alertTypeLike : messages.alertTypeComment}
                  </span>
                  <span className={styles.text}>{alert.text}</span>
                  <time className={styles.date} dateTime={new Date(alert.createdAt).toISOString()}>
                    {formatDateTime(alert.createdAt)}
                  </time>
                </span>
              </Link>
              <button
                type="button"
                className={styles.remove}
                aria-label={`${messages.deleteOne}: ${alert.text}`}
                onClick={() =>
                  remove.mutate(alert.id, {
                    onSuccess: () => toast.success(messages.alertDeleted),
                    onError: (e) => toast.error(errorMessage(e))
                  })
                }
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </main>
  )
}
