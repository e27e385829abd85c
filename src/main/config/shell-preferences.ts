import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { ShellPreferences } from '@shared/types'
import { writeFileAtomic } from './settings-file'

/** Automatic updates on, start at login off, until the person says otherwise. */
export const defaultShellPreferences: ShellPreferences = { autoUpdate: true, openAtLogin: false }

export const shellPreferencesFile = (profileDir: string) => join(profileDir, 'preferences.json')

/** This copy's preferences; a missing or damaged file is the defaults, never a failed start. */
export function readShellPreferences(profileDir: string): ShellPreferences {
  const file = shellPreferencesFile(profileDir)
  try {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as Partial<Record<keyof ShellPreferences, unknown>>
    return {
      autoUpdate: typeof saved.autoUpdate === 'boolean' ? saved.autoUpdate : defaultShellPreferences.autoUpdate,
      openAtLogin: typeof saved.openAtLogin === 'boolean' ? saved.openAtLogin : defaultShellPreferences.openAtLogin
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') console.warn(`[settings] ignoring ${file}`, error)
    return { ...defaultShellPreferences }
  }
}

export function saveShellPreferences(profileDir: string, preferences: ShellPreferences): Promise<void> {
  return writeFileAtomic(shellPreferencesFile(profileDir), JSON.stringify(preferences, null, 2) + '\n')
}
