import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { postLink } from '@shared/deep-link'
import { messages } from '@shared/messages'
import { copyText } from '@/shared/lib/clipboard'
import { errorMessage } from '@/shared/lib/ipc'
import { useConfirm } from '@/shared/ui/ConfirmProvider'
import { toast } from '@/shared/ui/toast'
import { useDeletePost } from '../api/delete-post'
import styles from './PostMenu.module.css'

type Item = 'edit' | 'remove' | 'copy'
const items: { id: Item; label: string }[] = [
  { id: 'edit', label: messages.editLink },
  { id: 'remove', label: messages.deleteOne },
  { id: 'copy', label: messages.copyLink }
]

/**
 * "⋯" on one's own post: 수정, 삭제, 링크 복사 (the menu button pattern of WAI-ARIA: the button
 * opens a menu and moves the focus into it; arrows, Home and End move in it; Escape and Tab close
 * it and the focus goes back to the button). 삭제 asks first, as the editor's 삭제하기 does.
 */
export function PostMenu({ postId }: { postId: string }) {
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(0)
  const button = useRef<HTMLButtonElement>(null)
  const menu = useRef<HTMLDivElement>(null)
  const id = useId()
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const confirm = useConfirm()
  const deletePost = useDeletePost()

  const openAt = (index: number) => {
    setActive(index)
    setOpen(true)
  }
  const close = (focusButton: boolean) => {
    setOpen(false)
    if (focusButton) button.current?.focus()
  }

  // The focus follows the active item while the menu is open.
  useEffect(() => {
    if (open) menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]')[active]?.focus()
  }, [open, active])

  // A press anywhere else closes the menu (and leaves the focus where that press puts it).
  useEffect(() => {
    if (!open) return
    const outside = (event: PointerEvent) => {
      const target = event.target as Node
      if (!menu.current?.contains(target) && !button.current?.contains(target)) setOpen(false)
    }
    document.addEventListener('pointerdown', outside, true)
    return () => document.removeEventListener('pointerdown', outside, true)
  }, [open])

  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      openAt(event.key === 'ArrowDown' ? 0 : items.length - 1)
    }
  }

  const onMenuKey = (event: KeyboardEvent) => {
    const last = items.length - 1
    const moves: Record<string, number> = { ArrowDown: (active + 1) % items.length, ArrowUp: (active + last) % items.length, Home: 0, End: last }
    if (event.key in moves) {
      event.preventDefault()
      setActive(moves[event.key]!)
    } else if (event.key === 'Escape' || event.key === 'Tab') {
      event.preventDefault()
      event.stopPropagation()
      close(true)
    }
  }

  const run = async (item: Item) => {
    close(item !== 'edit')
    if (item === 'edit') return navigate(`/write/${postId}`)
    if (item === 'copy') {
      if (await copyText(postLink(postId))) toast.success(messages.linkCopied)
      else toast.error(messages.linkCopyFailed)
      return
    }
    if (!(await confirm(messages.confirmDeletePost, messages.deleteOne))) return
    const place = Number(button.current?.closest<HTMLElement>('[data-index]')?.dataset.index ?? -1)
    try {
      await deletePost.mutateAsync(postId)
    } catch (error) {
      toast.error(errorMessage(error))
      return
    }
    toast.success(messages.postDeleted)
    if (pathname.startsWith('/detail/')) return navigate('/', { replace: true })
    // The card is gone with its button: the focus goes to the post now in its place (or the one
    // before it, at the end of the feed), never to the page itself.
    requestAnimationFrame(() => {
      const card = document.querySelector<HTMLElement>(`[data-index="${place}"] article`) ?? document.querySelector<HTMLElement>(`[data-index="${place - 1}"] article`)
      card?.focus()
    })
  }

  return (
    <div className={styles.wrap} onClick={(event) => event.stopPropagation()}>
      <button
        ref={button}
        type="button"
        id={`${id}-button`}
        className={styles.button}
        aria-label={messages.postMenu}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? `${id}-menu` : undefined}
        onClick={() => (open ? close(true) : openAt(0))}
        onKeyDown={onButtonKey}
        data-testid="post-menu"
      />
      {open && (
        <div ref={menu} id={`${id}-menu`} role="menu" aria-labelledby={`${id}-button`} className={styles.menu} onKeyDown={onMenuKey}>
          {items.map((item, index) => (
            <button
              key={item.id}
              type="button"
              role="menuitem"
              tabIndex={index === active ? 0 : -1}
              className={item.id === 'remove' ? `${styles.item} ${styles.danger}` : styles.item}
              onClick={() => void run(item.id)}
              onMouseEnter={() => setActive(index)}
            >
              {item.label}
            </button>
          ))}
        </div>
      )}
    </div>
  )
}
