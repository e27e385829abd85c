import type { RefObject } from 'react'
import { format, messages } from '@shared/messages'
import { Avatar } from '@/shared/ui/Avatar'
import { DialogShell } from '@/shared/ui/DialogShell'
import { ErrorState } from '@/shared/ui/ErrorState'
import { Spinner } from '@/shared/ui/LoadingOverlay'
import { useLikers } from '../api/get-likers'
import styles from './LikersDialog.module.css'

/** "좋아요 N개" opened: who liked the post, by nickname (in the dialog shell), loaded on first use. */
export default function LikersDialog({
  postId,
  open,
  onOpenChange,
  returnFocusTo
}: {
  postId: string
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The count that opened it (no Dialog.Trigger: the dialog loads after the click). */
  returnFocusTo: RefObject<HTMLElement | null>
}) {
  const likers = useLikers(postId, open)
  const data = likers.data
  return (
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      size="small"
      testId="likers-dialog"
      returnFocusTo={returnFocusTo}
      title={
        <>
          {messages.likersTitle}
          {data && <span className={styles.count}>{data.count.toLocaleString('ko-KR')}</span>}
        </>
      }
    >
      {likers.isPending ? (
        <Spinner label={messages.loading} />
      ) : !data ? (
        <ErrorState compact error={likers.error} onRetry={() => void likers.refetch()} busy={likers.isFetching} />
      ) : (
        <>
          <ul className={styles.list}>
            {data.likers.map((liker) => (
              <li key={liker.id} className={styles.row}>
                <Avatar person={{ id: liker.id, nickname: liker.nickname ?? '', avatar: liker.avatar }} size={36} />
                {liker.nickname ? <span className={styles.name}>{liker.nickname}</span> : <span className={styles.unknown}>{messages.unknownLiker}</span>}
              </li>
            ))}
          </ul>
          {data.count > data.likers.length && <p className={styles.more}>{format.moreLikers(data.count - data.likers.length)}</p>}
        </>
      )}
    </DialogShell>
  )
}
