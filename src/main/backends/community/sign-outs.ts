import type { FirebasePorts, Unsubscribe } from '../../firebase/ports'
import { remote } from './remote-call'

/**
 * "Sign out my other copies" in a community (docs/SECURITY.md, "Sessions"). Firebase Auth lets
 * no client revoke another's credential (only the Admin SDK can), so each copy follows a count
 * in the Realtime Database, users/{uid}/signOutGeneration, that only the person may raise, one
 * at a time (database.rules.json): a copy signed in at an earlier count ends its own session,
 * also when it comes back online later. A new sign-in starts at the count it finds.
 */
export function createSignOuts(ports: Pick<FirebasePorts, 'alerts'>, hooks: { adopted(generation: number): void; ended(): void }) {
  let stop: Unsubscribe | null = null
  let uid: string | null = null
  let mine: number | null = null
  /** This copy is raising the count: what the listener shows meanwhile is its own doing. */
  let raising = false

  function adopt(generation: number): void {
    if (mine !== null && generation <= mine) return
    mine = generation
    hooks.adopted(generation)
  }

  return {
    /** Follows the signed-in person (null: nobody), from the count this copy's session was saved at (null: the current one). */
    follow(who: { uid: string; generation: number | null } | null): void {
      if ((who?.uid ?? null) === uid) return
      stop?.()
      stop = null
      uid = who?.uid ?? null
      mine = who?.generation ?? null
      if (!who) return
      stop = ports.alerts.watchSignOuts(
        who.uid,
        (generation) => {
          if (mine === null || raising) adopt(generation)
          else if (generation > mine) hooks.ended()
        },
        (error) => console.warn('[community] sign-outs:', error.message)
      )
    },

    async raise(forUid: string): Promise<void> {
      raising = true
      try {
        const generation = await remote('write', () => ports.alerts.signOutOthers(forUid))
        if (uid === forUid) adopt(generation)
      } finally {
        raising = false
      }
    },

    generation: (): number | null => mine
  }
}
