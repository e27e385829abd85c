import { connectAuthEmulator, type Auth } from 'firebase/auth'
import { connectDatabaseEmulator, type Database } from 'firebase/database'
import { connectFirestoreEmulator, type Firestore } from 'firebase/firestore'
import { connectStorageEmulator, type FirebaseStorage } from 'firebase/storage'
import type { SdkEndpoints } from '../network'
import { FirebasePortError, type EmulatorHosts } from '../ports'

/** Pointing each SDK at its emulator, before its first request as the SDKs require. */

/** "host:port" (IPv6 in brackets) → the host as the SDKs want it in URLs (IPv6 keeps its brackets) and the port. */
export function parseHostPort(value: string): { host: string; port: number } {
  const match = /^(\[[0-9a-fA-F:.]+\]|[^:[\]\s]+):(\d{1,5})$/.exec(value.trim())
  const port = Number(match?.[2])
  if (!match?.[1] || !Number.isInteger(port) || port < 1 || port > 65_535) {
    throw new FirebasePortError('invalid-config', `emulator host "${value}" is not host:port`)
  }
  return { host: match[1], port }
}

/** Points a fresh Auth at the Auth emulator. */
export function useAuthEmulator(auth: Auth, emulators: EmulatorHosts | undefined): void {
  if (!emulators?.auth) return
  const { host, port } = parseHostPort(emulators.auth)
  connectAuthEmulator(auth, `http://${host}:${port}`, { disableWarnings: true })
}

export function useFirestoreEmulator(db: Firestore, emulators: EmulatorHosts | undefined): void {
  if (!emulators?.firestore) return
  const { host, port } = parseHostPort(emulators.firestore)
  connectFirestoreEmulator(db, host, port)
}

export function useDatabaseEmulator(database: Database, emulators: EmulatorHosts | undefined): void {
  if (!emulators?.database) return
  const { host, port } = parseHostPort(emulators.database)
  connectDatabaseEmulator(database, host, port)
}

export function useStorageEmulator(storage: FirebaseStorage, emulators: EmulatorHosts | undefined): void {
  if (!emulators?.storage) return
  const { host, port } = parseHostPort(emulators.storage)
  connectStorageEmulator(storage, host, port)
}

/** The origin the Storage emulator serves download URLs from, when there is one. */
export function storageEmulatorOrigin(emulators: EmulatorHosts | undefined): string | null {
  if (!emulators?.storage) return null
  const { host, port } = parseHostPort(emulators.storage)
  return new URL(`http://${host}:${port}`).origin
}

/** Where this project's Firestore and Realtime Database are, for the proxy lookup of their sockets (firebase/network.ts). */
export function sdkEndpoints(databaseURL: string, emulators: EmulatorHosts | undefined): SdkEndpoints {
  const emulatorUrl = (hostPort: string): string => {
    const { host, port } = parseHostPort(hostPort)
    return `http://${host}:${port}/`
  }
  let database: string | null = null
  if (emulators?.database) database = emulatorUrl(emulators.database)
  else if (URL.canParse(databaseURL)) database = `${new URL(databaseURL).origin}/`
  return { firestore: emulators?.firestore ? emulatorUrl(emulators.firestore) : 'https://firestore.googleapis.com/', database }
}
