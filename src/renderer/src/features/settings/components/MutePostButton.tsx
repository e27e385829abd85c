import { messages } from '@shared/messages'
import { errorMessage } from '@/shared/lib/ipc'
import { useCurrentUser } from '@/shared/lib/session'
import { toast } from '@/shared/ui/toast'
import { useMutePost, useNotificationSettings } from '../api/notifications'
import styles from './MutePostButton.module.css'

/**
 * 이 게시글 알림 끄기 on the post page of one's own post, and 켜기 to undo it there: its alerts stay
 * listed (marked) but are neither counted nor popped up (docs/decisions/026-notification-settings.md).
 */
export function MutePostButton({ postId }: { postId: string }) {
  const user = useCurrentUser()
  const settings = useNotificationSettings(Boolean(user))
  const mute = useMutePost()
  if (!user || !settings.data) return null
  const muted = settings.data.mutedPosts.some((post) => post.postId === postId)

  // Not disabled while it runs: the button keeps the focus it was pressed with.
  const toggle = () => {
    if (mute.isPending) return
    mute.mutate(
      { postId, muted: !muted },
      {
        onSuccess: () => toast.success(muted ? messages.postUnmuted : messages.postMuted),
        onError: (error) => toast.error(errorMessage(error))
      }
    )
  }

  return (
    <button type="button" className={styles.button} data-muted={muted} onClick={toggle} data-testid="mute-post">
      <svg viewBox="0 0 24 24" aria-hidden="true">
        <path d="M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15zM10 20.5a2.2 2.2 0 0 0 4 0" />
        {muted && <path d="M4 4l16 16" />}
      </svg>
      {muted ? messages.unmutePost : messages.mutePost}
    </button>
  )
}
