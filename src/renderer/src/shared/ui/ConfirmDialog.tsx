import * as AlertDialog from '@radix-ui/react-alert-dialog'
import { messages } from '@shared/messages'
import styles from './ConfirmDialog.module.css'

/** The confirm prompt itself (Radix AlertDialog), loaded by ConfirmProvider the first time it asks. */
export default function ConfirmDialog({
  open,
  question,
  action,
  onSettle,
  onClosed
}: {
  open: boolean
  question: string
  action: string
  onSettle: (ok: boolean) => void
  /** Where focus goes when it closes: Radix would return it to a trigger, and there is none. */
  onClosed: () => void
}) {
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !next && onSettle(false)}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={styles.overlay} />
        <AlertDialog.Content
          className={styles.content}
          onCloseAutoFocus={(event) => {
            event.preventDefault()
            onClosed()
          }}
        >
          <AlertDialog.Title className={styles.title}>{question}</AlertDialog.Title>
          <AlertDialog.Description className={styles.description}>{messages.appName}</AlertDialog.Description>
          <div className={styles.actions}>
            <AlertDialog.Cancel className={styles.cancel} onClick={() => onSettle(false)}>
              {messages.cancel}
            </AlertDialog.Cancel>
            <AlertDialog.Action className={styles.action} onClick={() => onSettle(true)}>
              {action}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  )
}
