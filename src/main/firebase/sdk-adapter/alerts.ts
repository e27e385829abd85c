import { onValue, push as pushChild, ref as databaseRef, remove as removeValue, runTransaction, set as setValue, type Database } from 'firebase/database'
import { guarded, toPortError } from '../firebase-errors'
import { FirebasePortError, type AlertEntry, type AlertsPort } from '../ports'
import type { DatabaseLink } from './connectivity'
import { defined, safely, withTimeout } from './helpers'

/** How long an RTDB write may wait for the connection to come up before it fails as offline. */
const CONNECT_WAIT_MS = 5_000
/** How long an RTDB write may wait for the server's acknowledgement. */
const DATABASE_WRITE_TIMEOUT_MS = 20_000

/** A Realtime Database path segment (a uid or a push key). */
function requireKey(key: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what RTDB keys may not hold
  if (typeof key !== 'string' || key.length === 0 || key.length > 768 || /[.#$[\]/\u0000-\u001f\u007f]/.test(key)) {
    throw new FirebasePortError('not-found', 'not a database key')
  }
  return key
}

export function createAlertsPort(link: DatabaseLink): AlertsPort {
  const alertsPath = (uid: string): string => `users/${requireKey(uid)}/alerts`
  const signOutsPath = (uid: string): string => `users/${requireKey(uid)}/signOutGeneration`

  /**
   * RTDB writes wait in the SDK until acknowledged, across disconnects. Offline, fail at once;
   * connected, give up waiting after a while. A write given up on may still land later, which
   * for alerts (a push beside a like already saved, a removal the user asked for) is harmless.
   */
  const write = (work: (database: Database) => Promise<unknown>): Promise<void> =>
    guarded('database', async () => {
      const database = link.database()
      await link.whenConnected(CONNECT_WAIT_MS)
      await withTimeout(work(database), DATABASE_WRITE_TIMEOUT_MS, () => new FirebasePortError('offline', 'database: write not acknowledged'))
    })

  /** A live value at path, as read: a bad path fails through onError, as a refused listen does. */
  function listen(path: () => string, what: string, onValue_: (value: unknown) => void, onError: (error: FirebasePortError) => void) {
    const deliver = safely(what, onValue_)
    const fail = safely(`${what} error`, onError)
    let at: string
    let database: Database
    try {
      at = path()
      database = link.database()
    } catch (error) {
      queueMicrotask(() => fail(toPortError('database', error)))
      return () => {}
    }
    return onValue(
      databaseRef(database, at),
      (snapshot) => deliver(snapshot.val()),
      (error) => fail(toPortError('database', error))
    )
  }

  return {
    watch: (uid, onAlerts, onError) =>
      listen(() => alertsPath(uid), 'alerts', (value) => onAlerts((value as Record<string, AlertEntry> | null) ?? null), onError),
    watchSignOuts: (uid, onGeneration, onError) =>
      listen(() => signOutsPath(uid), 'sign-outs', (value) => onGeneration(typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : 0), onError),
    async signOutOthers(uid) {
      const path = signOutsPath(uid)
      let generation = 0
      await write(async (database) => {
        const result = await runTransaction(databaseRef(database, path), (current: unknown) => (typeof current === 'number' ? current : 0) + 1)
        generation = result.snapshot.val() as number
      })
      return generation
    },
    async push(uid, alert) {
      const path = alertsPath(uid)
      let key = ''
      await write(async (database) => {
        const child = pushChild(databaseRef(database, path), defined(alert))
        key = child.key ?? ''
        await child
      })
      return key
    },
    async remove(uid, key) {
      const path = `${alertsPath(uid)}/${requireKey(key)}`
      await write((database) => removeValue(databaseRef(database, path)))
    },
    async clear(uid) {
      const path = alertsPath(uid)
      await write((database) => setValue(databaseRef(database, path), null))
    }
  }
}
