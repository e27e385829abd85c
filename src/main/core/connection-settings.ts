import { checkFirebaseConfig, configFields, normalizeFirebaseConfig } from '@shared/firebase-config'
import type { FirebaseWebConfig, SettingsView } from '@shared/types'
import type { BackendSwitch } from './backend-switch'
import { removeSavedCommunity, saveCommunity } from '../config/settings-file'
import { AppError } from '../errors'

export interface SettingsServiceOptions {
  backend: BackendSwitch
  /** Where community.json lives: this copy's own folder. */
  profileDir: string
  /** The community running at start (the installation's or the saved one); null in local mode. */
  community: FirebaseWebConfig | null
  /** Set by MAGPIE_FIREBASE_CONFIG: nobody may change the connection from the app. */
  managed: boolean
}

/**
 * The settings dialog's rules: which backend runs, and switching it. A config is checked
 * field by field, tried against its project, and only then saved and used, so a typo
 * never leaves a broken community saved for the next start. Disconnecting goes back to
 * the local store, which the community mode never touched.
 */
export function createSettingsService(options: SettingsServiceOptions) {
  const { backend, profileDir, managed } = options
  let current = options.community

  // Switches run one at a time: a second click waits for the first instead of racing it to the file.
  let queue: Promise<unknown> = Promise.resolve()
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work)
    queue = run.catch(() => {})
    return run
  }

  function get(): SettingsView {
    const status = backend.status()
    return { status, config: status.mode === 'community' ? current : null, managed }
  }

  async function probe(config: FirebaseWebConfig): Promise<void> {
    try {
      await backend.probe(config)
    } catch (error) {
      if (error instanceof AppError) throw error
      // The probe's own failures are AppErrors; anything else is the way there failing.
      console.warn('[settings] probe failed', error)
      throw new AppError('connectUnreachable')
    }
  }

  function connect(input: FirebaseWebConfig): Promise<SettingsView> {
    if (managed) return Promise.reject(new AppError('settingsManaged'))
    const config = normalizeFirebaseConfig(input)
    const problems = checkFirebaseConfig(config)
    const field = configFields.find((f) => problems[f])
    if (field) return Promise.reject(new AppError(problems[field]!, field))
    return inTurn(async () => {
      await probe(config)
      const previous = current
      await saveCommunity(profileDir, config)
      try {
        await backend.use(config)
      } catch (error) {
        // The switch did not happen: the next start must find what runs now, not the refused config.
        await (previous ? saveCommunity(profileDir, previous) : removeSavedCommunity(profileDir)).catch((restoreError: unknown) =>
          console.warn('[settings] could not restore community.json', restoreError)
        )
        throw error
      }
      current = config
      return get()
    })
  }

  function disconnect(): Promise<SettingsView> {
    if (managed) return Promise.reject(new AppError('settingsManaged'))
    return inTurn(async () => {
      if (backend.status().mode === 'community') await backend.use(null)
      current = null
      await removeSavedCommunity(profileDir)
      return get()
    })
  }

  return { get, connect, disconnect }
}

export type SettingsService = ReturnType<typeof createSettingsService>
