import * as AlertDialog from '@radix-ui/react-alert-dialog'
import { messages } from '@shared/messages'
import { AlertShell } from './AlertShell'
import styles from './ConfirmDialog.module.css'

/** The confirm prompt itself, in the questions' frame (AlertShell), loaded by ConfirmProvider the first time it asks. */
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
    <AlertShell open={open} onDismiss={() => onSettle(false)} onClosed={onClosed} title={question} description={messages.appName}>
      <AlertDialog.Cancel className={styles.cancel} onClick={() => onSettle(false)}>
        {messages.cancel}
      </AlertDialog.Cancel>
      <AlertDialog.Action className={styles.action} onClick={() => onSettle(true)}>
        {action}
      </AlertDialog.Action>
    </AlertShell>
  )
}
