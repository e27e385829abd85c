import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { useLocation } from 'react-router-dom'
import { limits } from '@shared/limits'
import { messages } from '@shared/messages'
import { shortcut } from '@/shared/lib/platform'
import { SearchPanel } from './SearchPanel'
import styles from './SearchBox.module.css'

/** How long typing pauses before a search is asked for. */
const debounceMs = 180
const searchKey = shortcut('K')

/**
 * The top bar's search (Ctrl/Cmd+K): posts by words in their text, people by nickname, `#tag`s,
 * over everything the store holds. Results come as the person types, in a panel under the field;
 * ↓ moves into them, Escape comes back and closes.
 */
export function SearchBox() {
  const [text, setText] = useState('')
  const [query, setQuery] = useState('')
  // Open on the screen it was opened on: a result opened (any navigation) closes it; the words stay.
  const { key } = useLocation()
  const [openOn, setOpenOn] = useState<string | null>(null)
  const open = openOn === key
  const setOpen = (value: boolean) => setOpenOn(value ? key : null)
  const input = useRef<HTMLInputElement>(null)
  const box = useRef<HTMLDivElement>(null)
  const panelId = useId()

  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), debounceMs)
    return () => clearTimeout(timer)
  }, [text])

  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k') {
        event.preventDefault()
        // Focusing the field opens the results (onFocus), also when it had the focus already.
        input.current?.blur()
        input.current?.focus()
        input.current?.select()
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])

  const links = () => [...(box.current?.querySelectorAll<HTMLElement>('[data-search-panel] a, [data-search-panel] button') ?? [])]
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && open) {
      event.preventDefault()
      setOpen(false)
      input.current?.focus()
      return
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return
    const all = links()
    const at = all.indexOf(document.activeElement as HTMLElement)
    if (event.target === input.current && event.key === 'ArrowUp') return
    event.preventDefault()
    setOpen(true)
    const next = at + (event.key === 'ArrowDown' ? 1 : -1)
    if (next < 0) input.current?.focus()
    else all[Math.min(next, all.length - 1)]?.focus()
  }

  return (
    <div
      ref={box}
      className={styles.box}
      role="search"
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (!box.current?.contains(event.relatedTarget as Node | null)) setOpen(false)
      }}
    >
      <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true">
        <circle cx="10.5" cy="10.5" r="6.5" />
        <path d="m15.5 15.5 5 5" />
      </svg>
      <input
        ref={input}
        className={styles.input}
        type="search"
        // A query, not prose: no spelling marks (the editor and comments are checked).
        spellCheck={false}
        aria-label={messages.searchLabel}
        aria-controls={open && query ? panelId : undefined}
        aria-keyshortcuts={searchKey.aria}
        placeholder={messages.searchLabel}
        value={text}
        maxLength={limits.findQueryMax}
        onClick={() => setOpen(true)}
        onChange={(event) => {
          setText(event.target.value)
          setOpen(true)
        }}
        // Coming from elsewhere opens the results; coming back from them (Escape, ↑) does not.
        onFocus={(event) => {
          if (!box.current?.contains(event.relatedTarget as Node | null)) setOpen(true)
        }}
      />
      <kbd className={styles.key} aria-hidden="true">
        {searchKey.shown}
      </kbd>
      {open && query && <SearchPanel id={panelId} query={query} />}
    </div>
  )
}
