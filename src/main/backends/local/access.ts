import { AppError } from '../../errors'
import type { Services } from '../../core/services'

/**
 * Local mode has no access switch (docs/decisions/045-members-only.md): one computer's store has
 * no visitors to keep out, so everyone signed in reads it, nobody asks to join and no request waits.
 */
export function createLocalAccess(): Services['access'] {
  const refuse = (): Promise<never> => Promise.reject(new AppError('joinLocalOnly'))
  return {
    request: refuse,
    withdraw: refuse,
    mine: () => null,
    requests: refuse,
    approve: refuse,
    reject: refuse,
    pendingCount: () => ({ count: 0 })
  }
}
