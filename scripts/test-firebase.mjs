// `npm run test:firebase`: every community-mode suite in tests/firebase on the full Firebase
// emulator suite (security rules, SDK adapter, backend contract). First checks that the Firestore, Realtime Database,
// Storage and Auth emulators answer; when one does not, says what is missing and how to start
// it, and exits with code 2 (nothing was tested). Otherwise runs
// `vitest run -c vitest.firebase.config.ts` (extra arguments are passed on) and exits with its code.
// `npm test` runs the Firestore, Auth and Storage-protocol parts on emulators it starts itself
// (vitest.emulators.config.ts); the Realtime Database and Storage emulators need downloads that
// some machines cannot make, so their suites run only here.
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { request } from 'node:http'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const PROJECT_ID = 'demo-magpie'

const EMULATORS = [
  { key: 'firestore', name: 'Firestore', env: 'FIRESTORE_EMULATOR_HOST', port: 8080 },
  { key: 'database', name: 'Realtime Database', env: 'FIREBASE_DATABASE_EMULATOR_HOST', port: 9000 },
  { key: 'storage', name: 'Storage', env: 'FIREBASE_STORAGE_EMULATOR_HOST', port: 9199 },
  { key: 'auth', name: 'Auth', env: 'FIREBASE_AUTH_EMULATOR_HOST', port: 9099 }
]

function readFirebaseJson() {
  const path = join(root, 'firebase.json')
  if (!existsSync(path)) return {}
  try {
    return JSON.parse(readFileSync(path, 'utf8'))
  } catch (error) {
    console.error(`firebase.json could not be read: ${error.message}`)
    process.exit(2)
  }
}

/** "host:port" (IPv6 may be in brackets) → { host, port }, or null. */
function parseHostPort(value) {
  const match = /^\[?(.+?)\]?:(\d+)$/.exec(value.trim())
  return match ? { host: match[1], port: Number(match[2]) } : null
}

function target(emulator, config) {
  const fromEnv = process.env[emulator.env]
  if (fromEnv) {
    const parsed = parseHostPort(fromEnv)
    if (parsed) return { ...parsed, source: `${emulator.env}=${fromEnv}` }
    console.error(`${emulator.env}="${fromEnv}" is not host:port.`)
    process.exit(2)
  }
  const conf = config.emulators?.[emulator.key] ?? {}
  const host = conf.host && conf.host !== '0.0.0.0' ? conf.host : '127.0.0.1'
  return { host, port: conf.port ?? emulator.port, source: conf.port ? 'firebase.json' : 'default port' }
}

/** True when anything answers HTTP at host:port (any status: the emulators differ on "/"). */
function answers({ host, port }) {
  return new Promise((resolve) => {
    const req = request({ host, port, path: '/', method: 'GET', timeout: 2000 }, (res) => {
      res.resume()
      resolve(true)
    })
    req.on('timeout', () => {
      req.destroy()
      resolve(false)
    })
    req.on('error', () => resolve(false))
    req.end()
  })
}

const config = readFirebaseJson()
const targets = EMULATORS.map((emulator) => ({ ...emulator, ...target(emulator, config) }))
const results = await Promise.all(targets.map(async (t) => ({ ...t, up: await answers(t) })))
const missing = results.filter((r) => !r.up)

const hostPort = (r) => (r.host.includes(':') ? `[${r.host}]:${r.port}` : `${r.host}:${r.port}`)

if (missing.length > 0) {
  console.error('npm run test:firebase needs the Firebase emulator suite, and it is not (fully) running.\n')
  for (const r of results) {
    console.error(`  ${r.up ? 'ok     ' : 'MISSING'}  ${r.name.padEnd(17)} ${hostPort(r).padEnd(22)} (${r.source})`)
  }
  console.error(
    [
      '',
      'Start the emulators from the repository root, in another terminal, and leave them running:',
      '',
      `    npx firebase emulators:start --project ${PROJECT_ID}`,
      '',
      'or run everything in one go:',
      '',
      `    npx firebase emulators:exec --project ${PROJECT_ID} "npm run test:firebase"`,
      '',
      'This needs Java 11 or newer on the PATH, and the first start downloads the Firestore,',
      'Realtime Database and Storage emulators from Google (cached in ~/.cache/firebase/emulators),',
      'so it needs internet access once. The ports come from firebase.json (Auth 9099, Firestore',
      '8080, Database 9000, Storage 9199); to use other ones, set FIRESTORE_EMULATOR_HOST,',
      'FIREBASE_DATABASE_EMULATOR_HOST, FIREBASE_STORAGE_EMULATOR_HOST and FIREBASE_AUTH_EMULATOR_HOST',
      'to host:port. See docs/firebase.md. Nothing was tested.'
    ].join('\n')
  )
  process.exit(2)
}

console.log(`Firebase emulators: ${results.map((r) => `${r.name} ${hostPort(r)}`).join(', ')}`)

// Hand the same addresses to the tests (and to any Firebase SDK they start).
const env = { ...process.env, GCLOUD_PROJECT: process.env.GCLOUD_PROJECT ?? PROJECT_ID }
for (const r of results) env[r.env] = hostPort(r)

const vitest = spawnSync('npx', ['vitest', 'run', '-c', 'vitest.firebase.config.ts', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env,
  shell: process.platform === 'win32'
})
process.exit(vitest.status ?? 1)
