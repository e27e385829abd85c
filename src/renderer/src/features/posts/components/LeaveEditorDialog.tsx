import * as AlertDialog from '@radix-ui/react-alert-dialog'
import { messages } from '@shared/messages'
import { AlertShell } from '@/shared/ui/AlertShell'
import styles from './LeaveEditorDialog.module.css'

/**
 * Asked when the editor is left with unsaved writing (docs/decisions/039-drafts.md), in the
 * questions' frame the confirm prompt uses (AlertShell): 임시 저장,
 * 저장하지 않고 나가기, or 계속 쓰기 — the first focused, and Escape's answer. An edit of a posted
 * post has no drafts, so it is only left or kept.
 */
export function LeaveEditorDialog({
  open,
  newPost,
  saving,
  onKeep,
  onDiscard,
  onStay,
  returnFocus
}: {
  open: boolean
  newPost: boolean
  saving: boolean
  onKeep: () => void
  onDiscard: () => void
  onStay: () => void
  /** Called as it closes: there is no trigger for Radix to return the focus to, and leaving moves it to the next screen. */
  returnFocus: () => void
}) {
  return (
    <AlertShell
      open={open}
      onDismiss={() => !saving && onStay()}
      onClosed={returnFocus}
      title={newPost ? messages.leaveNewPostQuestion : messages.confirmLeaveEditor}
      description={newPost ? messages.leaveNewPostHint : messages.leaveEditHint}
      hint
      stacked
    >
      {newPost && (
        <button type="button" className={styles.keep} disabled={saving} onClick={onKeep}>
          {saving ? messages.saving : messages.saveDraft}
        </button>
      )}
      <button type="button" className={styles.discard} disabled={saving} onClick={onDiscard}>
        {messages.leaveDiscard}
      </button>
      <AlertDialog.Cancel className={styles.stay} onClick={onStay} disabled={saving}>
        {messages.keepWriting}
      </AlertDialog.Cancel>
    </AlertShell>
  )
}
