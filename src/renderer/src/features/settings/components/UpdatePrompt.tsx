import { useAtom } from 'jotai'
import { useRef, useState } from 'react'
import { format, messages } from '@shared/messages'
import { errorMessage } from '@/shared/lib/ipc'
import { leaveThen } from '@/shared/lib/leave-guard'
import { sessionKeptAtom } from '@/shared/lib/session-kept'
import { toast } from '@/shared/ui/toast'
import { restartToUpdate, useShell, useShellUpdates } from '../api/shell'
import { ReleaseNotes } from './ReleaseNotes'
import styles from './UpdatePrompt.module.css'

/** Versions put off with 나중에, for this run of the app (a reload after a crash does not ask again). */
const laterAtom = sessionKeptAtom<true>('update-later')

/**
 * Under the top bar once a new version is downloaded: a quiet card, in the page's flow (it covers
 * nothing and takes no focus), that restarts into it or is put off for this version. Also where
 * the app follows main's shell:changed, as it is always mounted.
 */
export function UpdatePrompt() {
  useShellUpdates()
  const update = useShell().data?.update
  const [later, setLater] = useAtom(laterAtom)
  const [restarting, setRestarting] = useState(false)
  const ready = update?.state === 'ready' && !later[update.version] ? update : null
  const card = useRef<HTMLElement>(null)

  const putOff = (version: string) => {
    // The card goes away under the keyboard: the focus moves on to what follows it, never to the page body.
    if (card.current?.contains(document.activeElement)) focusAfter(card.current)
    setLater((all) => ({ ...all, [version]: true }))
  }

  // The editor with unsaved writing asks first: the restart quits the app (decision 039).
  const restart = () =>
    leaveThen(() => {
      setRestarting(true)
      restartToUpdate().catch((error: unknown) => {
        setRestarting(false)
        toast.error(errorMessage(error))
      })
    })

  return (
    // The live region is there before the card, so the card's arrival is announced.
    <div className={styles.live} aria-live="polite">
      {ready && (
        <aside ref={card} className={styles.card} aria-labelledby="update-prompt-title" data-testid="update-prompt">
          <span className={styles.icon} aria-hidden="true">
            <svg viewBox="0 0 24 24">
              <path d="M12 16V4M7 9l5-5 5 5M5 20h14" />
            </svg>
          </span>
          <div className={styles.body}>
            <p className={styles.title} id="update-prompt-title">
              {messages.updateReady}
            </p>
            <p className={styles.version}>{format.updateVersion(ready.version)}</p>
            <ReleaseNotes notes={ready.notes} />
          </div>
          <div className={styles.actions}>
            <button type="button" className={styles.later} onClick={() => putOff(ready.version)}>
              {messages.updateLater}
            </button>
            {/* aria-disabled, not disabled: the button keeps the focus it was pressed with. */}
            <button type="button" className={styles.restart} onClick={() => restarting || restart()} aria-disabled={restarting}>
              {messages.updateRestart}
            </button>
          </div>
        </aside>
      )}
    </div>
  )
}

const focusable = 'a[href], button:not([disabled]), input:not([disabled]), textarea:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])'

/** The first control after `element` in the page's order. */
function focusAfter(element: HTMLElement): void {
  const next = [...document.querySelectorAll<HTMLElement>(focusable)].find(
    (candidate) => !element.contains(candidate) && element.compareDocumentPosition(candidate) & Node.DOCUMENT_POSITION_FOLLOWING
  )
  next?.focus()
}
