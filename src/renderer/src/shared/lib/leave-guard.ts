/**
 * A screen that must be asked before it is left (the post editor with unsaved writing) stands
 * here, so a way out it cannot see itself — a tray or Jump List task (`app:navigate`) — asks it
 * first. One screen at a time holds it.
 */
type LeaveGuard = (go: () => void) => void

let current: LeaveGuard | null = null

/** Holds the guard until the returned function lets it go. */
export function holdLeaveGuard(guard: LeaveGuard): () => void {
  current = guard
  return () => {
    if (current === guard) current = null
  }
}

/** Runs `go` now, or once the screen that holds the guard has agreed to be left. */
export function leaveThen(go: () => void): void {
  if (current) current(go)
  else go()
}
