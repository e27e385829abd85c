import type { FirebaseApp } from 'firebase/app'
import { getDatabase, goOffline, goOnline, onValue, ref as databaseRef, type Database } from 'firebase/database'
import { disableNetwork, enableNetwork, type Firestore } from 'firebase/firestore'
import { FirebasePortError, type ConnectivityPort, type EmulatorHosts, type Unsubscribe } from '../ports'
import { useDatabaseEmulator } from './emulators'
import { safely } from './helpers'

/**
 * One connection's connectivity: the Realtime Database's `.info/connected`, or-ed with "a
 * Firestore listener currently has server data", so a project whose Realtime Database cannot be
 * reached still shows as online while its feed is live. The Realtime Database is created on
 * first use, here, because `.info/connected` and the alerts share it.
 */

export interface FirestoreSignal {
  /** Called by each listener with whether its latest snapshot came from the server; null when it ended. */
  report(listener: symbol, live: boolean | null): void
}

export interface DatabaseLink {
  /** The Realtime Database, created on first use; throws 'invalid-config' when databaseURL cannot be used. */
  database(): Database
  /** Resolves once connected (at most `ms`), rejects 'offline' otherwise. */
  whenConnected(ms: number): Promise<void>
}

export interface Connectivity {
  port: ConnectivityPort
  /** For the alerts: the database, and waiting for its connection. */
  link: DatabaseLink
  /** For the documents: each Firestore listener says whether it is live. */
  signal: FirestoreSignal
  /** Stops watching and forgets every listener and waiter; the database refuses further use. */
  close(): void
}

export function createConnectivity(app: FirebaseApp, firestore: Firestore, emulators: EmulatorHosts | undefined): Connectivity {
  const connectivityListeners = new Set<(online: boolean) => void>()
  const liveListeners = new Map<symbol, boolean>()
  const connectedWaiters = new Set<() => void>()
  let databaseConnected = false
  let reported = false
  let stopConnectedWatch: Unsubscribe | null = null
  let database: Database | null = null
  let closed = false

  const isOnline = (): boolean => databaseConnected || [...liveListeners.values()].some(Boolean)
  function notify(): void {
    const now = isOnline()
    if (now === reported) return
    reported = now
    for (const listener of connectivityListeners) safely('connectivity', listener)(now)
  }

  function getDatabaseOnce(): Database {
    if (closed) throw new FirebasePortError('unknown', 'connection closed')
    if (database) return database
    try {
      const created = getDatabase(app)
      useDatabaseEmulator(created, emulators)
      database = created
    } catch (error) {
      if (error instanceof FirebasePortError) throw error
      throw new FirebasePortError('invalid-config', 'database: databaseURL cannot be used')
    }
    return database
  }

  /** Starts watching `.info/connected` once; without a usable database, Firestore alone tells. */
  function watchConnection(): void {
    if (stopConnectedWatch || closed) return
    let target: Database
    try {
      target = getDatabaseOnce()
    } catch {
      stopConnectedWatch = () => {}
      return
    }
    stopConnectedWatch = onValue(databaseRef(target, '.info/connected'), (snapshot) => {
      databaseConnected = snapshot.val() === true
      if (databaseConnected) for (const wake of [...connectedWaiters]) wake()
      notify()
    })
  }

  return {
    port: {
      online() {
        watchConnection()
        return isOnline()
      },
      onChange(listener) {
        watchConnection()
        connectivityListeners.add(listener)
        return () => connectivityListeners.delete(listener)
      },
      reconnect() {
        if (closed) return
        if (database) {
          goOffline(database)
          goOnline(database)
        }
        disableNetwork(firestore)
          .then(() => (closed ? undefined : enableNetwork(firestore)))
          .catch((error: unknown) => console.warn('[firebase] reconnect', error))
      }
    },
    link: {
      database: getDatabaseOnce,
      whenConnected(ms) {
        watchConnection()
        if (databaseConnected) return Promise.resolve()
        return new Promise<void>((resolve, reject) => {
          const wake = (): void => {
            clearTimeout(timer)
            connectedWaiters.delete(wake)
            resolve()
          }
          const timer = setTimeout(() => {
            connectedWaiters.delete(wake)
            reject(new FirebasePortError('offline', 'database: not connected'))
          }, ms)
          connectedWaiters.add(wake)
        })
      }
    },
    signal: {
      report(listener, live) {
        if (live === null) liveListeners.delete(listener)
        else liveListeners.set(listener, live)
        notify()
      }
    },
    close() {
      closed = true
      stopConnectedWatch?.()
      connectivityListeners.clear()
      connectedWaiters.clear()
    }
  }
}
