import { useEffect, useRef, useState } from 'react'
import { Link, Navigate } from 'react-router-dom'
import type { AlertList } from '@shared/types'
import { toast } from '@/shared/ui/toast'
import { format, messages } from '@shared/messages'
import { errorMessage } from '@/shared/lib/ipc'
import { useCurrentUser } from '@/shared/lib/session'
import { postPath } from '@/shared/lib/post-path'
import { useConfirm } from '@/shared/ui/ConfirmProvider'
import { PersonAvatarLink } from '@/shared/ui/PersonLink'
import { Image } from '@/shared/ui/Image'
import { RelativeTime } from '@/shared/ui/RelativeTime'
import { WindowedList } from '@/shared/ui/WindowedList'
import { ErrorState } from '@/shared/ui/ErrorState'
import { Spinner } from '@/shared/ui/LoadingOverlay'
import { useAlerts } from '../api/get-alerts'
import { useDeleteAlert } from '../api/delete-alert'
import { useClearAlerts } from '../api/clear-alerts'
import { useMarkAlertsSeen } from '../api/mark-alerts-seen'
import styles from './AlertsPage.module.css'

/**
 * The alert list (docs/decisions/014-unread-alerts.md). Opening it marks what it shows read, so
 * the badge falls to 0; the rows that were unread stay marked as new for this visit, until
 * 모두 읽음. Rows arriving while the page is open and the window in front are read at once.
 */
export function AlertsPage() {
  const user = useCurrentUser()
  const alerts = useAlerts(Boolean(user))
  const remove = useDeleteAlert()
  const clear = useClearAlerts()
  const { mutate: markSeen } = useMarkAlertsSeen()
  const confirm = useConfirm()
  /** Rows shown unread during this visit. */
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set())
  const opened = useRef(false)
  /** The list last marked: each answer is marked once, so a failure is not retried in a loop. */
  const marked = useRef<AlertList | null>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  const clearButton = useRef<HTMLButtonElement>(null)

  const data = alerts.data
  useEffect(() => {
    if (!data || marked.current === data) return
    const unread = data.alerts.filter((a) => !a.seen).map((a) => a.id)
    if (unread.length === 0 && data.unseen === 0) return
    // On opening always; later only while the person can see the page.
    if (opened.current && !(document.visibilityState === 'visible' && document.hasFocus())) return
    opened.current = true
    marked.current = data
    setFresh((current) => new Set([...current, ...unread]))
    markSeen(data)
  }, [data, markSeen])

  // Back in front with unread rows that came while away: now they are seen.
  useEffect(() => {
    const onFocus = () => {
      if (!data || data.unseen === 0) return
      marked.current = data
      setFresh((current) => new Set([...current, ...data.alerts.filter((a) => !a.seen).map((a) => a.id)]))
      markSeen(data)
    }
    window.addEventListener('focus', onFocus)
    return () => window.removeEventListener('focus', onFocus)
  }, [data, markSeen])

  if (!user) return <Navigate to="/login" replace />

  const list = data?.alerts ?? []
  const isNew = (row: AlertList['alerts'][number]) => !row.seen || fresh.has(row.id)
  const anyNew = list.some(isNew)

  // 모두 읽음 goes once read: the focus moves on to 모두 삭제 beside it.
  const readAll = () => {
    clearButton.current?.focus()
    setFresh(new Set())
    // Only the button says a failure: the automatic marks (on view, on focus) stay quiet.
    if (data) markSeen(data, { onError: (e) => toast.error(errorMessage(e)) })
  }

  const clearAll = async () => {
    if (!(await confirm(format.confirmDeleteAllAlerts(data?.count ?? list.length), messages.deleteAll, () => heading.current))) return
    clear.mutate()
  }

  return (
    <main className={styles.page}>
      <header className={styles.header}>
        <h1 ref={heading} tabIndex={-1} className={styles.title}>
          {messages.alertsTitle}
        </h1>
        {list.length > 0 && (
          <div className={styles.actions}>
            {anyNew && (
              <button type="button" className={styles.action} onClick={readAll}>
                {messages.markAllRead}
              </button>
            )}
            <button ref={clearButton} type="button" className={`${styles.action} ${styles.clear}`} onClick={clearAll} disabled={clear.isPending}>
              {messages.deleteAll}
            </button>
          </div>
        )}
      </header>
      {alerts.isPending ? (
        <Spinner />
      ) : alerts.isError && !data ? (
        <ErrorState error={alerts.error} onRetry={() => void alerts.refetch()} busy={alerts.isFetching} />
      ) : list.length === 0 ? (
        <p className={styles.empty}>{messages.noAlerts}</p>
      ) : (
        // Past a few hundred alerts only those near the screen are in the document.
        <WindowedList
          as="ul"
          className={styles.list}
          items={list}
          getKey={(alert) => alert.id}
          estimate={80}
          gap={10}
          renderItem={(alert, row) => {
            const unread = isNew(alert)
            return (
              <li key={alert.id} {...row} className={`${styles.card} ${unread ? styles.unread : ''}`} data-testid="alert-card" data-unread={unread}>
                {/* Whose alert it is opens their page; the row's own link opens the post. */}
                <span className={styles.actor}>
                  <PersonAvatarLink person={alert.actor} size={44} named />
                  {/* On the photo but no part of its link: the row's own link says what happened. */}
                  <span className={`${styles.type} ${alert.type === 'like' ? styles.like : styles.comment}`} aria-hidden="true">
                    {alert.type === 'like' ? messages.alertTypeLike : messages.alertTypeComment}
                  </span>
                </span>
                <Link
                  to={postPath(alert.postId, alert.type === 'comment' ? { comment: alert.commentId } : undefined)}
                  className={styles.link}
                  data-testid="alert-link"
                >
                  <span className={styles.body}>
                    <span className={styles.text}>
                      {unread && <span className="visually-hidden">{messages.alertUnread}, </span>}
                      {alert.text}
                    </span>
                    {/* Someone else's words, as text; <bdi> keeps their direction from turning the line around. */}
                    {alert.commentWords !== null && (
                      <span className={styles.quote}>
                        “<bdi>{alert.commentWords}</bdi>”
                      </span>
                    )}
                    <span className={styles.post}>
                      <span className="visually-hidden">{messages.alertPostWords}: </span>
                      <bdi>{alert.postWords}</bdi>
                    </span>
                    <span className={styles.meta}>
                      <RelativeTime at={alert.createdAt} className={styles.date} />
                      {/* Turned off in 설정 → 알림 or on the post: listed, not counted on the badge. */}
                      {alert.silenced && <span className={styles.silenced}>{messages.alertSilenced}</span>}
                    </span>
                  </span>
                  {unread && <span className={styles.dot} aria-hidden="true" />}
                  <span className={styles.thumb}>
                    {alert.postImage && <Image image={alert.postImage} alt={messages.postImageAlt} sizes="56px" crop />}
                  </span>
                </Link>
                <button
                  type="button"
                  className={styles.remove}
                  aria-label={`${messages.deleteOne}: ${alert.text}`}
                  onClick={(event) => {
                    // The row goes: the focus moves on to the next row's ×, the one before it, or the heading.
                    const row = event.currentTarget.closest('li')
                    const neighbour = row?.nextElementSibling ?? row?.previousElementSibling
                    const next = neighbour?.querySelector<HTMLElement>('button') ?? heading.current
                    next?.focus()
                    remove.mutate(alert.id)
                  }}
                >
                  ×
                </button>
              </li>
            )
          }}
        />
      )}
    </main>
  )
}
