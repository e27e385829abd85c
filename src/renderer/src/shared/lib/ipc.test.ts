import { describe, expect, it } from 'vitest'
import { messages } from '@shared/messages'
import shimSource from '../../../../harness/electron-shim.ts?raw'
import { errorMessage, MagpieError } from './ipc'
import ipcSource from './ipc.ts?raw'

describe('errorMessage', () => {
  it('shows main’s own message for a refusal', () => {
    expect(errorMessage(new MagpieError({ code: 'notFound', message: messages.notFound }))).toBe(messages.notFound)
  })

  it('shows the catalog’s calm generic message for anything else', () => {
    expect(errorMessage(new TypeError('x is undefined'))).toBe(messages.serverError)
    expect(errorMessage('nonsense')).toBe(messages.serverError)
  })
})

describe('the IPC glue', () => {
  // Messages live in src/shared/messages.ts only; a copy here would drift from it.
  it.each([
    ['ipc.ts', ipcSource],
    ['the harness’s electron shim', shimSource]
  ])('%s writes no message of its own', (_name, source) => {
    expect(source).toContain('messages.')
    expect(source).not.toMatch(/[\uAC00-\uD7A3]/)
  })
})
