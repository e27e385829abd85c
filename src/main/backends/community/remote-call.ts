import type { MessageKey } from '@shared/messages'
import { AppError } from '../../errors'
import { FirebasePortError, type FirebaseFailure } from '../../firebase/ports'

/** What the caller was doing: the same failure reads differently for a login and a save. */
export type Operation = 'read' | 'write' | 'login' | 'signup'

const messageOf = (reason: FirebaseFailure, operation: Operation): { code: MessageKey; field?: string } => {
  switch (reason) {
    case 'offline':
      return { code: operation === 'write' ? 'offlineWrite' : 'networkError' }
    case 'permission-denied':
      return { code: 'permissionDenied' }
    case 'invalid-credentials':
      return { code: 'loginFailed' }
    case 'email-taken':
      return { code: 'emailTaken', field: 'email' }
    case 'invalid-email':
      return operation === 'login' ? { code: 'loginFailed' } : { code: 'emailInvalid', field: 'email' }
    case 'weak-password':
      return { code: 'passwordShort', field: 'password' }
    case 'too-many-requests':
      return { code: 'tooManyRequests' }
    case 'requires-recent-login':
      return { code: 'accountDeletionNeedsPassword', field: 'password' }
    case 'not-found':
      return { code: 'notFound' }
    case 'invalid-config':
      return { code: 'connectRefused' }
    case 'unknown':
      return { code: 'serverError' }
  }
}

/**
 * A Firebase failure as the Korean message the user sees (src/shared/messages.ts). The
 * port error's own text (SDK codes) goes to main's log only; anything that is not a port
 * error passes through unchanged for the dispatcher to log and answer serverError.
 */
export function appErrorOf(error: unknown, operation: Operation): unknown {
  if (!(error instanceof FirebasePortError)) return error
  if (error.reason === 'unknown') console.warn(`[community] ${operation} failed`, error.message)
  const { code, field } = messageOf(error.reason, operation)
  return new AppError(code, field)
}

/** Runs one Firebase call, turning its failure into the user's message. */
export async function remote<T>(operation: Operation, work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    throw appErrorOf(error, operation)
  }
}

/** For follow-up writes that must not undo a saved change (old files, alerts): logged, never thrown. */
export async function bestEffort(what: string, work: () => Promise<unknown>): Promise<void> {
  try {
    await work()
  } catch (error) {
    console.warn(`[community] ${what}:`, error instanceof Error ? error.message : error)
  }
}

/**
 * A write main already checked that the rules still refuse: the post's author blocked the writer
 * (docs/decisions/025-block-and-mute.md). Answered as the same message local mode gives, which
 * does not say why.
 */
export const refusedAs =
  (code: MessageKey) =>
  (error: unknown): never => {
    if (error instanceof AppError && error.code === 'permissionDenied') throw new AppError(code)
    throw error
  }

export const rethrow = (error: unknown): never => {
  throw error
}
