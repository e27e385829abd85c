import { useEffect, useState, type KeyboardEvent, type RefObject } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { postLink } from '@shared/deep-link'
import { messages } from '@shared/messages'
import { copyText } from '@/shared/lib/clipboard'
import { errorMessage } from '@/shared/lib/ipc'
import { usePostMenuExtra } from '@/shared/lib/post-menu-extra'
import { useConfirm } from '@/shared/ui/ConfirmProvider'
import { toast } from '@/shared/ui/toast'
import { useDeletePost } from '../api/delete-post'
import styles from './PostMenu.module.css'

type Item = 'edit' | 'remove' | 'extra' | 'copy'
const own: { id: Item; label: string }[] = [
  { id: 'edit', label: messages.editLink },
  { id: 'remove', label: messages.deleteOne }
]

/** The open "⋯" menu (PostMenu): its items, the keys that move between them, and what each does. */
export default function PostMenuItems({
  id,
  labelledBy,
  postId,
  mine,
  startAtLast,
  button,
  onClose
}: {
  id: string
  labelledBy: string
  postId: string
  /** One's own post: 수정 and 삭제 too. */
  mine: boolean
  /** The focus starts on the last item (↑ opened the menu), else on the first. */
  startAtLast: boolean
  button: RefObject<HTMLButtonElement | null>
  onClose: (focusButton: boolean) => void
}) {
  // 저장 / 저장 취소 (the saved feature's, through the app).
  const extra = usePostMenuExtra(postId)
  const items = [...(mine ? own : []), ...(extra ? [{ id: 'extra' as const, label: extra.label }] : []), { id: 'copy' as const, label: messages.copyLink }]
  const [active, setActive] = useState(startAtLast ? items.length - 1 : 0)
  const [menu, setMenu] = useState<HTMLDivElement | null>(null)
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const confirm = useConfirm()
  const deletePost = useDeletePost()

  // The focus follows the active item.
  useEffect(() => {
    menu?.querySelectorAll<HTMLElement>('[role="menuitem"]')[active]?.focus()
  }, [menu, active])

  const onKeyDown = (event: KeyboardEvent) => {
    const last = items.length - 1
    const moves: Record<string, number> = { ArrowDown: (active + 1) % items.length, ArrowUp: (active + last) % items.length, Home: 0, End: last }
    if (event.key in moves) {
      event.preventDefault()
      setActive(moves[event.key]!)
    } else if (event.key === 'Escape' || event.key === 'Tab') {
      event.preventDefault()
      event.stopPropagation()
      onClose(true)
    }
  }

  const run = async (item: Item) => {
    // Where the card is in the feed, read before the menu goes.
    const place = Number(button.current?.closest<HTMLElement>('[data-index]')?.dataset.index ?? -1)
    onClose(item !== 'edit')
    if (item === 'edit') return navigate(`/write/${postId}`)
    if (item === 'extra') return extra?.run()
    if (item === 'copy') {
      if (await copyText(postLink(postId))) toast.success(messages.linkCopied)
      else toast.error(messages.linkCopyFailed)
      return
    }
    if (!(await confirm(messages.confirmDeletePost, messages.deleteOne))) return
    try {
      await deletePost.mutateAsync(postId)
    } catch (error) {
      toast.error(errorMessage(error))
      return
    }
    toast.success(messages.postDeleted)
    if (pathname.startsWith('/detail/')) return navigate('/', { replace: true })
    // The card goes with its button once the feed has re-read (a frame or a few later): then the
    // focus goes to the post now in its place (or the one before it, at the end of the feed),
    // never to the page itself.
    const focusInPlace = (frames: number) => {
      if (button.current?.isConnected && frames > 0) return void requestAnimationFrame(() => focusInPlace(frames - 1))
      const card = document.querySelector<HTMLElement>(`[data-index="${place}"] article`) ?? document.querySelector<HTMLElement>(`[data-index="${place - 1}"] article`)
      card?.focus()
    }
    requestAnimationFrame(() => focusInPlace(300))
  }

  return (
    <div ref={setMenu} id={id} role="menu" aria-labelledby={labelledBy} className={styles.menu} onKeyDown={onKeyDown}>
      {items.map((item, index) => (
        <button
          key={item.id}
          type="button"
          role="menuitem"
          tabIndex={index === active ? 0 : -1}
          className={item.id === 'remove' ? `${styles.item} ${styles.danger}` : styles.item}
          onClick={() => void run(item.id)}
          onMouseEnter={() => setActive(index)}
          aria-keyshortcuts={item.id === 'extra' ? extra?.keys?.aria : undefined}
        >
          {item.label}
          {item.id === 'extra' && extra?.keys && (
            <kbd className={styles.keys} aria-hidden="true">
              {extra.keys.shown}
            </kbd>
          )}
        </button>
      ))}
    </div>
  )
}
