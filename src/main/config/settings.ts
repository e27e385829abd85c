import { isAbsolute, resolve } from 'node:path'
import { z } from 'zod'

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

const schema = z.object({
  MAGPIE_DATA_DIR: absolutePath('MAGPIE_DATA_DIR').optional(),
  MAGPIE_PROFILE_DIR: absolutePath('MAGPIE_PROFILE_DIR').optional(),
  MAGPIE_SYNCHRONOUS: z.enum(['FULL', 'NORMAL'], { error: 'MAGPIE_SYNCHRONOUS must be FULL or NORMAL' }).optional()
})

export interface Settings {
  dataDir: string
  profileDir: string
  synchronous: 'FULL' | 'NORMAL'
}

export class SettingsError extends Error {}

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
    synchronous: parsed.data.MAGPIE_SYNCHRONOUS ?? 'FULL'
  }
}
