import * as AlertDialog from '@radix-ui/react-alert-dialog'
import type { ReactNode } from 'react'
import styles from './AlertShell.module.css'

/**
 * The one frame of Magpie's questions (Radix AlertDialog: the focus held inside, Escape as its
 * Cancel): the confirm prompt and the editor's leave prompt. A title, a description (`hint`
 * shown under the title, else read out only), then the answers, in a row or `stacked` when their
 * labels are long. The children are the answers (AlertDialog.Cancel, AlertDialog.Action, buttons).
 */
export function AlertShell({
  open,
  onDismiss,
  onClosed,
  title,
  description,
  hint = false,
  stacked = false,
  children
}: {
  open: boolean
  /** Escape, or a click outside: the question goes unanswered. */
  onDismiss: () => void
  /** Where focus goes when it closes: there is no trigger for Radix to return it to. */
  onClosed: () => void
  title: string
  description: string
  hint?: boolean
  stacked?: boolean
  children: ReactNode
}) {
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !next && onDismiss()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={styles.overlay} />
        <AlertDialog.Content
          className={styles.content}
          onCloseAutoFocus={(event) => {
            event.preventDefault()
            onClosed()
          }}
        >
          <AlertDialog.Title className={styles.title}>{title}</AlertDialog.Title>
          <AlertDialog.Description className={hint ? styles.hint : styles.description}>{description}</AlertDialog.Description>
          <div className={stacked ? styles.stacked : styles.actions}>{children}</div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  )
}
