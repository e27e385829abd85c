import type { PhotoRules } from '@shared/types'
import type { FirebasePorts } from '../../firebase/ports'

/** How long a read of settings/community is trusted: the editor opening or a save after that reads it again. */
export const settingsLifetimeMs = 10 * 60_000

const none: PhotoRules = { requireAltText: false }

/**
 * settings/community (decision 031), read when it is needed — the editor opening, a post saved —
 * and kept for settingsLifetimeMs: one document read per ten minutes at most, never on a timer
 * (docs/firebase.md, "Reads"). A failed read keeps what was known (else nothing is required):
 * the rules still refuse a write the operator's setting forbids, and `forget` makes the next
 * call read again.
 */
export function createCommunitySettings(ports: Pick<FirebasePorts, 'docs'>, now: () => number) {
  let known: { at: number; rules: PhotoRules } | null = null
  let reading: Promise<PhotoRules> | null = null

  async function read(): Promise<PhotoRules> {
    try {
      const doc = await ports.docs.communitySettings()
      known = { at: now(), rules: { requireAltText: doc?.requireAltText === true } }
      return known.rules
    } catch (error) {
      console.warn('[community] settings:', error instanceof Error ? error.message : error)
      return known?.rules ?? none
    } finally {
      reading = null
    }
  }

  return {
    /** The rules a post's photos follow here; a visitor (who cannot post, nor read the settings) gets none. */
    photoRules(userId: string | null): Promise<PhotoRules> {
      if (!userId) return Promise.resolve(none)
      if (known && now() - known.at < settingsLifetimeMs) return Promise.resolve(known.rules)
      reading ??= read()
      return reading
    },
    /** A write the rules refused: the setting may have changed since it was read. */
    forget(): void {
      known = null
    }
  }
}

export type CommunitySettings = ReturnType<typeof createCommunitySettings>
