import type { MagpieApi } from '../shared/ipc/contract'

declare global {
  interface Window {
    magpie: MagpieApi
  }
}
export {}
