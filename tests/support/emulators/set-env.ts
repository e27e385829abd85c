import { inject } from 'vitest'

// vitest.emulators.config.ts's setup file: the emulators globalSetup started, where the suites look for them.
const hosts = inject('emulatorHosts')
process.env.FIRESTORE_EMULATOR_HOST = hosts.firestore
process.env.FIREBASE_AUTH_EMULATOR_HOST = hosts.auth
process.env.FIREBASE_STORAGE_EMULATOR_HOST = hosts.storage
process.env.GCLOUD_PROJECT ??= 'demo-magpie'
