import { useId, useRef, useState, type KeyboardEvent } from 'react'
import { format, messages } from '@shared/messages'
import type { PersonView } from '@shared/types'
import { errorMessage } from '@/shared/lib/ipc'
import { useCurrentUser } from '@/shared/lib/session'
import { useConfirm } from '@/shared/ui/ConfirmProvider'
import { toast } from '@/shared/ui/toast'
import { useSetBlock } from '../api/set-block'
import styles from './PersonMenu.module.css'

/** Where the focus goes once the person's posts and comments have left the screen: the page's heading. */
const pageHeading = (): HTMLElement | null => {
  const heading = document.querySelector<HTMLElement>('main h1, h1')
  heading?.setAttribute('tabindex', '-1')
  return heading
}

/**
 * The "⋯" beside someone's nickname: 차단 and 숨기기, each asked first (docs/decisions/025-block-and-mute.md).
 * A menu button (aria-haspopup menu): arrows move between the two items, Escape closes and
 * gives the focus back to the button.
 */
export function PersonMenu({ person, onReport }: { person: PersonView; /** 신고 of the post or comment the menu is beside (decision 030). */ onReport?: () => void }) {
  const user = useCurrentUser()
  const [open, setOpen] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  const list = useRef<HTMLUListElement>(null)
  const menuId = useId()
  const confirm = useConfirm()
  const set = useSetBlock()
  if (!user) return null

  const items = () => [...(list.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? [])]
  const close = (refocus: boolean) => {
    setOpen(false)
    if (refocus) button.current?.focus()
  }
  const onKey = (event: KeyboardEvent) => {
    const all = items()
    const at = all.indexOf(document.activeElement as HTMLButtonElement)
    if (event.key === 'Escape') close(true)
    else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') all[(at + (event.key === 'ArrowDown' ? 1 : all.length - 1)) % all.length]?.focus()
    else if (event.key === 'Tab') close(false)
    else return
    event.preventDefault()
    event.stopPropagation()
  }

  const choose = async (kind: 'blocked' | 'muted') => {
    close(true)
    const question = kind === 'blocked' ? format.confirmBlock(person.nickname) : format.confirmMute(person.nickname)
    const action = kind === 'blocked' ? messages.blockPerson : messages.mutePerson
    if (!(await confirm(question, action, pageHeading))) return
    set.mutateAsync({ personId: person.id, [kind]: true }).then(
      () => toast.success(kind === 'blocked' ? format.blocked(person.nickname) : format.muted(person.nickname)),
      (error: unknown) => toast.error(errorMessage(error))
    )
  }

  return (
    <span
      className={styles.wrap}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false)
      }}
    >
      <button
        ref={button}
        type="button"
        className={styles.trigger}
        aria-label={format.personMenu(person.nickname)}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => {
          setOpen(!open)
          if (!open) requestAnimationFrame(() => items()[0]?.focus())
        }}
      >
        ⋯
      </button>
      {open && (
        <ul ref={list} id={menuId} role="menu" aria-label={format.personMenu(person.nickname)} className={styles.menu} onKeyDown={onKey}>
          <li role="none">
            <button type="button" role="menuitem" className={styles.item} onClick={() => void choose('muted')}>
              {messages.mutePerson}
            </button>
          </li>
          <li role="none">
            <button type="button" role="menuitem" className={`${styles.item} ${styles.danger}`} onClick={() => void choose('blocked')}>
              {messages.blockPerson}
            </button>
          </li>
          {onReport && (
            <li role="none">
              <button
                type="button"
                role="menuitem"
                className={`${styles.item} ${styles.danger}`}
                onClick={() => {
                  close(true)
                  onReport()
                }}
              >
                {messages.reportAction}
              </button>
            </li>
          )}
        </ul>
      )}
    </span>
  )
}
