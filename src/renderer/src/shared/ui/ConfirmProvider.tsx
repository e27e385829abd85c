import { createContext, lazy, Suspense, useCallback, useContext, useRef, useState, type ReactNode } from 'react'
import { messages } from '@shared/messages'

/**
 * `afterYes`: where the focus goes when the answer is yes and the dialog has closed (the opener,
 * a deleted row's ×, is often gone by then); with no answer, or no such element, the opener.
 */
type Confirm = (question: string, action?: string, afterYes?: () => HTMLElement | null | undefined) => Promise<boolean>

const ConfirmContext = createContext<Confirm>(() => Promise.resolve(false))

/** The dialog (Radix, with its focus trap and scroll lock) loads the first time a question is asked, not with the first screen. */
const ConfirmDialog = lazy(() => import('./ConfirmDialog'))

/** `await confirm(messages.confirmDeletePost)` anywhere: an accessible dialog instead of window.confirm. */
export function useConfirm(): Confirm {
  return useContext(ConfirmContext)
}

export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [asked, setAsked] = useState(false)
  const [open, setOpen] = useState(false)
  const [question, setQuestion] = useState('')
  const [action, setAction] = useState<string>(messages.confirm)
  const resolver = useRef<((ok: boolean) => void) | null>(null)
  // What had focus when the question was asked: the dialog has no Radix trigger to return to.
  const opener = useRef<HTMLElement | null>(null)
  const afterYes = useRef<(() => HTMLElement | null | undefined) | null>(null)
  const answer = useRef(false)

  const confirm = useCallback<Confirm>((text, label = messages.confirm, then) => {
    // A question replacing an unanswered one keeps the first one's opener.
    if (!resolver.current) opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
    resolver.current?.(false)
    afterYes.current = then ?? null
    answer.current = false
    setQuestion(text)
    setAction(label)
    setAsked(true)
    setOpen(true)
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve
    })
  }, [])

  const returnFocus = useCallback(() => {
    const next = answer.current ? afterYes.current?.() : null
    const element = next?.isConnected ? next : opener.current
    opener.current = null
    afterYes.current = null
    if (element?.isConnected) element.focus()
  }, [])

  const settle = useCallback((ok: boolean) => {
    // Radix closes after the button's own answer: that second, "no", answers nothing.
    if (resolver.current) answer.current = ok
    resolver.current?.(ok)
    resolver.current = null
    setOpen(false)
  }, [])

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      {asked && (
        <Suspense fallback={null}>
          <ConfirmDialog open={open} question={question} action={action} onSettle={settle} onClosed={returnFocus} />
        </Suspense>
      )}
    </ConfirmContext.Provider>
  )
}
