import { readFileSync } from 'node:fs'
import { isAbsolute, resolve } from 'node:path'
import { z } from 'zod'
import { checkFirebaseConfig, configFields, normalizeFirebaseConfig, type ConfigField } from '@shared/firebase-config'
import type { FirebaseWebConfig } from '@shared/types'
import type { EmulatorHosts } from '../firebase/ports'

/**
 * Settings read from the environment at start and checked before anything opens, so a
 * typo stops the app with a clear sentence instead of a stack trace later.
 */
const absolutePath = (name: string) =>
  z
    .string()
    .trim()
    .min(1, `${name} is empty`)
    .transform((value) => resolve(value))
    .refine((value) => isAbsolute(value), `${name} must be a folder path`)

/** What each config field must look like, in words an administrator can act on. */
const fieldHints: Record<ConfigField, string> = {
  apiKey: 'the web API key, "AIza" followed by 35 letters, digits, "-" or "_"',
  authDomain: 'a host name such as my-project.firebaseapp.com',
  projectId: '6–30 lowercase letters, digits or "-", starting with a letter',
  storageBucket: 'a bucket name such as my-project.appspot.com',
  databaseURL: 'https://….firebaseio.com or https://….firebasedatabase.app (http://127.0.0.1:<port> for an emulator)',
  appId: 'the web app id, 1:<number>:web:<hex>'
}

/**
 * MAGPIE_FIREBASE_CONFIG: the web config as JSON text, or the absolute path of a JSON file
 * holding it (what the Firebase console shows, extra keys such as measurementId allowed).
 */
const firebaseConfig = z
  .string()
  .trim()
  .min(1, 'MAGPIE_FIREBASE_CONFIG is empty')
  .transform((value, ctx): FirebaseWebConfig => {
    const fail = (message: string) => {
      ctx.addIssue({ code: 'custom', message })
      return z.NEVER
    }
    let text = value
    if (!value.startsWith('{')) {
      if (!isAbsolute(value)) return fail('must be the config as JSON text or the absolute path of a JSON file')
      try {
        text = readFileSync(value, 'utf8')
      } catch (error) {
        return fail(`cannot read ${value} (${(error as NodeJS.ErrnoException).code ?? 'unreadable'})`)
      }
    }
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch {
      return fail('is not valid JSON')
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return fail('must be a JSON object with the web config')
    const source = parsed as Record<string, unknown>
    const missing = configFields.filter((field) => typeof source[field] !== 'string')
    if (missing.length > 0) return fail(`needs ${missing.join(', ')} (text values)`)
    const config = normalizeFirebaseConfig(source as unknown as FirebaseWebConfig)
    const problems = checkFirebaseConfig(config)
    for (const field of configFields) {
      if (problems[field]) ctx.addIssue({ code: 'custom', message: `${field} is invalid: expected ${fieldHints[field]}` })
    }
    return config
  })

const emulatorNames = ['auth', 'firestore', 'database', 'storage'] as const satisfies readonly (keyof EmulatorHosts)[]
const hostAndPort = /^(?:[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?|\[[0-9a-f:]+\]):(\d{1,5})$/i

/** MAGPIE_FIREBASE_EMULATORS, for tests and development: `auth=127.0.0.1:9099,firestore=127.0.0.1:8080`. */
const emulators = z
  .string()
  .trim()
  .min(1, 'MAGPIE_FIREBASE_EMULATORS is empty')
  .transform((value, ctx): EmulatorHosts => {
    const hosts: EmulatorHosts = {}
    for (const entry of value.split(',')) {
      const [name, host, ...rest] = entry.trim().split('=')
      const known = (emulatorNames as readonly string[]).includes(name ?? '')
      const port = hostAndPort.exec(host ?? '')?.[1]
      if (!known || rest.length > 0 || !port || Number(port) < 1 || Number(port) > 65535) {
        ctx.addIssue({
          code: 'custom',
          message: `"${entry.trim()}" must be <emulator>=<host>:<port> with emulator one of ${emulatorNames.join(', ')}`
        })
        continue
      }
      const key = name as (typeof emulatorNames)[number]
      if (hosts[key]) ctx.addIssue({ code: 'custom', message: `${key} is given twice` })
      hosts[key] = host!
    }
    return hosts
  })

const schema = z.object({
  MAGPIE_DATA_DIR: absolutePath('MAGPIE_DATA_DIR').optional(),
  MAGPIE_PROFILE_DIR: absolutePath('MAGPIE_PROFILE_DIR').optional(),
  MAGPIE_SYNCHRONOUS: z.enum(['FULL', 'NORMAL'], { error: 'MAGPIE_SYNCHRONOUS must be FULL or NORMAL' }).optional(),
  MAGPIE_FIREBASE_CONFIG: firebaseConfig.optional(),
  MAGPIE_FIREBASE_EMULATORS: emulators.optional()
})

export interface Settings {
  dataDir: string
  profileDir: string
  synchronous: 'FULL' | 'NORMAL'
  /** The installation's community (MAGPIE_FIREBASE_CONFIG): it wins over the saved one and locks the settings dialog. */
  managedCommunity: FirebaseWebConfig | null
  /** Firebase emulators to use instead of Google's servers (tests and development only). */
  emulators: EmulatorHosts | null
}

export class SettingsError extends Error {}

/**
 * MAGPIE_PROFILE_DIR as early as Electron needs it — before ready and before the
 * single-instance lock, both of which live in Electron's userData — or null when unset.
 * An invalid value is null here too: loadSettings reports it once the app can show a dialog.
 */
export function profileDirFromEnv(env: NodeJS.ProcessEnv): string | null {
  const parsed = schema.shape.MAGPIE_PROFILE_DIR.safeParse(env.MAGPIE_PROFILE_DIR)
  return parsed.success ? (parsed.data ?? null) : null
}

/** defaultDir: the OS's per-user app folder (Electron's userData) or the harness's default. */
export function loadSettings(env: NodeJS.ProcessEnv, defaultDir: string): Settings {
  const parsed = schema.safeParse(env)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `- ${issue.path.join('.')}: ${issue.message}`).join('\n')
    throw new SettingsError(`Magpie cannot start: invalid settings\n${problems}`)
  }
  return {
    dataDir: parsed.data.MAGPIE_DATA_DIR ?? defaultDir,
    // Always per OS account unless told: people sharing one data folder keep their own sessions.
    profileDir: parsed.data.MAGPIE_PROFILE_DIR ?? defaultDir,
    synchronous: parsed.data.MAGPIE_SYNCHRONOUS ?? 'FULL',
    managedCommunity: parsed.data.MAGPIE_FIREBASE_CONFIG ?? null,
    emulators: parsed.data.MAGPIE_FIREBASE_EMULATORS ?? null
  }
}
