import { messages, type MessageKey } from '@shared/messages'
import type { AppErrorShape } from '@shared/ipc/contract'

/** A refusal main explains to the user: a message key of the catalog, its Korean text, and maybe a field. */
export class AppError extends Error {
  readonly code: MessageKey
  readonly field: string | undefined

  constructor(code: MessageKey, field?: string) {
    super(messages[code])
    this.name = 'AppError'
    this.code = code
    this.field = field
  }

  toShape(): AppErrorShape {
    return this.field ? { code: this.code, message: this.message, field: this.field } : { code: this.code, message: this.message }
  }
}

/** Throws the rule's message when a shared validation rule fails. */
export function enforce(problem: MessageKey | null, field?: string): void {
  if (problem) throw new AppError(problem, field)
}
