import type { ControlEntry } from '../../firebase/ports'

/** The member's lists as Firestore holds them, into the mirror (replacing what it kept). */
type Control = { personKey: string; personUid: string | null; blocked: boolean; muted: boolean; nickname: string; avatarUrl: string | null }

export function controlsFromEntries(entries: ControlEntry[]): Control[] {
  const byKey = new Map<string, Control>()
  for (const entry of entries) {
    const known = byKey.get(entry.key) ?? { personKey: entry.key, personUid: null, blocked: false, muted: false, nickname: entry.nickname || '?', avatarUrl: entry.profileImg || null }
    known[entry.list === 'blocked' ? 'blocked' : 'muted'] = true
    known.personUid ??= entry.uid
    byKey.set(entry.key, known)
  }
  return [...byKey.values()]
}
