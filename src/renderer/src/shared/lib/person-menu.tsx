import { createContext, useContext, type ReactNode } from 'react'
import type { PersonView } from '@shared/types'

/**
 * The menu beside a person's nickname and avatar (차단, 숨기기: docs/decisions/025-block-and-mute.md).
 * Posts and comments show people; the blocks feature makes the menu; the app joins them through
 * this slot, since features never import each other.
 */
/** What the menu is beside, so it can offer 신고 of it (docs/decisions/030-reports-and-moderators.md). */
export interface MenuTarget {
  kind: 'post' | 'comment'
  id: string
}

const PersonMenuContext = createContext<((person: PersonView, target?: MenuTarget) => ReactNode) | null>(null)

export const PersonMenuProvider = PersonMenuContext.Provider

/** The menu for someone else (nothing for oneself, or where no menu is provided). */
export function PersonMenuSlot({ person, mine, target }: { person: PersonView; mine: boolean; target?: MenuTarget }) {
  const render = useContext(PersonMenuContext)
  return mine || !render ? null : render(person, target)
}
