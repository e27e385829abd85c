import type { Db } from '../database'

/** The sync's own bookkeeping as keyed text: the feed's coverage, its stamp marks, when the legacy scan ran. */
export function createMirrorSyncState(db: Db) {
  const getState = db.prepare('SELECT value FROM sync_state WHERE key = ?').pluck()
  const setState = db.prepare('INSERT INTO sync_state (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value')

  return {
    state(key: string): string | null {
      return (getState.get(key) as string | undefined) ?? null
    },

    setState(key: string, value: string): void {
      setState.run(key, value)
    }
  }
}
