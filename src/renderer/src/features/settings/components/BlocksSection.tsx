import { useRef } from 'react'
import { format, messages } from '@shared/messages'
import type { PersonControl } from '@shared/types'
import { errorMessage } from '@/shared/lib/ipc'
import { useCurrentUser } from '@/shared/lib/session'
import { Avatar } from '@/shared/ui/Avatar'
import { toast } from '@/shared/ui/toast'
import { useBlocks, useUndoBlock } from '../api/blocks'
import styles from './BlocksSection.module.css'
import dialog from './SettingsDialog.module.css'

/**
 * 설정 → 차단 및 숨김, for someone signed in: the people they blocked or muted (nickname and
 * avatar only, never an email), each undone on its own (docs/decisions/025-block-and-mute.md).
 */
export function BlocksSection() {
  const user = useCurrentUser()
  const blocks = useBlocks(user !== null)
  const undo = useUndoBlock()
  const section = useRef<HTMLElement>(null)
  if (!user) return null
  const list = blocks.data ?? []

  const run = (entry: PersonControl, kind: 'blocked' | 'muted') => {
    const name = entry.person.nickname
    undo.mutateAsync({ personId: entry.id, [kind]: false }).then(
      (rest) => {
        toast.success(kind === 'blocked' ? format.unblocked(name) : format.unmuted(name))
        // The row's button may be gone with the row: the focus stays in the section.
        if (!rest.some((e) => e.id === entry.id)) section.current?.querySelector<HTMLElement>('button, h3')?.focus()
      },
      (error: unknown) => toast.error(errorMessage(error))
    )
  }

  return (
    <section ref={section} className={dialog.section} aria-labelledby="settings-blocks" data-testid="settings-blocks">
      <h3 id="settings-blocks" className={dialog.heading} tabIndex={-1}>
        {messages.blocksSection}
      </h3>
      <p className={dialog.description}>{messages.blocksHint}</p>
      {list.length === 0 ? (
        <p className={styles.empty}>{messages.noBlocks}</p>
      ) : (
        <ul className={styles.list}>
          {list.map((entry) => (
            <li key={entry.id} className={styles.row} data-testid="blocked-person">
              <Avatar person={entry.person} size={32} />
              <span className={styles.name}>{entry.person.nickname}</span>
              <span className={styles.tags}>
                {entry.blocked && <span className={styles.tag}>{messages.blockedTag}</span>}
                {entry.muted && <span className={styles.tag}>{messages.mutedTag}</span>}
              </span>
              {entry.blocked && (
                <button type="button" className={styles.action} aria-label={`${entry.person.nickname} ${messages.unblock}`} onClick={() => run(entry, 'blocked')}>
                  {messages.unblock}
                </button>
              )}
              {entry.muted && (
                <button type="button" className={styles.action} aria-label={`${entry.person.nickname} ${messages.unmutePerson}`} onClick={() => run(entry, 'muted')}>
                  {messages.unmutePerson}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
