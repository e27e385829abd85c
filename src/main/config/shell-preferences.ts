import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { ShellPreferences } from '@shared/types'
import { writeFileAtomic } from './settings-file'

/** What this copy keeps itself: start at login is the OS's to keep (login-item.ts), never saved here. */
export type SavedShellPreferences = Omit<ShellPreferences, 'openAtLogin'>

/** Automatic updates on, stable releases, until the person says otherwise. */
export const defaultShellPreferences: SavedShellPreferences = { autoUpdate: true, updateChannel: 'stable' }

export const shellPreferencesFile = (profileDir: string) => join(profileDir, 'preferences.json')

/** This copy's preferences; a missing or damaged file is the defaults, never a failed start. */
export function readShellPreferences(profileDir: string): SavedShellPreferences {
  const file = shellPreferencesFile(profileDir)
  try {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as Partial<Record<keyof ShellPreferences, unknown>>
    return {
      autoUpdate: typeof saved.autoUpdate === 'boolean' ? saved.autoUpdate : defaultShellPreferences.autoUpdate,
      updateChannel: saved.updateChannel === 'beta' || saved.updateChannel === 'stable' ? saved.updateChannel : defaultShellPreferences.updateChannel
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') console.warn(`[settings] ignoring ${file}`, error)
    return { ...defaultShellPreferences }
  }
}

export function saveShellPreferences(profileDir: string, preferences: SavedShellPreferences): Promise<void> {
  return writeFileAtomic(shellPreferencesFile(profileDir), JSON.stringify(preferences, null, 2) + '\n')
}
