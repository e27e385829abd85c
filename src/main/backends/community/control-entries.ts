import type { ControlEntry } from '../../firebase/ports'

/** The member's lists as Firestore holds them, into the mirror (replacing what it kept). */
export function controlsFromEntries(entries: ControlEntry[]): { personKey: string; blocked: boolean; muted: boolean; nickname: string; avatarUrl: string | null }[] {
  const byKey = new Map<string, { personKey: string; blocked: boolean; muted: boolean; nickname: string; avatarUrl: string | null }>()
  for (const entry of entries) {
    const known = byKey.get(entry.key) ?? { personKey: entry.key, blocked: false, muted: false, nickname: entry.nickname || '?', avatarUrl: entry.profileImg || null }
    known[entry.list === 'blocked' ? 'blocked' : 'muted'] = true
    byKey.set(entry.key, known)
  }
  return [...byKey.values()]
}
