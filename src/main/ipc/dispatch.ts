import { isChannel, type Channel } from '@shared/ipc/channels'
import type { Result } from '@shared/ipc/contract'
import { limits } from '@shared/limits'
import { wellFormed } from '@shared/well-formed'
import { AppError } from '../errors'
import { callFault } from '../core/faults'
import type { Handlers } from './handlers'
import { ruleRefusal, schemas } from './schemas'

/** Channels after which the session (and so the badge) may belong to someone else. */
const sessionChannels: ReadonlySet<Channel> = new Set(['auth:signUp', 'auth:login', 'auth:logout', 'auth:completeProfile', 'account:delete'])

export interface DispatchHooks {
  currentUserId(): string | null
  /** Runs after every call that may have written: publishes what changed. */
  afterCall(channel: Channel): void
}

function refusal(error: AppError): Result<never> {
  return { ok: false, error: error.toShape() }
}

/**
 * The bytes limit is a user-facing rule with its own message, so it is checked before the
 * shape; a profile photo's refusal names its field so the form shows it by the picker.
 */
function oversizedImage(input: unknown): AppError | null {
  if (typeof input !== 'object' || input === null) return null
  const { bytes, profileImage } = input as { bytes?: unknown; profileImage?: unknown }
  const tooLarge = (b: unknown) => b instanceof Uint8Array && b.byteLength > limits.imageMaxBytes
  if (tooLarge(bytes)) return new AppError('imageTooLarge')
  if (tooLarge(profileImage)) return new AppError('imageTooLarge', 'profileImage')
  return null
}

/**
 * The single entry for every IPC call, from Electron or the harness: checks the channel
 * and the payload's shape, runs the handler as the current user, and turns any failure
 * into { code, message } — a Korean message, never a stack trace.
 */
export function createDispatcher(handlers: Handlers, hooks: DispatchHooks) {
  return async function dispatch(channel: unknown, input: unknown): Promise<Result<unknown>> {
    if (!isChannel(channel)) return refusal(new AppError('invalidRequest'))
    const oversized = oversizedImage(input)
    if (oversized) return refusal(oversized)
    // Lone surrogates become U+FFFD here, once for every channel and both backends (no text field stores invalid UTF-8).
    const parsed = schemas[channel].safeParse(wellFormed(input))
    if (!parsed.success) return refusal(ruleRefusal(parsed.error) ?? new AppError('invalidRequest'))
    try {
      const handler = handlers[channel] as (input: unknown, call: { userId: string | null }) => unknown
      const data = await handler(parsed.data, { userId: hooks.currentUserId() })
      return { ok: true, data }
    } catch (error) {
      if (error instanceof AppError) return refusal(error)
      const fault = callFault(error)
      if (fault) {
        console.error(`[ipc] ${channel} failed`, error)
        return refusal(fault)
      }
      console.error(`[ipc] ${channel} failed`, error)
      return refusal(new AppError('serverError'))
    } finally {
      try {
        hooks.afterCall(channel)
      } catch (error) {
        // Publishing changes must never turn an answered call into a crash (e.g. while closing).
        console.error('[ipc] after call', error)
      }
    }
  }
}

export type Dispatch = ReturnType<typeof createDispatcher>
export { sessionChannels }
