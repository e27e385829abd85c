import type { Channel } from '@shared/ipc/channels'

export interface StartCall {
  channel: Channel
  input: unknown
}

/**
 * The calls the renderer makes as its script starts (src/renderer/src/app/App.tsx): who is
 * signed in, and on the feed its first page. The same test of the location as App.tsx's: a
 * call the page does not make is never handed to anything else.
 */
export function startCalls(hash: string): StartCall[] {
  const calls: StartCall[] = [{ channel: 'auth:session', input: undefined }]
  if (/^#?\/?$/.test(hash)) calls.push({ channel: 'posts:feed', input: { cursor: null } })
  return calls
}

export interface PreparedCalls {
  /**
   * The prepared answer for this call, when it is the first identical one and nothing has
   * dropped it; otherwise undefined, and the caller asks main itself.
   */
  take(channel: Channel, input: unknown): Promise<unknown> | undefined
  /** Forgets every answer not yet taken. */
  drop(): void
}

type Invoke = (channel: Channel, input: unknown) => Promise<unknown>

/** Two inputs are the same call when they are the same JSON (the start calls' inputs are plain data). */
function sameInput(a: unknown, b: unknown): boolean {
  if (a === undefined || b === undefined) return a === b
  try {
    return JSON.stringify(a) === JSON.stringify(b)
  } catch {
    return false
  }
}

const succeeded = (result: unknown) => typeof result === 'object' && result !== null && (result as { ok?: unknown }).ok === true

/**
 * Sends the start calls to main now, while the page's scripts are still loading, and hands
 * each answer to the renderer's first identical call: the page's first screen no longer waits
 * a round trip behind its own scripts. Main still answers (and checks) every call; the
 * preload only asks earlier. An answer is handed over at most once, only while nothing has
 * dropped it (`subscribe` calls drop on every event main sends: a sign-in, a sign-out or a
 * change to the posts makes an earlier answer stale), and only when main's answer was a
 * success: otherwise the renderer's call goes to main as if nothing had been prepared.
 */
export function prepareCalls(calls: readonly StartCall[], invoke: Invoke, subscribe: (drop: () => void) => () => void): PreparedCalls {
  const waiting = calls.map((call) => ({ ...call, answer: invoke(call.channel, call.input) }))
  // An answer never taken must not surface as an unhandled rejection.
  for (const call of waiting) call.answer.catch(() => {})
  let unsubscribe: (() => void) | null = null

  function drop(): void {
    waiting.length = 0
    unsubscribe?.()
    unsubscribe = null
  }

  unsubscribe = subscribe(drop)

  return {
    take(channel, input) {
      const index = waiting.findIndex((call) => call.channel === channel && sameInput(call.input, input))
      if (index < 0) return undefined
      const [call] = waiting.splice(index, 1)
      if (waiting.length === 0) drop()
      return call!.answer.then(
        (result) => (succeeded(result) ? result : invoke(channel, input)),
        () => invoke(channel, input)
      )
    },
    drop
  }
}
