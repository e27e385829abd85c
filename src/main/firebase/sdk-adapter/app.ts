import { randomUUID } from 'node:crypto'
import { initializeApp, type FirebaseApp } from 'firebase/app'
import type { FirebaseWebConfig } from '../ports'

/** A named app per use: Firebase keeps SDK state per app, and deleteApp ends all of it. */
export function newApp(config: FirebaseWebConfig, purpose: string): FirebaseApp {
  const { apiKey, authDomain, projectId, storageBucket, databaseURL, appId } = config
  return initializeApp({ apiKey, authDomain, projectId, storageBucket, databaseURL, appId }, `magpie-${purpose}-${randomUUID()}`)
}
