import { messages, type MessageKey } from '@shared/messages'
import type { AppErrorShape, ErrorCode } from '@shared/ipc/contract'

/** A refusal main explains to the user: a message key of the catalog, its Korean text, and maybe a field. */
export class AppError extends Error {
  readonly code: ErrorCode
  readonly field: string | undefined

  constructor(code: MessageKey, field?: string)
  /** A code whose sentence is formatted (storeDamaged names the file), with that sentence. */
  constructor(code: ErrorCode, field: string | undefined, message: string)
  constructor(code: ErrorCode, field?: string, message?: string) {
    super(message ?? messages[code as MessageKey])
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
