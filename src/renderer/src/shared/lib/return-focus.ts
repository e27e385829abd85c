/**
 * The post the reader left with 목록으로. The screen they return to gives it the focus: the feed's
 * card for it claims it as it is drawn (PostCard); where no card claims it (the alert list, a
 * card scrolled out of the window), the page's heading takes it (FocusReturn), so the focus never
 * falls to <body>.
 */
let pending: string | null = null

export function returnFocusTo(postId: string): void {
  pending = postId
}

/** True once, for the card of the post being returned to. */
export function claimReturnFocus(postId: string): boolean {
  if (pending !== postId) return false
  pending = null
  return true
}

/** What is left unclaimed once the screen is drawn, given up. */
export function unclaimedReturnFocus(): boolean {
  const left = pending !== null
  pending = null
  return left
}
