// Where the Cloud Firestore emulator is on this machine, and which suites need it. Plain
// JavaScript so that scripts/test-all.mjs (plain Node) and the Vitest run share one answer.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'

/** The Debian/Ubuntu package (Google Cloud's apt repository) that ships the emulator. */
export const FIRESTORE_EMULATOR_PACKAGE = 'google-cloud-cli-firestore-emulator'

const LAUNCHER = join('platform', 'cloud-firestore-emulator', 'cloud_firestore_emulator')
const SDK_ROOTS = ['/usr/lib/google-cloud-sdk', '/usr/share/google-cloud-sdk', '/opt/google-cloud-sdk', '/snap/google-cloud-cli/current']

/**
 * The suites `npm test` runs against the emulators (vitest.emulators.config.ts): what each
 * proves, and what runs it. The Realtime Database rules evaluator needs none and always runs.
 */
export const EMULATOR_SUITES = [
  { file: 'tests/firebase/firestore-rules.test.ts', proves: 'Firestore security rules', on: 'Firestore emulator' },
  { file: 'tests/firebase/blocks-rules.firestore.test.ts', proves: 'Firestore security rules for blocks and mutes', on: 'Firestore emulator' },
  { file: 'tests/firebase/identities-rules.firestore.test.ts', proves: 'Firestore security rules binding emails to accounts (the registry, blocks on the uid)', on: 'Firestore emulator' },
  { file: 'tests/firebase/community-cli.firestore.test.ts', proves: 'the community command (moderator claims, require-alt-text, identities fill, access)', on: 'Auth + Firestore emulators' },
  { file: 'tests/firebase/moderation-rules.firestore.test.ts', proves: 'Firestore security rules for 신고 and moderators', on: 'Firestore emulator' },
  { file: 'tests/firebase/members-rules.firestore.test.ts', proves: 'Firestore security rules for members-only communities (members, join requests, approval)', on: 'Firestore emulator' },
  { file: 'tests/firebase/invitations-rules.firestore.test.ts', proves: 'Firestore security rules for invitations with a join code (decision 047)', on: 'Firestore emulator' },
  { file: 'tests/firebase/saved-rules.firestore.test.ts', proves: 'Firestore security rules for 저장한 글', on: 'Firestore emulator' },
  { file: 'tests/firebase/photos-rules.firestore.test.ts', proves: "Firestore security rules for a post's photos and settings/community", on: 'Firestore emulator' },
  { file: 'tests/firebase/sdk-adapter.firestore.test.ts', proves: "SDK adapter's DocsPort", on: 'Firestore + Auth emulators' },
  { file: 'tests/firebase/sdk-adapter-members.firestore.test.ts', proves: "SDK adapter's members port: access, a join request, a moderator's live list and approval (decision 045)", on: 'Firestore + Auth emulators' },
  { file: 'tests/firebase/sdk-adapter-moderation.firestore.test.ts', proves: "SDK adapter's 신고, moderation log and notices (a moderator claim by the Admin SDK)", on: 'Firestore + Auth emulators' },
  { file: 'tests/firebase/sdk-adapter-invitations.firestore.test.ts', proves: "SDK adapter's invitations with a join code (a moderator claim by the Admin SDK)", on: 'Firestore + Auth emulators' },
  { file: 'tests/firebase/contract.firestore.test.ts', proves: 'backend contract (community)', on: 'Firestore + Auth emulators, fake RTDB + Storage' },
  { file: 'tests/firebase/identities-walk.firestore.test.ts', proves: 'a changed and a re-registered email gaining nothing, Magpie driven on the emulators (issue 31)', on: 'Firestore + Auth emulators, fake RTDB + Storage' },
  { file: 'tests/firebase/web-dates.firestore.test.ts', proves: "posts dated in any browser's locale, and restored ones after a rescan, are found (issue 31)", on: 'Firestore + Auth emulators, fake RTDB + Storage' },
  { file: 'tests/firebase/web-app-profile.firestore.test.ts', proves: 'a web-app account without a users document finishes its profile (issue 21)', on: 'Firestore + Auth emulators, fake RTDB + Storage' },
  { file: 'tests/firebase/sdk-adapter.storage-protocol.test.ts', proves: "SDK adapter's FilesPort protocol", on: 'Storage emulator without rules + Auth emulator' },
  { file: 'tests/firebase/proxy.firestore.test.ts', proves: 'the SDK adapter reaches Auth, Firestore and Storage only through a CONNECT proxy (decision 035)', on: 'Firestore + Auth + Storage emulators' }
]
export const EVALUATOR_SUITES = ['tests/firebase/database-rules.targaryen.test.ts']
/** Playwright specs that start the emulators themselves (playwright.config.ts leaves them out when MAGPIE_EMULATORS=off). */
export const E2E_EMULATOR_SUITES = [
  { file: 'tests/e2e/community-walk.spec.ts', proves: 'two computers in one community', on: 'Firestore + Auth + Storage emulators, Realtime Database test server' },
  { file: 'tests/e2e/members-only.spec.ts', proves: 'a members-only community: 가입 요청, approval, the feed opening live', on: 'Firestore + Auth + Storage emulators, Realtime Database test server' },
  { file: 'tests/e2e/invitations.spec.ts', proves: "a moderator's invitation link makes a new account a member, once (decision 047)", on: 'Firestore + Auth + Storage emulators, Realtime Database test server' }
]

function javaAnswers() {
  const java = process.env.JAVA || 'java'
  const probe = spawnSync(java, ['-version'], { stdio: 'ignore', timeout: 30_000 })
  return probe.status === 0
}

function fromDpkg() {
  const listed = spawnSync('dpkg', ['-L', FIRESTORE_EMULATOR_PACKAGE], { encoding: 'utf8', timeout: 10_000 })
  if (listed.status !== 0 || typeof listed.stdout !== 'string') return null
  return listed.stdout.split('\n').find((line) => line.endsWith('/cloud_firestore_emulator')) ?? null
}

/**
 * { launcher } when the emulator can start here, else { missing } saying why and how to get it.
 * FIRESTORE_EMULATOR_BIN names the launcher explicitly (any install, e.g. firebase-tools' own
 * download of cloud-firestore-emulator-*.jar wrapped in a script).
 */
export function locateFirestoreEmulator() {
  const explicit = process.env.FIRESTORE_EMULATOR_BIN
  let launcher = null
  if (explicit) {
    if (!existsSync(explicit)) return { missing: `FIRESTORE_EMULATOR_BIN=${explicit} does not exist.` }
    launcher = explicit
  } else {
    launcher = SDK_ROOTS.map((root) => join(root, LAUNCHER)).find((path) => existsSync(path)) ?? fromDpkg()
  }
  if (!launcher || !existsSync(launcher)) {
    return {
      missing:
        `the Cloud Firestore emulator is not installed. Install the apt package ${FIRESTORE_EMULATOR_PACKAGE} ` +
        '(from Google Cloud\'s apt repository, https://cloud.google.com/sdk/docs/install#deb), ' +
        'or set FIRESTORE_EMULATOR_BIN to its cloud_firestore_emulator launcher.'
    }
  }
  if (!javaAnswers()) {
    return { missing: `Java (11 or newer) is not on the PATH, and the Firestore emulator (${launcher}) needs it: install openjdk-17-jre-headless.` }
  }
  return { launcher }
}
