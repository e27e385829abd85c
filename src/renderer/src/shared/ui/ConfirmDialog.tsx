import * as AlertDialog from '@radix-ui/react-alert-dialog'
import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react'
import { messages } from '@shared/messages'
import styles from './ConfirmDialog.module.css'

type Confirm = (question: string, action?: string) => Promise<boolean>

const ConfirmContext = createContext<Confirm>(() => Promise.resolve(false))

/** `await confirm(messages.confirmDeletePost)` anywhere: an accessible modal instead of window.confirm. */
export function useConfirm(): Confirm {
  return useContext(ConfirmContext)
}

export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false)
  const [question, setQuestion] = useState('')
  const [action, setAction] = useState<string>(messages.confirm)
  const resolver = useRef<((ok: boolean) => void) | null>(null)

  const confirm = useCallback<Confirm>((text, label = messages.confirm) => {
    resolver.current?.(false)
    setQuestion(text)
    setAction(label)
    setOpen(true)
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve
    })
  }, [])

  const settle = (ok: boolean) => {
    resolver.current?.(ok)
    resolver.current = null
    setOpen(false)
  }

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      <AlertDialog.Root open={open} onOpenChange={(next) => !next && settle(false)}>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className={styles.overlay} />
          <AlertDialog.Content className={styles.content}>
            <AlertDialog.Title className={styles.title}>{question}</AlertDialog.Title>
            <AlertDialog.Description className={styles.description}>{messages.appName}</AlertDialog.Description>
            <div className={styles.actions}>
              <AlertDialog.Cancel className={styles.cancel} onClick={() => settle(false)}>
                {messages.cancel}
              </AlertDialog.Cancel>
              <AlertDialog.Action className={styles.action} onClick={() => settle(true)}>
                {action}
              </AlertDialog.Action>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </ConfirmContext.Provider>
  )
}
