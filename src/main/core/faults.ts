import { format } from '@shared/messages'
import { AppError } from '../errors'
import { isBusy, isCorrupt, isDiskFull, StoreFault } from '../store/faults'

/**
 * The one place a store fault becomes words: the Korean sentence of docs/specification.md
 * §8.2, start-up failures (a dialog in the app, one line on the harness's console), always with
 * the path and what to do. The full error goes to the log, never to the screen.
 */
export function faultMessage(fault: StoreFault): string {
  switch (fault.code) {
    case 'storeNotDatabase':
      return format.storeNotDatabase(fault.path)
    case 'storeNewer':
      return format.storeNewer(fault.path)
    case 'storeDamaged':
      return format.storeDamaged(fault.path, fault.backup)
    case 'dataDirUnusable':
    case 'diskFull':
      return format.dataDirUnusable(fault.path)
  }
}

/** What start-up shows for any failure: a fault's sentence, else the error's own message. */
export function startupMessage(error: unknown): string {
  if (error instanceof StoreFault) return faultMessage(error)
  return error instanceof Error ? error.message : String(error)
}

/**
 * A call's failure that is about the store, as the refusal the user sees: diskFull (free
 * space, then the same action works again), storeDamaged (retrying will not help, so
 * never "잠시 후 다시 시도해 주세요"), or tooManyRequests when another app copy held the write
 * lock longer than a write waits (docs/decisions/013-lock-waits.md). Null for anything else.
 */
export function callFault(error: unknown): AppError | null {
  if (error instanceof StoreFault && error.code === 'storeDamaged') return damaged(faultMessage(error))
  if (error instanceof StoreFault && error.code === 'diskFull') return new AppError('diskFull')
  if (isDiskFull(error)) return new AppError('diskFull')
  if (isCorrupt(error)) return damaged(format.storeDamaged('magpie.db', null))
  if (isBusy(error)) return new AppError('tooManyRequests')
  return null
}

// The catalog keeps storeDamaged with its path as a format, not a key: the refusal carries its
// own code with the formatted sentence.
function damaged(text: string): AppError {
  return new AppError('storeDamaged', undefined, text)
}
