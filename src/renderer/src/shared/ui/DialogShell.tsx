import * as Dialog from '@radix-ui/react-dialog'
import type { ReactNode, RefObject } from 'react'
import { messages } from '@shared/messages'
import styles from './DialogShell.module.css'

/**
 * A dialog in Magpie's one frame (Radix Dialog: focus trap, Escape, scroll lock): its title and
 * close button, then the children. `described`: the children hold a Dialog.Description.
 * `returnFocusTo`: what opened it when that is no Dialog.Trigger (a dialog loaded after the
 * click), so the focus goes back there and not to the page.
 */
export function DialogShell({
  open,
  onOpenChange,
  title,
  size = 'medium',
  described = false,
  returnFocusTo,
  testId,
  children
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: ReactNode
  size?: 'small' | 'medium' | 'large'
  described?: boolean
  returnFocusTo?: RefObject<HTMLElement | null>
  testId?: string
  children: ReactNode
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={styles.content}
          data-size={size}
          data-testid={testId}
          {...(described ? {} : { 'aria-describedby': undefined })}
          onCloseAutoFocus={(event) => {
            if (!returnFocusTo?.current?.isConnected) return
            event.preventDefault()
            returnFocusTo.current.focus()
          }}
        >
          <header className={styles.header}>
            <Dialog.Title className={styles.title}>{title}</Dialog.Title>
            <Dialog.Close className={styles.close} aria-label={messages.close}>
              <svg viewBox="0 0 24 24" aria-hidden="true">
                <path d="M6 6l12 12M18 6 6 18" />
              </svg>
            </Dialog.Close>
          </header>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
