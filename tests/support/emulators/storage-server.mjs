// firebase-tools@13's Cloud Storage emulator (Node code) without its rules runtime: that is a
// JAR firebase-tools downloads on first use (~/.cache/firebase/emulators), which machines
// without access to Google's servers cannot. Every request is allowed, as if the rules said
// `allow read, write: if true` — so this proves the protocol (uploads, download URLs with
// tokens, metadata, deletes), never storage.rules. It reaches into firebase-tools' lib/
// (no public API starts this server alone): a major upgrade of firebase-tools may move it.
// Usage: node storage-server.mjs <host> <port> <projectId>
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

const require = createRequire(import.meta.url)
const lib = join(dirname(require.resolve('firebase-tools/package.json')), 'lib', 'emulator')
const { StorageEmulator } = require(join(lib, 'storage', 'index.js'))
const { StorageLayer } = require(join(lib, 'storage', 'files.js'))
const { getAdminOnlyFirebaseRulesValidator, getAdminCredentialValidator } = require(join(lib, 'storage', 'rules', 'utils.js'))
const { EmulatorRegistry } = require(join(lib, 'registry.js'))

const [host, port, projectId] = process.argv.slice(2)
const emulator = new StorageEmulator({ host, port: Number(port), projectId, rules: { name: 'storage.rules', content: '' }, auto_download: false })
// No rules runtime to start, and a stand-in ruleset so the API does not answer "no loaded ruleset".
emulator._rulesRuntime = { start: async () => {}, stop: async () => {} }
emulator._rulesManager = { getRuleset: () => ({ allowAll: true }), start: async () => {}, stop: async () => {} }
// The storage layer the API uses, with the validator of the emulator's own admin layer: allow all.
emulator._storageLayer = new StorageLayer(
  projectId,
  emulator._files,
  emulator._buckets,
  getAdminOnlyFirebaseRulesValidator(),
  getAdminCredentialValidator(),
  emulator._persistence,
  emulator._cloudFunctions
)

// Registered like the CLI does, so the upload URLs it hands out name this host and port.
EmulatorRegistry.start(emulator).catch((error) => {
  console.error(error)
  process.exit(1)
})
