import type { Channel } from '@shared/ipc/channels'
import type { AppErrorShape, ErrorCode, Input, Output } from '@shared/ipc/contract'
import { messages } from '@shared/messages'

/** A refusal from main, carrying the Korean message to show. */
export class MagpieError extends Error {
  readonly code: ErrorCode
  readonly field: string | undefined

  constructor(shape: AppErrorShape) {
    super(shape.message)
    this.name = 'MagpieError'
    this.code = shape.code
    this.field = shape.field
  }
}

/** Calls a channel through the preload's API and unwraps its result, throwing MagpieError on refusal. */
export async function call<C extends Channel>(channel: C, ...args: Input<C> extends void ? [] : [Input<C>]): Promise<Output<C>> {
  const [namespace, method] = channel.split(':') as [string, string]
  const api = window.magpie as unknown as Record<string, Record<string, (input?: unknown) => Promise<unknown>>>
  const result = (await api[namespace]![method]!(args[0])) as
    | { ok: true; data: Output<C> }
    | { ok: false; error: AppErrorShape }
  if (!result.ok) throw new MagpieError(result.error)
  return result.data
}

/** The message to show for any failure: main's own, or a calm generic one. */
export function errorMessage(error: unknown): string {
  if (error instanceof MagpieError) return error.message
  return messages.serverError
}
