import { messages } from '@shared/messages'
import { accessFormat } from '@shared/messages/access'
import { errorMessage } from '@/shared/lib/ipc'
import { ErrorState } from '@/shared/ui/ErrorState'
import { Spinner } from '@/shared/ui/LoadingOverlay'
import { RelativeTime } from '@/shared/ui/RelativeTime'
import { toast } from '@/shared/ui/toast'
import { useDecideJoin, useJoinRequests } from '../api/access'
import styles from './JoinRequestsSection.module.css'

/**
 * The moderators' 가입 요청 list (docs/decisions/045-members-only.md): who asked (their nickname,
 * never an email), what they wrote and when, with 승인 / 거절. Main checks the moderator again.
 */
export function JoinRequestsSection() {
  const requests = useJoinRequests(true)
  const decide = useDecideJoin()
  if (requests.isPending) return <Spinner />
  if (requests.isError) return <ErrorState error={requests.error} onRetry={() => void requests.refetch()} />
  if (requests.data.length === 0) return <p className={styles.empty}>{messages.joinRequestsNone}</p>
  return (
    <ul className={styles.list} aria-label={messages.joinRequestsTitle}>
      {requests.data.map((request) => (
        <li key={request.id} className={styles.row}>
          <p className={styles.meta}>
            <strong className={styles.nickname}>{request.nickname}</strong>
            <RelativeTime at={request.at} />
          </p>
          <p className={request.message ? styles.message : styles.noMessage}>{request.message || messages.joinNoMessage}</p>
          <div className={styles.actions}>
            {([true, false] as const).map((approve) => (
              <button
                key={String(approve)}
                type="button"
                className={approve ? styles.approve : styles.reject}
                disabled={decide.isPending}
                aria-label={`${request.nickname} ${approve ? messages.joinApprove : messages.joinReject}`}
                onClick={() =>
                  decide.mutate(
                    { id: request.id, approve },
                    {
                      onSuccess: () => toast.success((approve ? accessFormat.joinApprovedOne : accessFormat.joinRejectedOne)(request.nickname)),
                      onError: (error) => toast.error(errorMessage(error))
                    }
                  )
                }
              >
                {approve ? messages.joinApprove : messages.joinReject}
              </button>
            ))}
          </div>
        </li>
      ))}
    </ul>
  )
}
