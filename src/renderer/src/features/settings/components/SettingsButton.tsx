import { lazy, Suspense, useRef, useState } from 'react'
import { messages } from '@shared/messages'
import { useMagpieEvent } from '@/shared/lib/events'
import styles from './SettingsButton.module.css'

const loadDialog = () => import('./SettingsDialog')
/** The dialog (Radix, the form, the snippet reader) loads on first use, not with the first screen. */
const SettingsDialog = lazy(loadDialog)

/**
 * The top bar's gear: opens the settings dialog (settings are not a route: docs/specification.md §2.9).
 * The app menu's 설정… (main's app:command) opens it too.
 */
export function SettingsButton() {
  const [opened, setOpened] = useState(false)
  const [open, setOpen] = useState(false)
  const gear = useRef<HTMLButtonElement>(null)
  // Where focus returns on close: the gear, or whatever had it when the menu opened the dialog.
  const returnTo = useRef<HTMLElement | null>(null)
  const show = (from: HTMLElement | null) => {
    returnTo.current = from
    setOpened(true)
    setOpen(true)
  }

  useMagpieEvent('app:command', ({ command }) => {
    if (command !== 'settings' || open) return
    const focused = document.activeElement
    show(focused instanceof HTMLElement && focused !== document.body ? focused : gear.current)
  })

  return (
    <>
      <button
        ref={gear}
        type="button"
        className={styles.gear}
        aria-label={messages.settings}
        title={messages.settings}
        aria-haspopup="dialog"
        data-testid="settings-button"
        // Fetch the dialog's code as the pointer comes near, so it opens at once.
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={() => show(gear.current)}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M10.3 3.2a1 1 0 0 1 1-.8h1.4a1 1 0 0 1 1 .8l.3 1.9c.6.2 1.1.5 1.6.9l1.8-.7a1 1 0 0 1 1.2.4l.7 1.2a1 1 0 0 1-.2 1.3l-1.5 1.2a6.5 6.5 0 0 1 0 1.9l1.5 1.2a1 1 0 0 1 .2 1.3l-.7 1.2a1 1 0 0 1-1.2.4l-1.8-.7c-.5.4-1 .7-1.6.9l-.3 1.9a1 1 0 0 1-1 .8h-1.4a1 1 0 0 1-1-.8l-.3-1.9a6 6 0 0 1-1.6-.9l-1.8.7a1 1 0 0 1-1.2-.4l-.7-1.2a1 1 0 0 1 .2-1.3l1.5-1.2a6.5 6.5 0 0 1 0-1.9L4.7 8.6a1 1 0 0 1-.2-1.3l.7-1.2a1 1 0 0 1 1.2-.4l1.8.7c.5-.4 1-.7 1.6-.9Z" />
          <circle cx="12" cy="12" r="2.8" />
        </svg>
      </button>
      {opened && (
        <Suspense fallback={null}>
          <SettingsDialog open={open} onOpenChange={setOpen} returnFocusTo={returnTo} />
        </Suspense>
      )}
    </>
  )
}
