import { readFileSync } from 'node:fs'
import { mkdir, open, rename, rm } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { randomBytes } from 'node:crypto'
import { checkFirebaseConfig, configFields, normalizeFirebaseConfig } from '@shared/firebase-config'
import type { FirebaseWebConfig } from '@shared/types'
import type { Settings } from './settings'

/**
 * The community a person connected to in the settings dialog, kept in this copy's profile
 * folder as `community.json` (the web config as plain JSON, the same shape
 * MAGPIE_FIREBASE_CONFIG takes). Written atomically; read tolerantly: a file that is
 * missing, damaged or edited into nonsense means local mode, never a failed start.
 */
export const communityFileName = 'community.json'

export function communityFile(profileDir: string): string {
  return join(profileDir, communityFileName)
}

/** The saved community, or null (local mode). */
export function readSavedCommunity(profileDir: string): FirebaseWebConfig | null {
  const file = communityFile(profileDir)
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') console.warn(`[settings] cannot read ${file}; starting in local mode`, error)
    return null
  }
  try {
    const parsed = JSON.parse(text) as Record<string, unknown>
    if (typeof parsed !== 'object' || parsed === null || !configFields.every((field) => typeof parsed[field] === 'string')) {
      throw new Error('not a Firebase web config')
    }
    const config = normalizeFirebaseConfig(parsed as unknown as FirebaseWebConfig)
    const problems = Object.keys(checkFirebaseConfig(config))
    if (problems.length > 0) throw new Error(`invalid ${problems.join(', ')}`)
    return config
  } catch (error) {
    console.warn(`[settings] ignoring ${file} (${(error as Error).message}); starting in local mode`)
    return null
  }
}

/** Temp file, fsync, rename: a crash leaves the old file or the new one, never half of one. */
export async function writeFileAtomic(file: string, text: string): Promise<void> {
  await mkdir(dirname(file), { recursive: true })
  const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`
  try {
    const handle = await open(temp, 'w', 0o600)
    try {
      await handle.writeFile(text)
      await handle.sync()
    } finally {
      await handle.close()
    }
    await rename(temp, file)
  } catch (error) {
    await rm(temp, { force: true })
    throw error
  }
}

export async function saveCommunity(profileDir: string, config: FirebaseWebConfig): Promise<void> {
  await writeFileAtomic(communityFile(profileDir), JSON.stringify(normalizeFirebaseConfig(config), null, 2) + '\n')
}

export async function removeSavedCommunity(profileDir: string): Promise<void> {
  await rm(communityFile(profileDir), { force: true })
}

/** What to start with: the installation's community (locked), else the saved one, else local. */
export function startingCommunity(settings: Pick<Settings, 'profileDir' | 'managedCommunity'>): {
  community: FirebaseWebConfig | null
  managed: boolean
} {
  if (settings.managedCommunity) return { community: settings.managedCommunity, managed: true }
  return { community: readSavedCommunity(settings.profileDir), managed: false }
}
