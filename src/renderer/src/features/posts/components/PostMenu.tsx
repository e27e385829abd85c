import { lazy, Suspense, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { messages } from '@shared/messages'
import styles from './PostMenu.module.css'

// The menu itself (its items and what they do: the delete, the confirm, the clipboard) loads on
// the first open: the feed's first screen carries only the button.
const PostMenuItems = lazy(() => import('./PostMenuItems'))

/**
 * "⋯" on every post: 저장 (where the app provides it) and 링크 복사, and on one's own 수정 and 삭제 first (the menu button pattern of WAI-ARIA: the button
 * opens a menu and moves the focus into it; arrows, Home and End move in it; Escape and Tab close
 * it and the focus goes back to the button). 삭제 asks first, as the editor's 삭제하기 does.
 */
export function PostMenu({ postId, mine }: { postId: string; mine: boolean }) {
  // Open, and on which end the focus starts (↑ on the button opens it on its last item).
  const [open, setOpen] = useState<{ last: boolean } | null>(null)
  const button = useRef<HTMLButtonElement>(null)
  const wrap = useRef<HTMLDivElement>(null)
  const id = useId()

  const close = (focusButton: boolean) => {
    setOpen(null)
    if (focusButton) button.current?.focus()
  }

  // A press anywhere else closes the menu (and leaves the focus where that press puts it).
  useEffect(() => {
    if (!open) return
    const outside = (event: PointerEvent) => {
      if (!wrap.current?.contains(event.target as Node)) setOpen(null)
    }
    document.addEventListener('pointerdown', outside, true)
    return () => document.removeEventListener('pointerdown', outside, true)
  }, [open])

  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      setOpen({ last: event.key === 'ArrowUp' })
    }
  }

  return (
    <div ref={wrap} className={styles.wrap} onClick={(event) => event.stopPropagation()}>
      <button
        ref={button}
        type="button"
        id={`${id}-button`}
        className={styles.button}
        aria-label={messages.postMenu}
        aria-haspopup="menu"
        aria-expanded={open !== null}
        aria-controls={open ? `${id}-menu` : undefined}
        onClick={() => (open ? close(true) : setOpen({ last: false }))}
        onKeyDown={onButtonKey}
        data-testid="post-menu"
      />
      {open && (
        <Suspense fallback={null}>
          <PostMenuItems id={`${id}-menu`} labelledBy={`${id}-button`} postId={postId} mine={mine} startAtLast={open.last} button={button} onClose={close} />
        </Suspense>
      )}
    </div>
  )
}
