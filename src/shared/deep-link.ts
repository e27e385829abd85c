/**
 * Magpie's links, `magpie://detail/{postId}`: built by the renderer's "링크 복사", opened by
 * main when the OS hands one over (open-url, a second launch's argv, a toast's launch
 * argument). Only this one shape is understood; anything else yields null and is ignored.
 */
export const deepLinkScheme = 'magpie'

/**
 * The IPC contract's id rule (1–100 characters), as one route segment: no / ? # % \ or white
 * space, and nothing of Unicode's "other" categories (\p{C}): C0 and C1 controls (U+0085 too),
 * format characters (bidi overrides such as U+202E, zero-width spaces and joiners, U+FEFF), lone
 * surrogates, private use and unassigned code points; not . or ..
 */
const postIdPattern = /^[^/?#%\\\s\p{C}]{1,100}$/u

export function isPostId(value: string): boolean {
  return postIdPattern.test(value) && value !== '.' && value !== '..'
}

export function postLink(postId: string): string {
  return `${deepLinkScheme}://detail/${encodeURIComponent(postId)}`
}

/**
 * The link's exact shape, read from the text itself rather than a parsed URL, which would
 * resolve magpie://detail/../x into another id. A trailing slash is what some launchers add.
 * A comment notification's link also says where in the post it opens: `?comments` (the
 * section) or `?comment={id}` (that comment; docs/decisions/022-alert-rows.md).
 */
const linkPattern = new RegExp(`^${deepLinkScheme}://detail/([^/?#\\\\@:]+)/?(?:\\?(comments|comment=([^/?#&\\\\@:]+)))?$`, 'i')

const decoded = (segment: string): string | null => {
  try {
    const value = decodeURIComponent(segment)
    return isPostId(value) ? value : null
  } catch {
    return null
  }
}

/** Where in a post: its top (''), its comments, or one comment — as the renderer's routes say it. */
const where = (comments: string | undefined, commentId: string | null): string =>
  commentId !== null ? `?${new URLSearchParams({ comment: commentId }).toString()}` : comments ? '?comments' : ''

/** The app route a link opens (`/detail/{id}`, maybe at its comments), or null for anything that is not a post link. */
export function routeFromLink(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length > 400) return null
  const match = linkPattern.exec(raw)
  const id = match?.[1] ? decoded(match[1]) : null
  if (!match || id === null) return null
  const commentId = match[3] === undefined ? null : decoded(match[3])
  if (match[3] !== undefined && commentId === null) return null
  return `/detail/${id}${where(match[2], commentId)}`
}

/** The link for a notification's route, so a toast can carry it; null for routes that are not a post. */
export function linkFromRoute(route: string): string | null {
  const match = /^\/detail\/([^?]+)(?:\?(comments|comment=(.+)))?$/.exec(route)
  if (!match || !isPostId(match[1]!)) return null
  const commentId = match[3] === undefined ? null : decoded(match[3])
  if (match[3] !== undefined && commentId === null) return null
  const at = commentId !== null ? `?comment=${encodeURIComponent(commentId)}` : match[2] ? '?comments' : ''
  return `${postLink(match[1]!)}${at}`
}
