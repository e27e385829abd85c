/**
 * A screen that must be asked before it is left (the post editor with unsaved writing) stands
 * here, so a way out it cannot see itself — a tray or Jump List task (`app:navigate`), quitting
 * (`app:quitRequested`), an update's restart — asks it first. One screen at a time holds it.
 */
/** Runs `go` now and answers false, or asks the person (true) and runs `go` only if they leave. */
type LeaveGuard = (go: () => void) => boolean

let current: LeaveGuard | null = null
/** What keeps the screen's writing when nothing can be asked (the OS ending the session). */
let keeper: (() => void) | null = null

/** Holds the guard until the returned function lets it go. */
export function holdLeaveGuard(guard: LeaveGuard): () => void {
  current = guard
  return () => {
    if (current === guard) current = null
  }
}

/** Runs `go` now, or once the screen that holds the guard has agreed to be left. Answers whether it asked. */
export function leaveThen(go: () => void): boolean {
  if (current) return current(go)
  go()
  return false
}

/** Holds what keeps the screen's writing unasked, until the returned function lets it go. */
export function holdKeeper(keep: () => void): () => void {
  keeper = keep
  return () => {
    if (keeper === keep) keeper = null
  }
}

/** Keeps the screen's unsaved writing without asking (decision 039: the OS's session end). */
export function keepUnasked(): void {
  keeper?.()
}
