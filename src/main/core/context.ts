import type { Store } from '../store'
import type { ScryptParams } from './password'

/** What every service is built from. Tests pass their own clock, ids and hash cost. */
export interface ServiceContext {
  store: Store
  imagesDir: string
  /** The address the renderer loads a stored image file from (media protocol or harness HTTP). */
  mediaUrl: (file: string) => string
  now: () => number
  newId: () => string
  scrypt: ScryptParams
}
